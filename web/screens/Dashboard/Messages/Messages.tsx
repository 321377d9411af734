import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { MessagesQuery as MessagesQueryType } from '../../../__generated__/MessagesQuery.graphql.ts';
import { formatCount } from '../../../format/format.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { TabHeader } from '../shared/TabHeader.tsx';
import { MessagesQuery, type MessagesLoaderData } from './MessagesQuery.ts';
import { RecentConversations } from './RecentConversations.tsx';
import { monoCaps } from '../../shared/figureText.ts';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Summary = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 14px;
  padding: 14px;
`;

const Figure = styled.div`
  display: flex;
  align-items: center;
  gap: 14px;
`;

const Mark = styled.span<{ $unread: boolean }>`
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $unread }) => ($unread ? theme.colors.downBorder : theme.colors.border)};
  background: ${({ theme, $unread }) => ($unread ? theme.colors.downSoft : theme.colors.panelAlt)};
  color: ${({ theme, $unread }) => ($unread ? theme.colors.down : theme.colors.textDim)};
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
  ${monoCaps({ size: 'xs', colour: 'textMuted' })}
`;

// Messages: the unread count (live: the header's subscription keeps the viewer's count current)
// and the most recently active conversations, each opening its thread on /messaging.
export function Messages() {
  usePageTitle('Dashboard · Messages');
  const { query } = useLoaderData() as MessagesLoaderData;
  const { viewer } = usePreloadedQuery<MessagesQueryType>(MessagesQuery, query);
  if (!viewer) return null;
  const unread = viewer.unreadMessageCount ?? 0;
  return (
    <Stack>
      <TabHeader title="Messages" description="Conversations with buyers and providers about contracts" />
      <Panel title="Inbox" padding="none" accent={unread > 0 ? 'red' : undefined}>
        <Summary>
          <Figure data-testid="unread-messages">
            <Mark $unread={unread > 0} aria-hidden="true">
              <Icon name="mail" size={20} />
            </Mark>
            <div>
              <Count>{formatCount(unread)}</Count>
              <Label>{unread === 1 ? 'Unread message' : 'Unread messages'}</Label>
            </div>
          </Figure>
          <ButtonLink to="/messaging" variant={unread > 0 ? 'primary' : 'secondary'} icon={<Icon name="send" size={14} />}>
            Open messages
          </ButtonLink>
        </Summary>
        <RecentConversations viewer={viewer} />
      </Panel>
    </Stack>
  );
}
