import { useState } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { ComplianceReviewListingMutation$data } from '../../../__generated__/ComplianceReviewListingMutation.graphql.ts';
import type { PendingListingList_query$key } from '../../../__generated__/PendingListingList_query.graphql.ts';
import type { PendingListingListPaginationQuery } from '../../../__generated__/PendingListingListPaginationQuery.graphql.ts';
import { formatCount } from '../../../format/format.ts';
import { useReviewListingMutation } from './ComplianceReviewListingMutation.ts';
import { useRefreshCounters } from './ComplianceCounters.tsx';
import { ListingDetailsDialog } from './ListingDetailsDialog.tsx';
import { PendingListingRow } from './PendingListingRow.tsx';
import { ReviewDialog } from './ReviewDialog.tsx';

const PAGE = 10;

// fixed review texts, the defaults of what the administrator types
const APPROVAL_NOTE = 'Approved after review';
const REJECTION_REASON = 'Does not meet quality standards';

const Rows = styled.div`
  & > * + * {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Empty = styled.div`
  padding: 14px;
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  padding: 10px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Count = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

type Mode = 'details' | 'approve' | 'reject';
type Selected = { mode: Mode; id: string; title: string; inFlight: boolean };

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
  const [selected, setSelected] = useState<Selected | null>(null);
  const [commitReview] = useReviewListingMutation();
  const refreshCounters = useRefreshCounters();
  const { toast } = useToast();

  const connection = data.listingsForReview;
  const edges = connection.edges;
  const total = connection.totalCount;
  const inFlight = !!selected?.inFlight;

  function open(mode: Mode, id: string, title: string) {
    if (inFlight) return;
    setSelected({ mode, id, title, inFlight: false });
  }

  function decide(mode: 'approve' | 'reject', target: Selected, text: string) {
    setSelected({ ...target, mode, inFlight: true });
    const approve = mode === 'approve';
    const failure = approve
      ? { title: 'Approval Failed', description: 'Failed to approve the data listing. Please try again.' }
      : { title: 'Rejection Failed', description: 'Failed to reject the data listing. Please try again.' };
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
        if (!response?.reviewListing?.data) return;
        const conn = store.get(connection.__id);
        const count = conn?.getValue('totalCount');
        if (conn && typeof count === 'number') conn.setValue(Math.max(0, count - 1), 'totalCount');
      },
      onCompleted: ({ reviewListing: result }) => {
        setSelected(null);
        refreshCounters();
        if (result.__typename === 'MutationReviewListingSuccess') {
          toast(
            approve
              ? { title: 'Data Listing Approved', description: `“${target.title}” is now live on the trading floor.` }
              : { title: 'Data Listing Rejected', description: `The provider of “${target.title}” has been told why.` },
          );
          return;
        }
        toast({ variant: 'destructive', title: failure.title, description: result.message ? `${failure.description} (${result.message})` : failure.description });
      },
      onError: (error) => {
        console.warn('reviewListing failed', error);
        setSelected(null);
        toast({ variant: 'destructive', ...failure });
      },
    });
  }

  const selectedEdge = selected ? edges.find((e) => e.node.id === selected.id) : undefined;

  return (
    <Panel
      title="Pending Data Listings"
      padding="none"
      accent="blue"
      actions={<Count aria-live="polite">{`${formatCount(total)} pending`}</Count>}
    >
      {edges.length === 0 ? (
        <Empty>
          <EmptyState compact icon="inbox" title="No pending data listings found" description="New listings appear here when providers submit them." />
        </Empty>
      ) : (
        <Rows role="list" aria-label="Pending data listings">
          {edges.map((e) => (
            <div role="listitem" key={e.node.id}>
              <PendingListingRow
                contract={e.node}
                disabled={inFlight}
                onDetails={() => open('details', e.node.id, e.node.title)}
                onApprove={() => open('approve', e.node.id, e.node.title)}
                onReject={() => open('reject', e.node.id, e.node.title)}
              />
            </div>
          ))}
        </Rows>
      )}
      {hasNext && (
        <More>
          <Button size="sm" variant="ghost" busy={isLoadingNext} onClick={() => loadNext(PAGE)}>
            Load more listings
          </Button>
        </More>
      )}

      {selected?.mode === 'details' && selectedEdge && (
        <ListingDetailsDialog
          contract={selectedEdge.node}
          onApprove={() => setSelected({ ...selected, mode: 'approve' })}
          onReject={() => setSelected({ ...selected, mode: 'reject' })}
          onClose={() => setSelected(null)}
        />
      )}
      {selected?.mode === 'approve' && (
        <ReviewDialog
          title="Approve Data Listing"
          intro={
            <>
              Approve <strong>{selected.title}</strong>? It goes live on the trading floor at once.
            </>
          }
          fieldLabel="Review Notes"
          defaultText={APPROVAL_NOTE}
          hint="Sent to the provider with the decision."
          confirmLabel="Approve"
          busy={selected.inFlight}
          onConfirm={(text) => decide('approve', selected, text)}
          onClose={() => setSelected(null)}
        />
      )}
      {selected?.mode === 'reject' && (
        <ReviewDialog
          title="Reject Data Listing"
          intro={
            <>
              Reject <strong>{selected.title}</strong>? The provider is told the reason and may edit and resubmit it.
            </>
          }
          fieldLabel="Rejection Reason"
          defaultText={REJECTION_REASON}
          hint="Sent to the provider with the decision."
          required
          confirmLabel="Reject"
          confirmVariant="danger"
          busy={selected.inFlight}
          onConfirm={(text) => decide('reject', selected, text)}
          onClose={() => setSelected(null)}
        />
      )}
    </Panel>
  );
}
