import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { MarkNotificationsReadMutation as MarkType } from '../../../__generated__/MarkNotificationsReadMutation.graphql.ts';

// Marks the viewer's notifications read, some or all. The answer carries the new count (written to
// the viewer, the bell's one value) and the named rows; `all` marks every row the store holds in the
// given lists, since the server names none for it.
const mutation = graphql`
  mutation MarkNotificationsReadMutation($input: MarkNotificationsReadInput!) {
    markNotificationsRead(input: $input) {
      __typename ... on Error { message }
      ... on MutationMarkNotificationsReadSuccess { data { marked unreadNotificationCount notifications { id isRead readAt } } }
    }
  }
`;

function writeCount(store: RecordSourceSelectorProxy, count: number | undefined) {
  const viewer = store.getRoot().getLinkedRecord('viewer');
  if (viewer && count != null) viewer.setValue(count, 'unreadNotificationCount');
}

/** `markRead(ids)` or `markRead('all', connectionIds)`: the lists whose rows turn read at once. */
export function useMarkNotificationsRead() {
  const [commit, busy] = useMutation<MarkType>(mutation);
  const markRead = useCallback(
    (target: readonly string[] | 'all', connections: readonly string[] = []) =>
      commit({
        variables: { input: target === 'all' ? { all: true } : { ids: [...target] } },
        updater: (store, data) => {
          const result = data?.markNotificationsRead;
          if (result?.__typename !== 'MutationMarkNotificationsReadSuccess') return;
          writeCount(store, result.data?.unreadNotificationCount);
          if (target !== 'all') return;
          for (const id of connections) {
            for (const edge of store.get(id)?.getLinkedRecords('edges') ?? []) edge?.getLinkedRecord('node')?.setValue(true, 'isRead');
          }
        },
        onError: () => {},
      }),
    [commit],
  );
  return [markRead, busy] as const;
}
