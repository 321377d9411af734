import { graphql, usePaginationFragment } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListCount } from '../../../components/ListPanel.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { ComplianceSettleDisputeMutation$data } from '../../../__generated__/ComplianceSettleDisputeMutation.graphql.ts';
import type { DisputedPaymentList_query$key } from '../../../__generated__/DisputedPaymentList_query.graphql.ts';
import type { DisputedPaymentListPaginationQuery } from '../../../__generated__/DisputedPaymentListPaginationQuery.graphql.ts';
import { formatCount } from '../../../format/format.ts';
import { addToTotalCount } from '../../../relay/connectionCount.ts';
import { ReviewList } from '../shared/ReviewList.tsx';
import { useReviewChoice } from '../shared/useReviewChoice.ts';
import { useSettleDisputeMutation } from './ComplianceSettleDisputeMutation.ts';
import { DisputedPaymentRow } from './DisputedPaymentRow.tsx';
import { DisputeEvidenceDialog } from './DisputeEvidenceDialog.tsx';
import { ReviewDialog, type DecisionToasts, type ReviewDialogTexts } from './ReviewDialog.tsx';

const PAGE = 10;

type Decision = 'refund' | 'release';

const NOTE = {
  fieldLabel: 'Settlement Note',
  defaultText: '',
  hint: "Kept in the payment's history and sent to the buyer and the provider.",
  required: true,
} as const;

const DIALOGS: Record<Decision, ReviewDialogTexts> = {
  refund: {
    title: 'Refund Dispute',
    intro: (name) => <>Refund the buyer of {name}? The total they paid goes back to them and their access to the data is revoked.</>,
    ...NOTE,
    confirmLabel: 'Refund',
    confirmVariant: 'danger',
  },
  release: {
    title: 'Release Dispute',
    intro: (name) => <>Release the payment for {name}? The provider receives their 90% and the buyer keeps access.</>,
    ...NOTE,
    confirmLabel: 'Release',
  },
};

const FAILED = { title: 'Settlement Failed', description: 'Failed to settle the dispute. Please try again.' };

const TOASTS: Record<Decision, DecisionToasts> = {
  refund: {
    done: (title) => ({ title: 'Dispute Refunded', description: `The buyer of “${title}” is refunded and their access is revoked.` }),
    failed: FAILED,
  },
  release: {
    done: (title) => ({ title: 'Dispute Released', description: `The payment for “${title}” is released to the provider.` }),
    failed: FAILED,
  },
};

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
  const { choice, inFlight, open, switchTo, send, close } = useReviewChoice<'evidence' | Decision>();
  const [commitSettle] = useSettleDisputeMutation();
  const { toast } = useToast();

  const connection = data.disputedPayments;
  const nodes = connection.edges.map((e) => e.node);

  function settle(decision: Decision, target: { id: string; title: string }, note: string) {
    send(decision, target);
    const { done, failed } = TOASTS[decision];
    const fail = (detail?: string) =>
      toast({ variant: 'destructive', title: failed.title, description: detail ? `${failed.description} (${detail})` : failed.description });
    commitSettle({
      variables: { connections: [connection.__id], input: { paymentId: target.id, decision, note } },
      // @deleteEdge takes the row out; the header's count follows
      updater: (store: RecordSourceSelectorProxy, response: ComplianceSettleDisputeMutation$data | null | undefined) => {
        if (response?.settleDispute?.__typename === 'MutationSettleDisputeSuccess') addToTotalCount(store, connection.__id, -1);
      },
      onCompleted: ({ settleDispute: result }) => {
        close();
        if (result.__typename === 'MutationSettleDisputeSuccess') {
          toast(done(target.title));
          return;
        }
        fail(result.__typename === '%other' ? undefined : result.message);
      },
      onError: (error) => {
        console.warn('settleDispute failed', error);
        close();
        fail();
      },
    });
  }

  const evidence = choice?.mode === 'evidence' ? nodes.find((n) => n.id === choice.id) : undefined;
  const decision = choice && choice.mode !== 'evidence' ? { ...choice, mode: choice.mode } : null;

  return (
    <ReviewList
      title="Disputed Payments"
      accent="amber"
      data-testid="disputed-payments"
      actions={<ListCount aria-live="polite">{`${formatCount(connection.totalCount)} open`}</ListCount>}
      label="Disputed payments"
      items={nodes}
      keyOf={(n) => n.id}
      row={(n) => (
        <DisputedPaymentRow
          payment={n}
          disabled={inFlight}
          onEvidence={() => open('evidence', n.id, n.contract.title)}
          onRefund={() => open('refund', n.id, n.contract.title)}
          onRelease={() => open('release', n.id, n.contract.title)}
        />
      )}
      empty={
        <EmptyState compact icon="check" title="No disputed payments" description="A dispute a buyer raises within the 24-hour escrow window appears here for a decision." />
      }
      more={{ what: 'disputes', hasNext, loading: isLoadingNext, onLoad: () => loadNext(PAGE) }}
      dialogs={
        <>
          {evidence && choice && (
            <DisputeEvidenceDialog
              paymentId={evidence.id}
              title={choice.title}
              onRefund={() => switchTo('refund')}
              onRelease={() => switchTo('release')}
              onClose={close}
            />
          )}
          {decision && (
            <ReviewDialog
              {...DIALOGS[decision.mode]}
              intro={DIALOGS[decision.mode].intro(<strong>{decision.title}</strong>)}
              busy={decision.inFlight}
              onConfirm={(note) => settle(decision.mode, decision, note)}
              onClose={close}
            />
          )}
        </>
      }
    />
  );
}
