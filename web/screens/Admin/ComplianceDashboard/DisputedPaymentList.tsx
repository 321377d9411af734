import { useState } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { ComplianceSettleDisputeMutation$data } from '../../../__generated__/ComplianceSettleDisputeMutation.graphql.ts';
import type { DisputedPaymentList_query$key } from '../../../__generated__/DisputedPaymentList_query.graphql.ts';
import type { DisputedPaymentListPaginationQuery } from '../../../__generated__/DisputedPaymentListPaginationQuery.graphql.ts';
import { formatCount } from '../../../format/format.ts';
import { useSettleDisputeMutation } from './ComplianceSettleDisputeMutation.ts';
import { DisputedPaymentRow } from './DisputedPaymentRow.tsx';
import { DisputeEvidenceDialog } from './DisputeEvidenceDialog.tsx';
import { ReviewDialog } from './ReviewDialog.tsx';

const PAGE = 10;

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

type Mode = 'evidence' | 'refund' | 'release';
type Selected = { mode: Mode; id: string; title: string; inFlight: boolean };

export type DisputedPaymentListProps = { query: DisputedPaymentList_query$key };

/**
 * 'Disputed payments': payments a buyer disputed within the 24-hour window, oldest first. The
 * administrator reads the evidence (the buyer's access log) and settles: Refund (the buyer's
 * access is revoked) or Release (the provider is paid), with a note kept in the history and
 * mailed to both sides.
 */
export function DisputedPaymentList({ query }: DisputedPaymentListProps) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<DisputedPaymentListPaginationQuery, DisputedPaymentList_query$key>(
    graphql`
      fragment DisputedPaymentList_query on Query
      @refetchable(queryName: "DisputedPaymentListPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
        disputedPayments(first: $count, after: $cursor) @connection(key: "DisputedPaymentList_disputedPayments") {
          __id
          totalCount
          edges {
            node {
              id
              paymentId
              contract {
                title
              }
              ...DisputedPaymentRow_payment
            }
          }
        }
      }
    `,
    query,
  );
  const [selected, setSelected] = useState<Selected | null>(null);
  const [commitSettle] = useSettleDisputeMutation();
  const { toast } = useToast();

  const connection = data.disputedPayments;
  const edges = connection.edges;
  const total = connection.totalCount;
  const inFlight = !!selected?.inFlight;

  function open(mode: Mode, id: string, title: string) {
    if (inFlight) return;
    setSelected({ mode, id, title, inFlight: false });
  }

  function settle(decision: 'refund' | 'release', target: Selected, note: string) {
    setSelected({ ...target, mode: decision, inFlight: true });
    const failed = (detail?: string) =>
      toast({
        variant: 'destructive',
        title: 'Settlement Failed',
        description: detail ? `Failed to settle the dispute. Please try again. (${detail})` : 'Failed to settle the dispute. Please try again.',
      });
    commitSettle({
      variables: { connections: [connection.__id], input: { paymentId: target.id, decision, note } },
      // @deleteEdge takes the row out; the header's count follows
      updater: (store: RecordSourceSelectorProxy, response: ComplianceSettleDisputeMutation$data | null | undefined) => {
        if (response?.settleDispute?.__typename !== 'MutationSettleDisputeSuccess') return;
        const conn = store.get(connection.__id);
        const count = conn?.getValue('totalCount');
        if (conn && typeof count === 'number') conn.setValue(Math.max(0, count - 1), 'totalCount');
      },
      onCompleted: ({ settleDispute: result }) => {
        setSelected(null);
        if (result.__typename === 'MutationSettleDisputeSuccess') {
          toast(
            decision === 'refund'
              ? { title: 'Dispute Refunded', description: `The buyer of “${target.title}” is refunded and their access is revoked.` }
              : { title: 'Dispute Released', description: `The payment for “${target.title}” is released to the provider.` },
          );
          return;
        }
        failed(result.__typename === '%other' ? undefined : result.message);
      },
      onError: (error) => {
        console.warn('settleDispute failed', error);
        setSelected(null);
        failed();
      },
    });
  }

  const selectedEdge = selected ? edges.find((e) => e.node.id === selected.id) : undefined;

  return (
    <Panel
      title="Disputed Payments"
      padding="none"
      accent="amber"
      data-testid="disputed-payments"
      actions={<Count aria-live="polite">{`${formatCount(total)} open`}</Count>}
    >
      {edges.length === 0 ? (
        <Empty>
          <EmptyState compact icon="check" title="No disputed payments" description="A dispute a buyer raises within the 24-hour escrow window appears here for a decision." />
        </Empty>
      ) : (
        <Rows role="list" aria-label="Disputed payments">
          {edges.map((e) => (
            <div role="listitem" key={e.node.id}>
              <DisputedPaymentRow
                payment={e.node}
                disabled={inFlight}
                onEvidence={() => open('evidence', e.node.id, e.node.contract.title)}
                onRefund={() => open('refund', e.node.id, e.node.contract.title)}
                onRelease={() => open('release', e.node.id, e.node.contract.title)}
              />
            </div>
          ))}
        </Rows>
      )}
      {hasNext && (
        <More>
          <Button size="sm" variant="ghost" busy={isLoadingNext} onClick={() => loadNext(PAGE)}>
            Load more disputes
          </Button>
        </More>
      )}

      {selected?.mode === 'evidence' && selectedEdge && (
        <DisputeEvidenceDialog
          paymentId={selectedEdge.node.id}
          title={selected.title}
          onRefund={() => setSelected({ ...selected, mode: 'refund' })}
          onRelease={() => setSelected({ ...selected, mode: 'release' })}
          onClose={() => setSelected(null)}
        />
      )}
      {selected?.mode === 'refund' && (
        <ReviewDialog
          title="Refund Dispute"
          intro={
            <>
              Refund the buyer of <strong>{selected.title}</strong>? The total they paid goes back to them and their access to the data is revoked.
            </>
          }
          fieldLabel="Settlement Note"
          defaultText=""
          hint="Kept in the payment's history and sent to the buyer and the provider."
          required
          confirmLabel="Refund"
          confirmVariant="danger"
          busy={selected.inFlight}
          onConfirm={(note) => settle('refund', selected, note)}
          onClose={() => setSelected(null)}
        />
      )}
      {selected?.mode === 'release' && (
        <ReviewDialog
          title="Release Dispute"
          intro={
            <>
              Release the payment for <strong>{selected.title}</strong>? The provider receives their 90% and the buyer keeps access.
            </>
          }
          fieldLabel="Settlement Note"
          defaultText=""
          hint="Kept in the payment's history and sent to the buyer and the provider."
          required
          confirmLabel="Release"
          busy={selected.inFlight}
          onConfirm={(note) => settle('release', selected, note)}
          onClose={() => setSelected(null)}
        />
      )}
    </Panel>
  );
}
