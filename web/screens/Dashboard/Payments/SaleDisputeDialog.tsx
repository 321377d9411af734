import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { Fact, FactsGrid } from '../../../components/FactsGrid.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import type { SaleDisputeDialogQuery } from '../../../__generated__/SaleDisputeDialogQuery.graphql.ts';
import { formatDateTime } from '../../../format/format.ts';
import { humanize } from '../../../format/labels.ts';
import { EvidencePanel } from '../../shared/disputes/EvidencePanel.tsx';

// The provider's side of a disputed sale (docs/decisions.md "Issue 26: dispute evidence"): the
// buyer's complaint and evidence, and the provider's answer, a statement and files.

const Loading = styled.div`
  display: grid;
  place-items: center;
  min-height: 160px;
`;

const Complaint = styled.blockquote`
  margin: 12px 0 16px;
  padding: 10px 12px;
  border-left: 2px solid ${({ theme }) => theme.colors.amber};
  background: ${({ theme }) => theme.colors.panelAlt};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.55;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const query = graphql`
  query SaleDisputeDialogQuery($id: ID!) {
    payment(id: $id) {
      buyer {
        name
      }
      dispute {
        reason
        description
        createdAt
        ...EvidencePanel_dispute
      }
    }
  }
`;

export type SaleDisputeDialogProps = { paymentId: string; title: string; onClose: () => void };

export function SaleDisputeDialog({ paymentId, title, onClose }: SaleDisputeDialogProps) {
  return (
    <Dialog open width={720} title={`Dispute · ${title}`} onClose={onClose} footer={<Button variant="ghost" onClick={onClose}>Close</Button>}>
      <Suspense
        fallback={
          <Loading>
            <Spinner label="Loading the dispute" />
          </Loading>
        }
      >
        <SaleDispute paymentId={paymentId} />
      </Suspense>
    </Dialog>
  );
}

function SaleDispute({ paymentId }: { paymentId: string }) {
  const { payment } = useLazyLoadQuery<SaleDisputeDialogQuery>(query, { id: paymentId }, { fetchPolicy: 'network-only' });
  const dispute = payment?.dispute;
  if (!payment || !dispute) return <p>This dispute is no longer available.</p>;
  return (
    <div data-testid="sale-dispute">
      <FactsGrid $min={150} $mono $strong>
        <Fact label="Reason">{humanize(dispute.reason)}</Fact>
        <Fact label="Buyer">{payment.buyer.name}</Fact>
        <Fact label="Opened">{formatDateTime(dispute.createdAt)}</Fact>
      </FactsGrid>
      <Complaint>{dispute.description}</Complaint>
      <EvidencePanel dispute={dispute} />
    </div>
  );
}
