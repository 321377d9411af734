import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import type { DisputeEvidenceDialogQuery } from '../../../__generated__/DisputeEvidenceDialogQuery.graphql.ts';
import { DisputeEvidence } from './DisputeEvidence.tsx';
import { EvidenceNote } from './EvidenceFacts.tsx';

const Loading = styled.div`
  display: grid;
  place-items: center;
  min-height: 200px;
`;

export type DisputeEvidenceDialogProps = {
  /** the payment's global id */
  paymentId: string;
  /** the contract's title, for the dialog's title while the evidence loads */
  title: string;
  busy?: boolean;
  onRefund: () => void;
  onRelease: () => void;
  onClose: () => void;
};

// The evidence loads when the dialog opens, fresh each time (the buyer may have used the data
// since the list loaded), instead of every row's access log riding along with the dashboard.
const evidenceQuery = graphql`
  query DisputeEvidenceDialogQuery($id: ID!) {
    payment(id: $id) {
      ...DisputeEvidence_payment
    }
  }
`;

/**
 * The evidence of a dispute: the payment, the buyer's reason and words, and the buyer's access log
 * of the purchase (each download, stream and access call with its time, bytes and outcome), so the
 * administrator sees whether and how the data was used before deciding.
 */
export function DisputeEvidenceDialog({ paymentId, title, busy = false, onRefund, onRelease, onClose }: DisputeEvidenceDialogProps) {
  return (
    <Dialog
      open
      width={760}
      title={`Dispute · ${title}`}
      onClose={() => !busy && onClose()}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Close
          </Button>
          <Button variant="danger" onClick={onRefund} disabled={busy}>
            Refund
          </Button>
          <Button variant="primary" onClick={onRelease} disabled={busy}>
            Release
          </Button>
        </>
      }
    >
      <Suspense
        fallback={
          <Loading>
            <Spinner label="Loading the evidence" />
          </Loading>
        }
      >
        <Evidence paymentId={paymentId} />
      </Suspense>
    </Dialog>
  );
}

function Evidence({ paymentId }: { paymentId: string }) {
  const data = useLazyLoadQuery<DisputeEvidenceDialogQuery>(evidenceQuery, { id: paymentId }, { fetchPolicy: 'network-only' });
  if (!data.payment) return <EvidenceNote>This payment is no longer available.</EvidenceNote>;
  return <DisputeEvidence payment={data.payment} />;
}
