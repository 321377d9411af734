import { useId } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Stars } from '../../../components/Stars.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import type { ContractCard_contract$key } from '../../../__generated__/ContractCard_contract.graphql.ts';
import { formatCount, formatMoney } from '../../shared/format.ts';
import { formatCompact, formatPriceMove, humanize, statusTone, type PriceMove } from './contractFormat.ts';

export type ContractCardLayout = 'grid' | 'list';

export type ContractCardProps = {
  contract: ContractCard_contract$key;
  /** 'grid' = a card, 'list' = the same figures as one dense row */
  layout?: ContractCardLayout;
  /**
   * 'trade' = PREVIEW and BUY (the trading floor, buyer-side.md §2);
   * 'bid' = VIEW & BID (/browse, provider-backoffice-side.md §2).
   */
  actions?: 'trade' | 'bid';
};

// ---------------------------------------------------------------- shared pieces

const mono = css`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-variant-numeric: tabular-nums;
`;

const Ticker = styled.span`
  ${mono}
  flex: none;
  display: inline-grid;
  place-items: center;
  min-width: 46px;
  height: 22px;
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.upSoft};
  border: 1px solid ${({ theme }) => theme.colors.upBorder};
  color: ${({ theme }) => theme.colors.up};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 800;
  letter-spacing: 0.1em;
`;

const TitleLink = styled(Link)`
  color: ${({ theme }) => theme.colors.textStrong};
  &:hover {
    color: ${({ theme }) => theme.colors.upHover};
    text-decoration: none;
  }
`;

const Freq = styled.span`
  ${mono}
  display: inline-flex;
  align-items: center;
  gap: 5px;
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;

  &::before {
    content: '';
    width: 6px;
    height: 6px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.blue};
  }
  &[data-frequency='realtime']::before {
    background: ${({ theme }) => theme.colors.up};
    box-shadow: 0 0 6px ${({ theme }) => theme.colors.up};
  }
`;

const Price = styled.span`
  ${mono}
  font-weight: 800;
  color: ${({ theme }) => theme.colors.textStrong};
  white-space: nowrap;
`;

const Model = styled.span`
  ${mono}
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
`;

