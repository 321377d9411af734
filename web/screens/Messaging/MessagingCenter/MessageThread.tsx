import { useEffect, useLayoutEffect, useRef } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Avatar } from '../../../components/Avatar.tsx';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import type { MessageThread_conversation$key } from '../../../__generated__/MessageThread_conversation.graphql.ts';
import type { MessageThreadPaginationQuery } from '../../../__generated__/MessageThreadPaginationQuery.graphql.ts';
import { useMarkConversationReadMutation } from './MarkConversationReadMutation.ts';
import { MessageBubble } from './MessageBubble.tsx';
import { MessageComposer } from './MessageComposer.tsx';
import { useDocumentVisible } from './useDocumentVisible.ts';
import { monoCaps } from '../../shared/figureText.ts';
import { oneLine } from '../../../theme/text.ts';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  height: 100%;
  min-height: 0;
`;

const Head = styled.header`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 56px;
  padding: 8px 14px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.panelAlt};
`;

const Back = styled(Link)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  flex: none;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.text};

  svg { transform: rotate(90deg); }
  &:hover { text-decoration: none; background: ${({ theme }) => theme.colors.hover}; }

  ${({ theme }) => theme.media.sm} {
    display: none;
  }
`;

const Who = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
`;

const Name = styled.h2`
  ${oneLine}
  font-size: ${({ theme }) => theme.fontSizes.base};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.textStrong};
`;

const About = styled(Link)`
  ${oneLine}
  ${monoCaps({ colour: 'blue' })}
`;

const Scroller = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: 12px 14px;
`;

const Messages = styled.ol`
  && {
    display: flex;
    flex-direction: column;
    gap: 10px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const Earlier = styled.div`
  display: flex;
  justify-content: center;
  margin-bottom: 10px;
`;

const Quiet = styled.p`
  margin: auto;
  padding: 24px 0;
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textDim};
`;

const PAGE = 30;
/** px from the bottom within which a reader is still 'at the newest message' */
const NEAR_BOTTOM = 80;

export type MessageThreadProps = { conversation: MessageThread_conversation$key };

/**
 * The open conversation: oldest to newest (earlier pages on demand), the reply box, and read
 * receipts: opening it (and each new message while it is open and the page is in front) marks it read.
 */
export function MessageThread({ conversation }: MessageThreadProps) {
  const { data, hasPrevious, isLoadingPrevious, loadPrevious } = usePaginationFragment<MessageThreadPaginationQuery, MessageThread_conversation$key>(
    graphql`
      fragment MessageThread_conversation on Conversation
      @refetchable(queryName: "MessageThreadPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 30 }, cursor: { type: "String" }) {
        id
        contractId
        contractTitle
        unreadCount
        otherUser {
          name
          profileImage
        }
        messages(last: $count, before: $cursor) @connection(key: "MessageThread_messages") {
          __id
          edges {
            node {
              id
              ...MessageBubble_message
            }
          }
        }
      }
    `,
    conversation,
  );
  const edges = data.messages.edges;
  const name = data.otherUser?.name ?? 'Former user';
  const visible = useDocumentVisible();
  const [commitRead] = useMarkConversationReadMutation();

  // Opening the thread marks it read, and so does every message that arrives while it is open and
  // in front (a background tab waits until it is shown).
  const markedOpen = useRef<string | null>(null);
  useEffect(() => {
    if (!visible) return;
    if (markedOpen.current === data.id && data.unreadCount === 0) return;
    markedOpen.current = data.id;
    commitRead({ variables: { input: { conversationId: data.id } }, onError: () => {} });
  }, [commitRead, data.id, data.unreadCount, visible]);

  // Stay at the newest message as messages arrive (unless the reader scrolled up to read earlier
  // ones); keep the reader's place when earlier messages are put above.
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const fromBottom = useRef<number | null>(null);
  const firstId = edges[0]?.node.id;
  const lastId = edges.at(-1)?.node.id;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (fromBottom.current != null) {
      el.scrollTop = el.scrollHeight - fromBottom.current;
      fromBottom.current = null;
    }
  }, [firstId]);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [lastId, data.id]);

  const onScroll = () => {
    const el = scroller.current;
    if (el) atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM;
  };

  const loadEarlier = () => {
    const el = scroller.current;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
    loadPrevious(PAGE);
  };

  return (
    <Wrap>
      <Head>
        <Back to="/messaging" aria-label="Back to conversations">
          <Icon name="chevronDown" size={16} />
        </Back>
        <Avatar src={data.otherUser?.profileImage} name={name} size={34} decorative />
        <Who>
          <Name>{name}</Name>
          {data.contractTitle && data.contractId && (
            <About to={`/contract/${encodeURIComponent(data.contractId)}`}>About {data.contractTitle}</About>
          )}
        </Who>
      </Head>
      <Scroller ref={scroller} onScroll={onScroll} tabIndex={0} role="log" aria-label={`Messages with ${name}`} data-testid="message-thread">
        {hasPrevious && (
          <Earlier>
            <Button size="sm" variant="ghost" busy={isLoadingPrevious} onClick={loadEarlier}>
              Load earlier messages
            </Button>
          </Earlier>
        )}
        {edges.length === 0 ? (
          <Quiet>No messages yet. Say hello to {name}.</Quiet>
        ) : (
          <Messages>
            {edges.map((e) => (
              <MessageBubble key={e.node.id} message={e.node} />
            ))}
          </Messages>
        )}
      </Scroller>
      <MessageComposer key={data.id} conversationId={data.id} connectionId={data.messages.__id} recipientName={name} />
    </Wrap>
  );
}
