import { usePreloadedQuery } from 'react-relay';
import { Link, useLoaderData, useRevalidator } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { DebugQuery as DebugQueryType } from '../../../__generated__/DebugQuery.graphql.ts';
import { DebugQuery, type DebugLoaderData } from './DebugQuery.ts';
import { Json, ProbeCard } from './ProbeCard.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';

const Grid = styled.div`
  display: grid;
  gap: 16px;
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 1fr 1fr;
    > :first-child { grid-column: 1 / -1; }
  }
`;

const Links = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 20px;
  padding: 0;
  margin: 0;
  list-style: none;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const Who = styled.p`
  margin-bottom: 12px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.md};
  strong { color: ${({ theme }) => theme.colors.up}; }
`;

const PAGES = ['/auth/login', '/auth/register', '/auth/verify-email', '/admin-login', '/compliance-dashboard', '/landing'];

// Other: a debug page with links to login and register
export function Debug() {
  usePageTitle('Debug');
  const { query } = useLoaderData() as DebugLoaderData;
  const data = usePreloadedQuery<DebugQueryType>(DebugQuery, query);
  const revalidator = useRevalidator();
  const viewer = data.viewer;

  return (
    <>
      <PageTitle
        eyebrow="Diagnostics"
        subtitle="What this browser's session and the server report right now"
        actions={
          <Button size="sm" onClick={() => void revalidator.revalidate()} busy={revalidator.state === 'loading'}>
            Reload data
          </Button>
        }
      >
        DEBUG
      </PageTitle>

      <Grid>
        <Panel title="Pages">
          <Links>
            {PAGES.map((p) => (
              <li key={p}>
                <Link to={p}>{p}</Link>
              </li>
            ))}
          </Links>
        </Panel>

        <Panel title="Session">
          <Who data-testid="debug-viewer">
            {viewer ? (
              <>
                Logged in as <strong>{viewer.name}</strong> (@{viewer.username}){viewer.isAdmin ? ' · admin' : ''}
              </>
            ) : (
              <>
                Viewer: <strong>anonymous</strong>
              </>
            )}
          </Who>
          <Json>{JSON.stringify(viewer, null, 2)}</Json>
        </Panel>

        <Panel title="marketStats">
          <Json data-testid="debug-market-stats">{JSON.stringify(data.marketStats, null, 2)}</Json>
        </Panel>

        <ProbeCard path="/healthz" />
        <ProbeCard path="/readyz" />
      </Grid>
    </>
  );
}
