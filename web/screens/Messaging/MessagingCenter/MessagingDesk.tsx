import { Suspense } from 'react';
import type { PreloadedQuery } from 'react-relay';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorBoundary } from '../../../relay/ErrorBoundary.tsx';
import { LoadError } from '../../../relay/RouteBoundary.tsx';
import type { ConversationList_viewer$key } from '../../../__generated__/ConversationList_viewer.graphql.ts';
import type { MessageThreadQuery as MessageThreadQueryType } from '../../../__generated__/MessageThreadQuery.graphql.ts';
import { ConversationList } from './ConversationList.tsx';
import { useConversationReadSubscription } from './ConversationReadSubscription.ts';
import { useMessageReceivedSubscription } from './MessageReceivedSubscription.ts';
import { messagingParams } from './messagingRules.ts';
import { ThreadPane } from './ThreadPane.tsx';
import { ThreadSkeleton } from './ThreadSkeleton.tsx';
import { useContactProvider } from './useContactProvider.ts';
import { wideLabel } from '../../shared/figureText.ts';
import { EmptyWithLink } from '../../shared/EmptyWithLink.tsx';

// Phones show one pane at a time (the list, or the open thread with a back button); from the sm
// breakpoint both sit side by side. The desk fills the viewport below the page title, so the thread
// scrolls inside itself and the reply box stays in view, and it ends above the support launcher
// (fixed at the bottom right, 68px) so the launcher never covers the Send button.
const Desk = styled.div<{ $thread: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  height: calc(100dvh - 330px);
  min-height: 380px;
  background: ${({ theme }) => theme.colors.panel};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;

  & > :first-child { display: ${({ $thread }) => ($thread ? 'none' : 'flex')}; }
  & > :last-child { display: ${({ $thread }) => ($thread ? 'flex' : 'none')}; }

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: 280px minmax(0, 1fr);
    height: calc(100dvh - 350px);
    min-height: 420px;
    & > :first-child,
    & > :last-child { display: flex; }
  }

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 340px minmax(0, 1fr);
    height: calc(100dvh - 356px);
    min-height: 440px;
  }
`;

const ListPane = styled.section`
  flex-direction: column;
  min-height: 0;
  min-width: 0;

  ${({ theme }) => theme.media.sm} {
    border-right: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const ListHead = styled.h2`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 56px;
  padding: 0 14px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.panelAlt};
  ${wideLabel('xs', 'textMuted')}

  &::before {
    content: '';
    width: 6px;
    height: 6px;
    background: ${({ theme }) => theme.colors.up};
    border-radius: 1px;
  }
`;

const ListBody = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
`;

const ThreadArea = styled.section`
  flex-direction: column;
  min-height: 0;
  min-width: 0;

  & > * { flex: 1; min-height: 0; }
`;

const Centered = styled.div`
  display: flex;
  flex-direction: column;
  justify-content: center;
  padding: 16px;
`;

export type MessagingDeskProps = {
  viewer: ConversationList_viewer$key;
  /** the viewer's record id (their conversation list's connection hangs off it) */
  viewerId: string;
  thread: PreloadedQuery<MessageThreadQueryType> | null;
};

/** The conversation list and the open thread, kept live while shown. */
export function MessagingDesk({ viewer, viewerId, thread }: MessagingDeskProps) {
  useMessageReceivedSubscription();
  useConversationReadSubscription();
  const [searchParams] = useSearchParams();
  const { conversation, contract } = messagingParams(searchParams);
  const contactFailure = useContactProvider(contract, viewerId);

  let pane;
  if (contract) {
    pane = contactFailure ? (
      <Centered role="alert">
        <EmptyWithLink
          icon="alert"
          title={contactFailure.title}
          description={contactFailure.description}
          to="/browse"
          label="Browse data"
          size="sm"
        />
      </Centered>
    ) : (
      <ThreadSkeleton label="Opening the conversation" />
    );
  } else if (thread) {
    pane = (
      <ErrorBoundary
        resetKeys={[thread]}
        fallback={({ error, retry }) => (
          <Centered>
            <LoadError title="Could not load this conversation" error={error} onRetry={retry} />
          </Centered>
        )}
      >
        <Suspense key={conversation} fallback={<ThreadSkeleton />}>
          <ThreadPane queryRef={thread} />
        </Suspense>
      </ErrorBoundary>
    );
  } else {
    pane = (
      <Centered>
        <EmptyState icon="chat" title="Select a conversation" description="Pick a conversation to read it and reply." />
      </Centered>
    );
  }

  return (
    <Desk $thread={Boolean(conversation || contract)}>
      <ListPane aria-labelledby="conversations-heading">
        <ListHead id="conversations-heading">Conversations</ListHead>
        <ListBody>
          <ConversationList viewer={viewer} selectedId={conversation} />
        </ListBody>
      </ListPane>
      <ThreadArea aria-label="Conversation">{pane}</ThreadArea>
    </Desk>
  );
}
