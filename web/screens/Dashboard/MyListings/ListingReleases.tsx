import { Suspense, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import type { ListingReleasesQuery } from '../../../__generated__/ListingReleasesQuery.graphql.ts';
import { formatCount } from '../../../format/format.ts';
import { ReleaseRow, ReleaseRows } from '../../shared/releases/ReleaseRow.tsx';
import { monoCaps } from '../../shared/figureText.ts';
import { PublishReleaseDialog } from './PublishReleaseDialog.tsx';

const Section = styled.section`
  padding: 8px 14px 10px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  flex-wrap: wrap;

  h4 { ${monoCaps()} }
`;

/** Releases listed on the card; the contract page shows more. */
const SHOWN = 3;

export type ListingReleasesProps = {
  /** the listing's global id */
  id: string;
};

/**
 * A file listing's releases on the provider's card, newest first, and "Publish release" once the
 * listing is approved (before that its file becomes release 1 at approval). Nothing for a link
 * listing. Read by its own query: inside the listings' page query it would pass the server's depth
 * limit (fragments count as levels); a publication reads it again.
 */
export function ListingReleases({ id }: ListingReleasesProps) {
  return (
    <Suspense fallback={<Section><Skeleton lines={1} /></Section>}>
      <Releases id={id} />
    </Suspense>
  );
}

function Releases({ id }: ListingReleasesProps) {
  const [fetchKey, setFetchKey] = useState(0);
  const { node: c } = useLazyLoadQuery<ListingReleasesQuery>(
    graphql`
      query ListingReleasesQuery($id: ID!) {
        node(id: $id) {
          ... on Contract {
            contractId
            title
            status
            dataAccessType
            releases(first: 3) {
              totalCount
              edges {
                node {
                  id
                  sequence
                  ...ReleaseRow_release
                }
              }
            }
          }
        }
      }
    `,
    { id },
    { fetchKey, fetchPolicy: fetchKey ? 'network-only' : 'store-and-network' },
  );
  const [open, setOpen] = useState(false);
  if (!c?.contractId || !c.title || !c.releases || c.dataAccessType === 'external_link') return null;
  const mayPublish = c.status !== 'pending_review' && c.status !== 'rejected';
  const latest = c.releases.edges[0]?.node.sequence ?? 0;
  return (
    <Section aria-label={`Releases of ${c.title}`} data-testid="listing-releases">
      <Head>
        <h4>Releases ({formatCount(c.releases.totalCount)})</h4>
        {mayPublish && (
          <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
            Publish release
          </Button>
        )}
      </Head>
      {c.releases.totalCount > 0 && (
        <ReleaseRows>
          {c.releases.edges.slice(0, SHOWN).map((e) => (
            <ReleaseRow key={e.node.id} release={e.node} />
          ))}
        </ReleaseRows>
      )}
      {mayPublish && open && <PublishReleaseDialog open={open} onClose={() => setOpen(false)} onPublished={() => setFetchKey((k) => k + 1)} contractId={c.contractId} title={c.title} suggestedVersion={String(latest + 1)} />}
    </Section>
  );
}
