import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import type { ContractQuote_contract$key } from '../../../__generated__/ContractQuote_contract.graphql.ts';
import { formatMoney, formatPriceMove, plural, type PriceMove } from '../../../format/format.ts';
import { mono } from './contractCardParts.ts';

const Move = styled.span<{ $dir: PriceMove['direction'] | 'none' }>`
  ${mono}
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  white-space: nowrap;
  color: ${({ theme, $dir }) =>
    $dir === 'up' ? theme.colors.up : $dir === 'down' ? theme.colors.down : $dir === 'flat' ? theme.colors.textMuted : theme.colors.textDim};
`;

const QuoteLabel = styled.span`
  ${mono}
  font-size: 9px;
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.wide};
  color: ${({ theme }) => theme.colors.textDim};
`;

const QuoteValue = styled.span`
  ${mono}
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textStrong};
  white-space: nowrap;
`;

const Bid = styled.span<{ $has: boolean }>`
  ${mono}
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  white-space: nowrap;
  color: ${({ theme, $has }) => ($has ? theme.colors.blue : theme.colors.textDim)};
`;

const Quote = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 6px 10px;
  padding-top: 10px;
  border-top: 1px dashed ${({ theme }) => theme.colors.border};
`;

const QuoteSide = styled.div`
  display: flex;
  align-items: baseline;
  flex-wrap: wrap;
  gap: 2px 7px;
  min-width: 0;
`;

const RowQuote = styled.div`
  grid-area: quote;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 2px;
  min-width: 0;
  text-align: right;
`;

const RowQuoteLine = styled.div`
  display: flex;
  align-items: baseline;
  gap: 6px;
`;

const ARROW = { up: '▲', down: '▼', flat: '■' } as const;
const SPOKEN = { up: 'Up', down: 'Down', flat: 'Unchanged' } as const;

function PriceMoveText({ move }: { move: PriceMove | null }) {
  if (!move) {
    return (
      <Move $dir="none" data-testid="contract-change" title="No price from 24 hours ago">
        —<VisuallyHidden> no 24-hour change yet</VisuallyHidden>
      </Move>
    );
  }
  return (
    <Move $dir={move.direction} data-testid="contract-change" data-direction={move.direction}>
      <span aria-hidden="true">{ARROW[move.direction]} </span>
      <VisuallyHidden>{SPOKEN[move.direction]} </VisuallyHidden>
      {move.text}
    </Move>
  );
}

export type ContractQuoteProps = {
  contract: ContractQuote_contract$key;
  layout: 'grid' | 'list';
};

/** The market side of a contract: market price, its real 24-hour move and the highest open bid. */
export function ContractQuote({ contract, layout }: ContractQuoteProps) {
  const c = useFragment(
    graphql`
      fragment ContractQuote_contract on Contract {
        marketPrice
        priceChange24h {
          change
          percent
        }
        highestBid
        openBidCount
      }
    `,
    contract,
  );
  const move = formatPriceMove(c.priceChange24h);
  const bid =
    c.highestBid != null ? (
      <Bid $has data-testid="contract-bid" title={plural(c.openBidCount, 'open bid')}>
        BID {formatMoney(c.highestBid)}
      </Bid>
    ) : (
      <Bid $has={false} data-testid="contract-bid">
        BID —
      </Bid>
    );

  if (layout === 'list') {
    return (
      <RowQuote>
        <RowQuoteLine>
          <QuoteLabel>MKT</QuoteLabel>
          <QuoteValue data-testid="contract-market-price">{formatMoney(c.marketPrice)}</QuoteValue>
        </RowQuoteLine>
        <PriceMoveText move={move} />
        {bid}
      </RowQuote>
    );
  }
  return (
    <Quote>
      <QuoteSide>
        <QuoteLabel>MKT</QuoteLabel>
        <QuoteValue data-testid="contract-market-price">{formatMoney(c.marketPrice)}</QuoteValue>
        <PriceMoveText move={move} />
      </QuoteSide>
      {bid}
    </Quote>
  );
}
