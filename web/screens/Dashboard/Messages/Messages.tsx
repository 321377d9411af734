import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { MessagesQuery as MessagesQueryType } from '../../../__generated__/MessagesQuery.graphql.ts';
import { formatCount } from '../../../format/format.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { TabHeader } from '../shared/TabHeader.tsx';
import { MessagesQuery, type MessagesLoaderData } from './MessagesQuery.ts';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Unread = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 14px;
`;

const Figure = styled.div`
  display: flex;
  align-items: center;
  gap: 14px;
`;

const Mark = styled.span`
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.downBorder};
  background: ${({ theme }) => theme.colors.downSoft};
  color: ${({ theme }) => theme.colors.down};
`;

const Count = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.display};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  line-height: 1;
  color: ${({ theme }) => theme.colors.textStrong};
`;

const Label = styled.span`
  display: block;
  margin-top: 4px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};
`;

// Messages ('No messages yet.'): the unread count is real.
// The conversations themselves live on /messaging.
export function Messages() {
  usePageTitle('Dashboard · Messages');
  const { query } = useLoaderData() as MessagesLoaderData;
  const { viewer } = usePreloadedQuery<MessagesQueryType>(MessagesQuery, query);
  if (!viewer) return null;
  const unread = viewer.dashboardSummary?.unreadMessages ?? 0;
  return (
    <Stack>
      <TabHeader title="Messages" description="Conversations with buyers and providers about contracts" />
      <Panel title="Inbox" accent={unread > 0 ? 'red' : undefined}>
        {unread > 0 ? (
          <Unread data-testid="unread-messages">
            <Figure>
              <Mark aria-hidden="true">
                <Icon name="mail" size={20} />
              </Mark>
              <div>
                <Count>{formatCount(unread)}</Count>
                <Label>{unread === 1 ? 'Unread message' : 'Unread messages'}</Label>
              </div>
            </Figure>
            <ButtonLink to="/messaging" variant="primary" icon={<Icon name="send" size={14} />}>
              Open messages
            </ButtonLink>
          </Unread>
        ) : (
          <EmptyState
            compact
            icon="mail"
            title="No messages yet."
            description="You have no unread messages. Ask a provider about a contract and the conversation shows up here."
            action={
              <ButtonLink to="/messaging" size="sm">
                Go to messages
              </ButtonLink>
            }
          />
        )}
      </Panel>
    </Stack>
  );
}
