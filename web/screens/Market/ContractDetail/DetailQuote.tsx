import { graphql, useFragment } from 'react-relay';
import styled, { css } from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import type { DetailQuote_contract$key } from '../../../__generated__/DetailQuote_contract.graphql.ts';
import { formatCount, formatMoney, formatPriceMove, plural } from '../../../format/format.ts';
import { statusTone, words } from '../../../format/labels.ts';
import { surface, termText } from '../../../theme/text.ts';

const Box = styled.section`
  ${surface}
  box-shadow: ${({ theme }) => theme.shadows.panel};
  overflow: hidden;
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 14px;
  padding: 16px;

  ${({ theme }) => theme.media.sm} {
    padding: 18px 20px;
  }
`;

const Ticker = styled.span`
  flex: none;
  display: inline-grid;
  place-items: center;
  min-width: 58px;
  height: 30px;
  margin-top: 2px;
  padding: 0 8px;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme }) => theme.colors.upBorder};
  background: ${({ theme }) => theme.colors.upSoft};
  color: ${({ theme }) => theme.colors.up};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: 800;
  letter-spacing: 0.12em;
`;

const Titles = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
  min-width: 0;
`;

const Title = styled.h1`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
  letter-spacing: 0.01em;
  line-height: 1.25;
  overflow-wrap: anywhere;

  ${({ theme }) => theme.media.sm} {
    font-size: 24px;
  }
`;

const Tags = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 8px;
`;

const Frequency = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};

  &::before {
    content: '';
    width: 4px;
    height: 4px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.textDim};
  }
`;

const Strip = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  margin: 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.panelAlt};

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const Cell = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 0;
  padding: 12px 16px 14px;
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  &:nth-child(2n) { border-right: 0; }
  &:nth-last-child(-n + 2) { border-bottom: 0; }

  ${({ theme }) => theme.media.lg} {
    padding: 14px 20px 16px;
    border-bottom: 0;
    &:nth-child(2n) { border-right: 1px solid ${({ theme }) => theme.colors.border}; }
    &:last-child { border-right: 0; }
  }
`;

const Label = styled.dt`
  ${termText}
`;

const Figure = styled.dd<{ $tone?: 'up' | 'blue' }>`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  line-height: 1.15;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  color: ${({ theme, $tone }) => ($tone === 'up' ? theme.colors.up : $tone === 'blue' ? theme.colors.blue : theme.colors.textStrong)};

  ${({ theme }) => theme.media.sm} {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }
`;

const Sub = styled.dd`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Move = styled.span<{ $dir: 'up' | 'down' | 'flat' }>`
  font-weight: 700;
  ${({ theme, $dir }) => css`
    color: ${$dir === 'up' ? theme.colors.up : $dir === 'down' ? theme.colors.down : theme.colors.textMuted};
  `}
`;

const ARROW = { up: '▲', down: '▼', flat: '■' } as const;
const SPOKEN = { up: 'Up', down: 'Down', flat: 'Unchanged' } as const;

export type DetailQuoteProps = { contract: DetailQuote_contract$key };

/**
 * The quote block: ticker, title, category / status / frequency, then the figures a trader reads
 * first: list price, market price with its real 24 h change, the bid
 * side and completed sales.
 */
export function DetailQuote({ contract }: DetailQuoteProps) {
  const c = useFragment(
    graphql`
      fragment DetailQuote_contract on Contract {
        ticker
        title
        categoryLabel
        status
        updateFrequency
        price
        pricingModel
        marketPrice
        priceChange24h {
          change
          percent
        }
        highestBid
        openBidCount
        salesCount
      }
    `,
    contract,
  );
  const move = formatPriceMove(c.priceChange24h);

  return (
    <Box aria-labelledby="contract-title" data-testid="contract-quote">
      <Head>
        <Ticker data-testid="contract-ticker">{c.ticker}</Ticker>
        <Titles>
          <Title id="contract-title">{c.title}</Title>
          <Tags>
            <Badge tone="blue">{c.categoryLabel}</Badge>
            <Badge tone={statusTone(c.status)} dot={c.status === 'active'} data-testid="contract-status">
              {c.status}
            </Badge>
            <Frequency>{c.updateFrequency === 'static' ? 'Static snapshot' : `Updated ${words(c.updateFrequency)}`}</Frequency>
          </Tags>
        </Titles>
      </Head>
      <Strip>
        <Cell>
          <Label>List price</Label>
          <Figure data-testid="list-price">{formatMoney(c.price)}</Figure>
          <Sub>{words(c.pricingModel)}</Sub>
        </Cell>
        <Cell>
          <Label>Market price</Label>
          <Figure $tone="up" data-testid="market-price">
            {formatMoney(c.marketPrice)}
          </Figure>
          <Sub data-testid="price-change-24h">
            {move ? (
              <Move $dir={move.direction}>
                <span aria-hidden="true">{ARROW[move.direction]} </span>
                <VisuallyHidden>{SPOKEN[move.direction]} </VisuallyHidden>
                {move.text}
              </Move>
            ) : (
              <Move $dir="flat">—</Move>
            )}{' '}
            24h
          </Sub>
        </Cell>
        <Cell>
          <Label>Bid</Label>
          <Figure $tone={c.highestBid != null ? 'blue' : undefined} data-testid="highest-bid">
            {c.highestBid != null ? formatMoney(c.highestBid) : '—'}
          </Figure>
          <Sub data-testid="open-bid-count">
            {plural(c.openBidCount, 'open bid')}
          </Sub>
        </Cell>
        <Cell>
          <Label>Sales</Label>
          <Figure>{formatCount(c.salesCount)}</Figure>
          <Sub>completed</Sub>
        </Cell>
      </Strip>
    </Box>
  );
}
