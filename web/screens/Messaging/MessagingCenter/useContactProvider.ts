import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConnectionHandler } from 'relay-runtime';
import { CONVERSATION_LIST_KEY } from './conversationStoreUpdates.ts';
import { openConversationFailure } from './messagingRules.ts';
import { useOpenConversationMutation } from './OpenConversationMutation.ts';

export type ContactFailure = { title: string; description: string };

/**
 * ?contract=<id> ('Contact Provider'): opens (or starts) the conversation with the contract's
 * provider and shows it as ?conversation=<id> (replacing the entry, so Back does not open it again).
 * Answers why when it cannot: an unknown contract, or the viewer's own.
 */
export function useContactProvider(contract: string | null, viewerId: string): ContactFailure | null {
  const [commit] = useOpenConversationMutation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<(ContactFailure & { contract: string }) | null>(null);
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!contract || started.current === contract) return;
    started.current = contract;
    commit({
      variables: {
        input: { contractId: contract },
        connections: [ConnectionHandler.getConnectionID(viewerId, CONVERSATION_LIST_KEY)],
      },
      onCompleted: ({ openConversation: result }) => {
        if (result.__typename === 'MutationOpenConversationSuccess' && result.data) {
          navigate(`/messaging?conversation=${encodeURIComponent(result.data.conversationId)}`, { replace: true });
        } else {
          setFailure({ contract, ...openConversationFailure({ typename: result.__typename, message: result.message }) });
        }
      },
      onError: (error) => setFailure({ contract, ...openConversationFailure({ typename: 'Error', message: error.message }) }),
    });
  }, [commit, contract, navigate, viewerId]);

  return failure && failure.contract === contract ? { title: failure.title, description: failure.description } : null;
}