const Description = styled.p<{ $lines: number }>`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: ${({ $lines }) => $lines};
  line-clamp: ${({ $lines }) => $lines};
  overflow: hidden;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Figure = styled.div`
  display: flex;
  flex-direction: column;
  gap: 3px;
  min-width: 0;

  dt {
    ${mono}
    font-size: 9px;
    font-weight: 700;
    letter-spacing: ${({ theme }) => theme.tracking.wide};
    color: ${({ theme }) => theme.colors.textDim};
  }
  dd {
    ${mono}
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 700;
    color: ${({ theme }) => theme.colors.text};
    text-transform: uppercase;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

const ProviderLine = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 4px 8px;
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ProviderHead = styled(ProviderLine)`
  flex-wrap: nowrap;
  & > :last-child { flex: none; }
`;

const ProviderBlock = styled.div`
  display: flex;
  flex-direction: column;
  gap: 3px;
  min-width: 0;
`;

const ProviderName = styled.span`
  min-width: 0;
  max-width: 100%;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
`;

const Trades = styled.span`
  ${mono}
  color: ${({ theme }) => theme.colors.textDim};
  white-space: nowrap;
`;

const Verified = styled.span`
  ${mono}
  display: inline-flex;
  align-items: center;
  gap: 3px;
  font-size: 9px;
  font-weight: 800;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  color: ${({ theme }) => theme.colors.blue};
`;

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

// ---------------------------------------------------------------- grid card

const Card = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 10px;
  min-width: 0;
  padding: 12px 14px 14px;
  background: ${({ theme }) => theme.colors.panel};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  transition:
    border-color ${({ theme }) => theme.transitions.fast},
    background ${({ theme }) => theme.transitions.fast};

  &:hover {
    border-color: ${({ theme }) => theme.colors.borderStrong};
    background: #0e141b;
  }
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  gap: 6px;
  min-width: 0;
`;

const Badges = styled.div`
  display: flex;
  align-items: center;
  gap: 5px;
  min-width: 0;
  overflow: hidden;
`;

const TopRight = styled.div`
  margin-left: auto;
  padding-left: 6px;
`;

const CardTitle = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.base};
  font-weight: 600;
  line-height: 1.3;
  min-height: calc(1.3em * 2);
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
  overflow: hidden;
`;

const PriceRow = styled.div`
  display: flex;
  align-items: baseline;
  flex-wrap: wrap;
  gap: 2px 8px;

  ${Price} { font-size: ${({ theme }) => theme.fontSizes.xl}; }
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  margin: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.bg};

  ${Figure} {
    padding: 7px 8px;
  }
  ${Figure} + ${Figure} {
    border-left: 1px solid ${({ theme }) => theme.colors.border};
  }
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

const CardActions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 8px;
  margin-top: auto;

  &[data-single] {
    grid-template-columns: 1fr;
  }
`;

// ---------------------------------------------------------------- list row

/**
 * The dense row's columns on wide screens; ContractListHeader uses the same template.
 * ticker | contract | volume fields format delivery | price | market, 24h, bid | actions
 */
export const ROW_COLUMNS = '46px minmax(0, 1fr) 50px 40px 58px 66px 112px 140px 118px';

const Row = styled.article`
  display: grid;
  grid-template-columns: 46px minmax(0, 1fr);
  grid-template-areas:
    'ticker main'
    'figures figures'
    'price quote'
    'actions actions';
  gap: 8px 12px;
  align-items: center;
  min-width: 0;
  padding: 10px 12px;
  background: ${({ theme }) => theme.colors.panel};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  transition: background ${({ theme }) => theme.transitions.fast};

  &:hover {
    background: ${({ theme }) => theme.colors.panelAlt};
  }

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: 46px minmax(0, 1fr) 118px 150px;
    grid-template-areas:
      'ticker main price quote'
      'ticker figures figures actions';
  }

  ${({ theme }) => theme.media.xl} {
    grid-template-columns: ${ROW_COLUMNS};
    grid-template-areas: 'ticker main f1 f2 f3 f4 price quote actions';
    gap: 0 12px;
    padding: 9px 12px;
  }
`;

const RowTicker = styled.div`
  grid-area: ticker;
  align-self: start;
  padding-top: 1px;
`;

const RowMain = styled.div`
  grid-area: main;
  display: flex;
  flex-direction: column;
  gap: 3px;
  min-width: 0;
`;

const RowTitle = styled.h3`
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: 600;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const RowMeta = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 3px 8px;
  min-width: 0;
`;

const RowFigures = styled.dl`
  grid-area: figures;
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 8px;
  margin: 0;

  ${({ theme }) => theme.media.xl} {
    /* each figure takes its own column under the list header */
    display: contents;
    ${Figure}:nth-child(1) { grid-area: f1; }
    ${Figure}:nth-child(2) { grid-area: f2; }
    ${Figure}:nth-child(3) { grid-area: f3; }
    ${Figure}:nth-child(4) { grid-area: f4; }
    ${Figure} dt {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
    }
  }
`;

const RowPrice = styled.div`
  grid-area: price;
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;

  ${Price} { font-size: ${({ theme }) => theme.fontSizes.base}; }
  ${({ theme }) => theme.media.sm} {
    align-items: flex-end;
    text-align: right;
  }
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

const RowActions = styled.div`
  grid-area: actions;
  display: flex;
  gap: 6px;
  justify-content: flex-end;
`;

// ---------------------------------------------------------------- component

/**
 * One contract on the market screens (spec: buyer-side.md §2 Contract card;
 * DECISIONS.md 'Real values instead of placeholders': the 24-hour change and rating are real).
 */
export function ContractCard({ contract: contractKey, layout = 'grid', actions = 'trade' }: ContractCardProps) {
  const c = useFragment(
    graphql`
      fragment ContractCard_contract on Contract {
        id
        contractId
        ticker
        title
        category
        categoryLabel
        status
        description
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
        recordCount
        fieldCount
        dataFormat
        deliveryMethod
        provider {
          name
          rating
          reviewCount
          completedSales
          isVerifiedProvider
        }
      }
    `,
    contractKey,
  );
  const titleId = useId();
  const href = `/contract/${encodeURIComponent(c.contractId)}`;
  const move = formatPriceMove(c.priceChange24h);
  const price = formatMoney(c.price);

  const figures = (
    <>
      <Figure>
        <dt>VOLUME</dt>
        <dd data-testid="contract-volume" title={c.recordCount != null ? `${formatCount(c.recordCount)} records` : undefined}>
          {formatCompact(c.recordCount)}
        </dd>
      </Figure>
      <Figure>
        <dt>FIELDS</dt>
        <dd>{formatCount(c.fieldCount)}</dd>
      </Figure>
      <Figure>
        <dt>FORMAT</dt>
        <dd>{c.dataFormat}</dd>
      </Figure>
      <Figure>
        <dt>DELIVERY</dt>
        <dd>{humanize(c.deliveryMethod)}</dd>
      </Figure>
    </>
  );

  const verified = c.provider.isVerifiedProvider && (
    <Verified title="Verified provider: passed due diligence">
      <Icon name="check" size={10} strokeWidth={3} />
      VERIFIED
    </Verified>
  );
  const rating = (
    <>
      <Stars rating={c.provider.rating} size={11} showValue />
      <Trades>({formatCount(c.provider.completedSales)} trades)</Trades>
    </>
  );

  const bid = c.highestBid != null ? (
    <Bid $has data-testid="contract-bid" title={`${c.openBidCount} open bid${c.openBidCount === 1 ? '' : 's'}`}>
      BID {formatMoney(c.highestBid)}
    </Bid>
  ) : (
    <Bid $has={false} data-testid="contract-bid">
      BID —
    </Bid>
  );

  const buttons =
    actions === 'bid' ? (
      <ButtonLink to={href} variant="primary" size="sm" fullWidth={layout === 'grid'}>
        VIEW &amp; BID<VisuallyHidden> on {c.title}</VisuallyHidden>
      </ButtonLink>
    ) : (
      <>
        <ButtonLink to={href} size="sm" fullWidth={layout === 'grid'} icon={layout === 'grid' ? <Icon name="eye" size={13} /> : undefined}>
          PREVIEW<VisuallyHidden> {c.title}</VisuallyHidden>
        </ButtonLink>
        <ButtonLink to={href} variant="primary" size="sm" fullWidth={layout === 'grid'}>
          BUY<VisuallyHidden> {c.title}</VisuallyHidden>
        </ButtonLink>
      </>
    );

  const categoryBadge = (
    <Badge size="sm" tone="blue" data-testid="contract-category" title={c.categoryLabel}>
      {c.categoryLabel}
    </Badge>
  );
  const statusBadge = (
    <Badge size="sm" tone={statusTone(c.status)} data-testid="contract-status">
      {c.status}
    </Badge>
  );
  const frequency = (
    <Freq data-frequency={c.updateFrequency} data-testid="contract-frequency">
      {c.updateFrequency}
    </Freq>
  );

  if (layout === 'list') {
    return (
      <Row aria-labelledby={titleId} data-testid="contract-card" data-layout="list" data-category={c.category}>
        <RowTicker>
          <Ticker data-testid="contract-ticker">{c.ticker}</Ticker>
        </RowTicker>
        <RowMain>
          <RowTitle id={titleId} title={c.title}>
            <TitleLink to={href}>{c.title}</TitleLink>
          </RowTitle>
          <Description $lines={1}>{c.description}</Description>
          <RowMeta>
            {categoryBadge}
            {statusBadge}
            {frequency}
            <ProviderLine data-testid="contract-provider">
              <ProviderName title={c.provider.name}>{c.provider.name}</ProviderName>
              {c.provider.isVerifiedProvider && (
                <Verified title="Verified provider: passed due diligence">
                  <Icon name="check" size={11} strokeWidth={3} />
                  <VisuallyHidden>VERIFIED</VisuallyHidden>
                </Verified>
              )}
              {rating}
            </ProviderLine>
          </RowMeta>
        </RowMain>
        <RowFigures>{figures}</RowFigures>
        <RowPrice>
          <Price data-testid="contract-price">{price}</Price>
          <Model>{humanize(c.pricingModel)}</Model>
        </RowPrice>
        <RowQuote>
          <RowQuoteLine>
            <QuoteLabel>MKT</QuoteLabel>
            <QuoteValue data-testid="contract-market-price">{formatMoney(c.marketPrice)}</QuoteValue>
          </RowQuoteLine>
          <PriceMoveText move={move} />
          {bid}
        </RowQuote>
        <RowActions>{buttons}</RowActions>
      </Row>
    );
  }

  return (
    <Card aria-labelledby={titleId} data-testid="contract-card" data-layout="grid" data-category={c.category}>
      <Top>
        <Ticker data-testid="contract-ticker">{c.ticker}</Ticker>
        <Badges>
          {categoryBadge}
          {statusBadge}
        </Badges>
        <TopRight>{frequency}</TopRight>
      </Top>
      <CardTitle id={titleId} title={c.title}>
        <TitleLink to={href}>{c.title}</TitleLink>
      </CardTitle>
      <PriceRow>
        <Price data-testid="contract-price">{price}</Price>
        <Model>{humanize(c.pricingModel)}</Model>
      </PriceRow>
      <Description $lines={2}>{c.description}</Description>
      <Figures>{figures}</Figures>
      <ProviderBlock data-testid="contract-provider">
        <ProviderHead>
          <ProviderName title={c.provider.name}>{c.provider.name}</ProviderName>
          {verified}
        </ProviderHead>
        <ProviderLine>{rating}</ProviderLine>
      </ProviderBlock>
      <Quote>
        <QuoteSide>
          <QuoteLabel>MKT</QuoteLabel>
          <QuoteValue data-testid="contract-market-price">{formatMoney(c.marketPrice)}</QuoteValue>
          <PriceMoveText move={move} />
        </QuoteSide>
        {bid}
      </Quote>
      <CardActions data-single={actions === 'bid' ? '' : undefined}>{buttons}</CardActions>
    </Card>
  );
}
