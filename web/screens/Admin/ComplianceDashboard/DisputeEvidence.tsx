import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Fact } from '../../../components/FactsGrid.tsx';
import type { DisputeEvidence_payment$key } from '../../../__generated__/DisputeEvidence_payment.graphql.ts';
import { formatDateTime, formatMoney } from '../../../format/format.ts';
import { humanize } from '../../../format/labels.ts';
import { DialogSection, DialogSections } from '../shared/DialogSection.tsx';
import { EvidenceAccessLog } from './EvidenceAccessLog.tsx';
import { EvidenceFacts, EvidenceNote } from './EvidenceFacts.tsx';
import { DisputeConversation } from './DisputeConversation.tsx';
import { EvidenceList } from '../../shared/disputes/EvidenceList.tsx';

const Quote = styled.blockquote`
  margin: 0;
  padding: 10px 12px;
  border-left: 2px solid ${({ theme }) => theme.colors.amber};
  background: ${({ theme }) => theme.colors.panelAlt};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.55;
  color: ${({ theme }) => theme.colors.text};
  white-space: pre-wrap;
`;

export type DisputeEvidenceProps = { payment: DisputeEvidence_payment$key };

/** The buyer's complaint, both sides' evidence, the payment, the buyer's use of the data, and what the parties wrote to each other. */
export function DisputeEvidence({ payment }: DisputeEvidenceProps) {
  const p = useFragment(
    graphql`
      fragment DisputeEvidence_payment on Payment {
        amount
        fee
        total
        providerAmount
        commission
        paymentMethod
        escrowStartedAt
        buyer {
          name
          email
        }
        seller {
          name
        }
        dispute {
          reason
          description
          createdAt
          ...EvidenceList_dispute
          ...DisputeConversation_dispute
        }
        purchase {
          ...EvidenceAccessLog_purchase
        }
      }
    `,
    payment,
  );
  return (
    <DialogSections>
      <DialogSection title="Complaint" label="Buyer's complaint">
        {p.dispute ? (
          <>
            <EvidenceFacts>
              <Fact label="Reason">{humanize(p.dispute.reason)}</Fact>
              <Fact label="Opened">{formatDateTime(p.dispute.createdAt)}</Fact>
              <Fact label="Buyer">
                {p.buyer.name} · {p.buyer.email}
              </Fact>
              <Fact label="Seller">{p.seller.name}</Fact>
            </EvidenceFacts>
            <Quote>{p.dispute.description}</Quote>
          </>
        ) : (
          <EvidenceNote>No dispute record.</EvidenceNote>
        )}
      </DialogSection>
      {p.dispute && (
        <DialogSection title="Evidence of both sides" label="Evidence">
          <EvidenceList dispute={p.dispute} />
        </DialogSection>
      )}
      <DialogSection title="Payment" label="Payment">
        <EvidenceFacts>
          <Fact label="Price">{formatMoney(p.amount)}</Fact>
          <Fact label="Fee (2.5%)">{formatMoney(p.fee)}</Fact>
          <Fact label="Total charged">{formatMoney(p.total)}</Fact>
          <Fact label="Provider 90% / Platform 10%">
            {formatMoney(p.providerAmount)} / {formatMoney(p.commission)}
          </Fact>
          <Fact label="Method">{humanize(p.paymentMethod)}</Fact>
          <Fact label="In escrow since">{formatDateTime(p.escrowStartedAt)}</Fact>
        </EvidenceFacts>
      </DialogSection>
      <EvidenceAccessLog purchase={p.purchase} />
      {p.dispute && <DisputeConversation dispute={p.dispute} />}
    </DialogSections>
  );
}
