import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Fact } from '../../../components/FactsGrid.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { EscrowPanel_payment$key } from '../../../__generated__/EscrowPanel_payment.graphql.ts';
import { formatMoney, formatTimestamp } from '../../../format/format.ts';
import { humanize, statusLabel, statusTone } from '../../../format/labels.ts';
import { FigureTiles, wideLabel } from '../../shared/figureText.ts';
import { EscrowCountdown } from './EscrowCountdown.tsx';

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 12px 24px;
  padding-bottom: 14px;
  margin-bottom: 6px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Label = styled.div`
  margin-bottom: 4px;
  ${wideLabel()}
`;

const Explain = styled.p`
  max-width: 60ch;
  margin-top: 6px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Figures = styled(FigureTiles)`
  margin: 10px 0 0;

  > div.total dd { color: ${({ theme }) => theme.colors.up}; }
  > div.wide { grid-column: 1 / -1; }
  > div.wide dd { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: 400; color: ${({ theme }) => theme.colors.textMuted}; }
`;

// what each status means for the buyer's money
const EXPLAIN: Record<string, string> = {
  escrowed: 'Your money is held in escrow. It is released to the provider when the window closes, unless you raise a dispute.',
  disputed: 'You raised a dispute: the money stays held while an administrator reviews it (within 24 hours).',
  released: 'The escrow window closed and the money was released to the provider.',
  refunded: 'The dispute was settled in your favour: the money was refunded and the data is no longer available to you.',
};

export type EscrowPanelProps = { payment: EscrowPanel_payment$key };

/** The escrow panel of the payment-success page: status badge, the dispute window's countdown, and the money. */
export function EscrowPanel({ payment }: EscrowPanelProps) {
  const p = useFragment(
    graphql`
      fragment EscrowPanel_payment on Payment {
        paymentId
        status
        amount
        fee
        total
        paymentMethod
        escrowStartedAt
        escrowEndsAt
      }
    `,
    payment,
  );
  return (
    <Panel
      title="Escrow status"
      accent={p.status === 'disputed' ? 'amber' : p.status === 'refunded' ? 'red' : 'green'}
      actions={
        <Badge tone={statusTone(p.status)} dot={p.status === 'escrowed'} data-testid="escrow-badge">
          {statusLabel(p.status)}
        </Badge>
      }
      data-testid="escrow-status"
    >
      <Top>
        <div>
          <Label>{p.status === 'escrowed' ? 'Dispute window closes in' : 'Escrow'}</Label>
          <EscrowCountdown status={p.status} endsAt={p.escrowEndsAt ?? null} />
          <Explain>{EXPLAIN[p.status] ?? ''}</Explain>
        </div>
      </Top>
      <Figures>
        <Fact label="Price">{formatMoney(p.amount)}</Fact>
        <Fact label="Fee (2.5%)">{formatMoney(p.fee)}</Fact>
        <Fact label="Total paid" className="total" valueTestId="escrow-total">
          {formatMoney(p.total)}
        </Fact>
        <Fact label="Method">{humanize(p.paymentMethod)}</Fact>
        <Fact label="Escrow started">{p.escrowStartedAt ? formatTimestamp(p.escrowStartedAt) : '—'}</Fact>
        <Fact label="Window closes">{p.escrowEndsAt ? formatTimestamp(p.escrowEndsAt) : '—'}</Fact>
        <Fact label="Payment id" wide>
          {p.paymentId}
        </Fact>
      </Figures>
    </Panel>
  );
}
