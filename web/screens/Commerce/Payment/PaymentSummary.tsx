import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { FactList } from '../../../components/FactList.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import type { PaymentSummary_contract$key } from '../../../__generated__/PaymentSummary_contract.graphql.ts';
import { formatMoney } from '../../../format/format.ts';
import { pricingModelLabel, statusLabel, statusTone } from '../../../format/labels.ts';

const Head = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding-bottom: 12px;
  margin-bottom: 4px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Ticker = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.wide};
  color: ${({ theme }) => theme.colors.up};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 700;
  line-height: 1.3;
  color: ${({ theme }) => theme.colors.textStrong};
  overflow-wrap: anywhere;
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

// the order's lines: a rule under each, the total's line (when there is one) set off below them
const Lines = styled(FactList)`
  > div:last-child {
    border-bottom: 1px dashed ${({ theme }) => theme.colors.border};
  }
  div.total {
    border-bottom: 0;
    padding-top: 10px;
  }
  div.total dt { color: ${({ theme }) => theme.colors.text}; font-size: ${({ theme }) => theme.fontSizes.xs}; }
  div.total dd {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    font-weight: 800;
    color: ${({ theme }) => theme.colors.up};
  }
`;

const Struck = styled.s`
  margin-right: 8px;
  color: ${({ theme }) => theme.colors.textDim};
`;

const BidNote = styled.p`
  margin-top: 8px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.blue};
`;

const Muted = styled.p`
  margin-top: 8px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export type PaymentSummaryProps = { contract: PaymentSummary_contract$key };

/**
 * The order summary: what is bought, from whom, on which terms, and the money. Price, fee and
 * total are the server's quote for this viewer (their accepted bid, else the list price), never
 * computed here.
 */
export function PaymentSummary({ contract }: PaymentSummaryProps) {
  const c = useFragment(
    graphql`
      fragment PaymentSummary_contract on Contract {
        ticker
        title
        categoryLabel
        status
        pricingModel
        price
        provider {
          name
        }
        viewerQuote {
          price
          fee
          total
          fromAcceptedBid
        }
      }
    `,
    contract,
  );
  const q = c.viewerQuote;
  return (
    <Panel title="Order summary" accent="green" data-testid="payment-summary">
      <Head>
        <Ticker>{c.ticker}</Ticker>
        <Title>{c.title}</Title>
        <Badges>
          <Badge size="sm" tone="blue">
            {c.categoryLabel}
          </Badge>
          <Badge size="sm" tone={statusTone(c.status)}>
            {statusLabel(c.status)}
          </Badge>
        </Badges>
      </Head>
      <Lines>
        <div>
          <dt>Provider</dt>
          <dd>{c.provider.name}</dd>
        </div>
        <div>
          <dt>Pricing</dt>
          <dd>{pricingModelLabel(c.pricingModel)}</dd>
        </div>
        <div>
          <dt>{q?.fromAcceptedBid ? 'Your accepted bid' : 'Price'}</dt>
          <dd data-testid="payment-price">
            {q?.fromAcceptedBid && (
              <Struck data-testid="payment-list-price">
                <VisuallyHidden>List price </VisuallyHidden>
                {formatMoney(c.price)}
              </Struck>
            )}
            {formatMoney(q ? q.price : c.price)}
          </dd>
        </div>
        {q && (
          <>
            <div>
              <dt>Processing fee (2.5%)</dt>
              <dd data-testid="payment-fee">{formatMoney(q.fee)}</dd>
            </div>
            <div className="total">
              <dt>Total</dt>
              <dd data-testid="payment-total">{formatMoney(q.total)}</dd>
            </div>
          </>
        )}
      </Lines>
      {q?.fromAcceptedBid && <BidNote>The provider accepted your bid: you pay the bid amount, not the list price.</BidNote>}
      {!q && <Muted>Log in to see your total: the price, plus a 2.5% payment processing fee.</Muted>}
    </Panel>
  );
}
