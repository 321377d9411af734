import { graphql, usePaginationFragment } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListCount } from '../../../components/ListPanel.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { ComplianceReviewListingMutation$data } from '../../../__generated__/ComplianceReviewListingMutation.graphql.ts';
import type { PendingListingList_query$key } from '../../../__generated__/PendingListingList_query.graphql.ts';
import type { PendingListingListPaginationQuery } from '../../../__generated__/PendingListingListPaginationQuery.graphql.ts';
import { formatCount } from '../../../format/format.ts';
import { addToTotalCount } from '../../../relay/connectionCount.ts';
import { ReviewList } from '../shared/ReviewList.tsx';
import { useReviewChoice } from '../shared/useReviewChoice.ts';
import { useReviewListingMutation } from './ComplianceReviewListingMutation.ts';
import { useRefreshCounters } from './ComplianceCounters.tsx';
import { ListingDetailsDialog } from './ListingDetailsDialog.tsx';
import { PendingListingRow } from './PendingListingRow.tsx';
import { ReviewDialog, type DecisionToasts, type ReviewDialogTexts } from './ReviewDialog.tsx';

const PAGE = 10;

// fixed review texts, the defaults of what the administrator types
const APPROVAL_NOTE = 'Approved after review';
const REJECTION_REASON = 'Does not meet quality standards';

type Decision = 'approve' | 'reject';

const DIALOGS: Record<Decision, ReviewDialogTexts> = {
  approve: {
    title: 'Approve Data Listing',
    intro: (name) => <>Approve {name}? It goes live on the trading floor at once.</>,
    fieldLabel: 'Review Notes',
    defaultText: APPROVAL_NOTE,
    hint: 'Sent to the provider with the decision.',
    confirmLabel: 'Approve',
  },
  reject: {
    title: 'Reject Data Listing',
    intro: (name) => <>Reject {name}? The provider is told the reason and may edit and resubmit it.</>,
    fieldLabel: 'Rejection Reason',
    defaultText: REJECTION_REASON,
    hint: 'Sent to the provider with the decision.',
    required: true,
    confirmLabel: 'Reject',
    confirmVariant: 'danger',
  },
};

const TOASTS: Record<Decision, DecisionToasts> = {
  approve: {
    done: (title) => ({ title: 'Data Listing Approved', description: `“${title}” is now live on the trading floor.` }),
    failed: { title: 'Approval Failed', description: 'Failed to approve the data listing. Please try again.' },
  },
  reject: {
    done: (title) => ({ title: 'Data Listing Rejected', description: `The provider of “${title}” has been told why.` }),
    failed: { title: 'Rejection Failed', description: 'Failed to reject the data listing. Please try again.' },
  },
};

export type PendingListingListProps = { query: PendingListingList_query$key };

/** 'Pending Data Listings': listings waiting for review, oldest first, to approve or reject. */
export function PendingListingList({ query }: PendingListingListProps) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<PendingListingListPaginationQuery, PendingListingList_query$key>(
    graphql`
      fragment PendingListingList_query on Query
      @refetchable(queryName: "PendingListingListPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
        listingsForReview(first: $count, after: $cursor, status: pending_review) @connection(key: "PendingListingList_listingsForReview") {
          __id
          totalCount
          edges {
            node {
              id
              title
              ...PendingListingRow_contract
              ...ListingDetailsDialog_contract
            }
          }
        }
      }
    `,
    query,
  );
  const { choice, inFlight, open, switchTo, send, close } = useReviewChoice<'details' | Decision>();
  const [commitReview] = useReviewListingMutation();
  const refreshCounters = useRefreshCounters();
  const { toast } = useToast();

  const connection = data.listingsForReview;
  const nodes = connection.edges.map((e) => e.node);

  function decide(decision: Decision, target: { id: string; title: string }, text: string) {
    send(decision, target);
    const approve = decision === 'approve';
    const { done, failed } = TOASTS[decision];
    commitReview({
      variables: {
        connections: [connection.__id],
        input: {
          contractId: target.id,
          status: approve ? 'active' : 'rejected',
          reviewNotes: approve ? text || APPROVAL_NOTE : null,
          rejectionReason: approve ? null : text,
        },
      },
      // @deleteEdge takes the row out; the header's count follows
      updater: (store: RecordSourceSelectorProxy, response: ComplianceReviewListingMutation$data | null | undefined) => {
        if (response?.reviewListing?.data) addToTotalCount(store, connection.__id, -1);
      },
      onCompleted: ({ reviewListing: result }) => {
        close();
        refreshCounters();
        if (result.__typename === 'MutationReviewListingSuccess') {
          toast(done(target.title));
          return;
        }
        toast({ variant: 'destructive', title: failed.title, description: result.message ? `${failed.description} (${result.message})` : failed.description });
      },
      onError: (error) => {
        console.warn('reviewListing failed', error);
        close();
        toast({ variant: 'destructive', ...failed });
      },
    });
  }

  const details = choice?.mode === 'details' ? nodes.find((n) => n.id === choice.id) : undefined;
  const decision = choice && choice.mode !== 'details' ? { ...choice, mode: choice.mode } : null;

  return (
    <ReviewList
      title="Pending Data Listings"
      accent="blue"
      actions={<ListCount aria-live="polite">{`${formatCount(connection.totalCount)} pending`}</ListCount>}
      label="Pending data listings"
      items={nodes}
      keyOf={(n) => n.id}
      row={(n) => (
        <PendingListingRow
          contract={n}
          disabled={inFlight}
          onDetails={() => open('details', n.id, n.title)}
          onApprove={() => open('approve', n.id, n.title)}
          onReject={() => open('reject', n.id, n.title)}
        />
      )}
      empty={<EmptyState compact icon="inbox" title="No pending data listings found" description="New listings appear here when providers submit them." />}
      more={{ what: 'listings', hasNext, loading: isLoadingNext, onLoad: () => loadNext(PAGE) }}
      dialogs={
        <>
          {details && <ListingDetailsDialog contract={details} onApprove={() => switchTo('approve')} onReject={() => switchTo('reject')} onClose={close} />}
          {decision && (
            <ReviewDialog
              {...DIALOGS[decision.mode]}
              intro={DIALOGS[decision.mode].intro(<strong>{decision.title}</strong>)}
              busy={decision.inFlight}
              onConfirm={(text) => decide(decision.mode, decision, text)}
              onClose={close}
            />
          )}
        </>
      }
    />
  );
}
