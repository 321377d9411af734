import { graphql, useMutation, usePaginationFragment } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { ListCount } from '../../../components/ListPanel.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { PendingRevisionList_query$key } from '../../../__generated__/PendingRevisionList_query.graphql.ts';
import type { PendingRevisionListPaginationQuery } from '../../../__generated__/PendingRevisionListPaginationQuery.graphql.ts';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { addToTotalCount } from '../../../relay/connectionCount.ts';
import type { PendingRevisionListReviewMutation, PendingRevisionListReviewMutation$data } from '../../../__generated__/PendingRevisionListReviewMutation.graphql.ts';
import { formatCount, formatDate } from '../../../format/format.ts';
import { words } from '../../../format/labels.ts';
import { ReviewList } from '../shared/ReviewList.tsx';
import { ReviewActions, ReviewMeta, ReviewRow } from '../shared/ReviewRow.tsx';
import { useReviewChoice } from '../shared/useReviewChoice.ts';
import { ReviewDialog } from './ReviewDialog.tsx';

// Changes to live listings that wait for review (docs/decisions.md "Issue 26: listings that
// change"): the proposed category and delivery beside the listing's current ones; approving
// applies them, rejecting keeps the listing as approved and tells the provider why.

const PAGE = 10;
const REJECTION_REASON = 'The change does not match the data';

const Diff = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  th, td {
    padding: 4px 8px 4px 0;
    text-align: left;
    vertical-align: top;
    overflow-wrap: anywhere;
  }
  th {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xxs};
    font-weight: 700;
    letter-spacing: ${({ theme }) => theme.tracking.label};
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textDim};
  }
  .was { color: ${({ theme }) => theme.colors.textDim}; text-decoration: line-through; }
  .now { color: ${({ theme }) => theme.colors.up}; font-weight: 600; }
`;

const reviewMutation = graphql`
  mutation PendingRevisionListReviewMutation($input: ReviewListingRevisionInput!, $connections: [ID!]!) {
    reviewListingRevision(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on MutationReviewListingRevisionSuccess {
        data {
          id @deleteEdge(connections: $connections)
          status
          contract {
            id
            category
            categoryLabel
            dataAccessType
            dataAccessUrl
          }
        }
      }
    }
  }
`;

type Row = { field: string; was: string; now: string };

export type PendingRevisionListProps = { query: PendingRevisionList_query$key };

/** 'Listing Changes': pending revisions, oldest first, each with its diff, to approve or reject. */
export function PendingRevisionList({ query }: PendingRevisionListProps) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<PendingRevisionListPaginationQuery, PendingRevisionList_query$key>(
    graphql`
      fragment PendingRevisionList_query on Query
      @refetchable(queryName: "PendingRevisionListPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
        listingRevisionsForReview(first: $count, after: $cursor) @connection(key: "PendingRevisionList_listingRevisionsForReview") {
          __id
          totalCount
          edges {
            node {
              id
              categoryLabel
              dataAccessType
              dataAccessUrl
              createdAt
              contract {
                contractId
                title
                status
                categoryLabel
                dataAccessType
                dataAccessUrl
                provider {
                  name
                }
              }
            }
          }
        }
      }
    `,
    query,
  );
  const [commit] = useMutation<PendingRevisionListReviewMutation>(reviewMutation);
  const { choice, inFlight, open, send, close } = useReviewChoice<'reject'>();
  const { toast } = useToast();
  const connection = data.listingRevisionsForReview;
  const nodes = connection.edges.map((e) => e.node);

  function decide(target: { id: string; title: string }, approve: boolean, reason: string | null) {
    send('reject', target);
    commit({
      variables: { connections: [connection.__id], input: { revisionId: target.id, status: approve ? 'approved' : 'rejected', rejectionReason: reason } },
      // @deleteEdge takes the row out; the header's count follows
      updater: (store: RecordSourceSelectorProxy, response: PendingRevisionListReviewMutation$data | null | undefined) => {
        if (response?.reviewListingRevision?.data) addToTotalCount(store, connection.__id, -1);
      },
      onCompleted: ({ reviewListingRevision: r }) => {
        close();
        if (r.__typename === 'MutationReviewListingRevisionSuccess') toast({ title: approve ? 'Changes approved' : 'Changes rejected', description: approve ? `“${target.title}” now shows them.` : `The provider of “${target.title}” has been told why.` });
        else toast({ variant: 'destructive', title: 'Review failed', description: r.message ?? 'Please try again.' });
      },
      onError: (error) => {
        close();
        toast({ variant: 'destructive', title: 'Review failed', description: error.message });
      },
    });
  }

  return (
    <ReviewList
      title="Listing Changes"
      accent="amber"
      actions={<ListCount aria-live="polite">{`${formatCount(connection.totalCount)} pending`}</ListCount>}
      label="Listing changes waiting for review"
      items={nodes}
      keyOf={(n) => n.id}
      row={(n) => {
        const rows: Row[] = [
          { field: 'Category', was: n.contract.categoryLabel, now: n.categoryLabel },
          { field: 'Delivery', was: words(n.contract.dataAccessType), now: words(n.dataAccessType) },
          { field: 'Access URL', was: n.contract.dataAccessUrl ?? '—', now: n.dataAccessUrl ?? '—' },
        ].filter((r) => r.was !== r.now);
        return (
          <ReviewRow title={n.contract.title}>
            <ReviewMeta>
              <span>
                <span className="label">BY</span>
                {n.contract.provider?.name ?? 'Unknown'}
              </span>
              <span>
                <span className="label">PROPOSED</span>
                <time dateTime={n.createdAt}>{formatDate(n.createdAt)}</time>
              </span>
              <span>
                <span className="label">LISTING</span>
                {words(n.contract.status)}
              </span>
            </ReviewMeta>
            <Diff aria-label={`Proposed changes to ${n.contract.title}`} data-testid="revision-diff">
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Current</th>
                  <th scope="col">Proposed</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.field}>
                    <th scope="row">{r.field}</th>
                    <td className="was">{r.was}</td>
                    <td className="now">{r.now}</td>
                  </tr>
                ))}
              </tbody>
            </Diff>
            <ReviewActions>
              <Button size="sm" variant="primary" icon={<Icon name="check" size={12} />} disabled={inFlight} onClick={() => decide({ id: n.id, title: n.contract.title }, true, null)} aria-label={`Approve changes to ${n.contract.title}`}>
                Approve
              </Button>
              <Button size="sm" variant="danger" icon={<Icon name="x" size={12} />} disabled={inFlight} onClick={() => open('reject', n.id, n.contract.title)} aria-label={`Reject changes to ${n.contract.title}`}>
                Reject
              </Button>
            </ReviewActions>
          </ReviewRow>
        );
      }}
      empty={<EmptyState compact icon="inbox" title="No listing changes waiting" description="Category and delivery changes to live listings appear here." />}
      more={{ what: 'changes', hasNext, loading: isLoadingNext, onLoad: () => loadNext(PAGE) }}
      dialogs={
        choice && (
          <ReviewDialog
            title="Reject Listing Changes"
            intro={
              <>
                Reject the changes to <strong>{choice.title}</strong>? The listing stays as approved and the provider is told the reason.
              </>
            }
            fieldLabel="Rejection Reason"
            defaultText={REJECTION_REASON}
            hint="Sent to the provider with the decision."
            required
            confirmLabel="Reject"
            confirmVariant="danger"
            busy={choice.inFlight}
            onConfirm={(text) => decide(choice, false, text)}
            onClose={close}
          />
        )
      }
    />
  );
}
