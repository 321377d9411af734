import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { EscrowPanel_payment$key } from '../../../__generated__/EscrowPanel_payment.graphql.ts';
import { formatMoney, formatTimestamp } from '../../../format/format.ts';
import { humanize, statusLabel, statusTone } from '../../../format/labels.ts';
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
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.wide};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textDim};
`;

const Explain = styled.p`
  max-width: 60ch;
  margin-top: 6px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: 8px;
  margin: 10px 0 0;

  > div {
    display: flex;
    flex-direction: column;
    gap: 2px;
    padding: 8px 10px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.bg};
  }
  dt {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xxs};
    font-weight: 700;
    letter-spacing: ${({ theme }) => theme.tracking.wide};
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textDim};
  }
  dd {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.base};
    font-weight: 700;
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.colors.textStrong};
    overflow-wrap: anywhere;
  }
  dd.total { color: ${({ theme }) => theme.colors.up}; }
  > div.wide { grid-column: 1 / -1; }
  dd.id { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: 400; color: ${({ theme }) => theme.colors.textMuted}; }
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
        <div>
          <dt>Price</dt>
          <dd>{formatMoney(p.amount)}</dd>
        </div>
        <div>
          <dt>Fee (2.5%)</dt>
          <dd>{formatMoney(p.fee)}</dd>
        </div>
        <div>
          <dt>Total paid</dt>
          <dd className="total" data-testid="escrow-total">
            {formatMoney(p.total)}
          </dd>
        </div>
        <div>
          <dt>Method</dt>
          <dd>{humanize(p.paymentMethod)}</dd>
        </div>
        <div>
          <dt>Escrow started</dt>
          <dd>{p.escrowStartedAt ? formatTimestamp(p.escrowStartedAt) : '—'}</dd>
        </div>
        <div>
          <dt>Window closes</dt>
          <dd>{p.escrowEndsAt ? formatTimestamp(p.escrowEndsAt) : '—'}</dd>
        </div>
        <div className="wide">
          <dt>Payment id</dt>
          <dd className="id">{p.paymentId}</dd>
        </div>
      </Figures>
    </Panel>
  );
}
