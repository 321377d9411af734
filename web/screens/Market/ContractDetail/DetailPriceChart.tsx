import { useMemo, useState, useTransition } from 'react';
import { graphql, useRefetchableFragment } from 'react-relay';
import type { UTCTimestamp } from 'lightweight-charts';
import styled, { css } from 'styled-components';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import type { DetailPriceChartRefetchQuery } from '../../../__generated__/DetailPriceChartRefetchQuery.graphql.ts';
import type { DetailPriceChart_contract$key } from '../../../__generated__/DetailPriceChart_contract.graphql.ts';
import { formatMoney } from '../../../format/format.ts';
import { PriceChartCanvas, type ChartPoint } from './PriceChartCanvas.tsx';

const RANGES = [7, 30, 90] as const;
type Range = (typeof RANGES)[number];
export const DEFAULT_RANGE: Range = 30;

const Ranges = styled.div`
  display: inline-flex;
  padding: 2px;
  gap: 2px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.bg};
`;

const RangeButton = styled.button`
  min-width: 40px;
  height: 24px;
  padding: 0 8px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.xs};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  transition: background ${({ theme }) => theme.transitions.fast}, color ${({ theme }) => theme.transitions.fast};

  &:hover:not([aria-pressed='true']) {
    background: ${({ theme }) => theme.colors.hover};
    color: ${({ theme }) => theme.colors.textStrong};
  }
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.upSoft};
    color: ${({ theme }) => theme.colors.up};
    box-shadow: inset 0 0 0 1px ${({ theme }) => theme.colors.upBorder};
  }
`;

const Stats = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 22px;
  margin: 0 0 12px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;

  > div { display: flex; gap: 8px; align-items: baseline; }
  dt {
    font-size: ${({ theme }) => theme.fontSizes.xxs};
    font-weight: 700;
    letter-spacing: ${({ theme }) => theme.tracking.wide};
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textDim};
  }
  dd { margin: 0; color: ${({ theme }) => theme.colors.text}; }
`;

const Change = styled.dd<{ $dir: 'up' | 'down' | 'flat' }>`
  && {
    font-weight: 700;
    ${({ theme, $dir }) => css`
      color: ${$dir === 'up' ? theme.colors.up : $dir === 'down' ? theme.colors.down : theme.colors.textMuted};
    `}
  }
`;

const NoTicks = styled(EmptyState)`
  min-height: 280px;
  justify-content: center;
`;

const ChartWrap = styled.div<{ $pending: boolean }>`
  position: relative;
  transition: opacity ${({ theme }) => theme.transitions.base};
  opacity: ${({ $pending }) => ($pending ? 0.55 : 1)};
`;

const Foot = styled.p`
  display: flex;
  justify-content: space-between;
  gap: 12px;
  margin-top: 8px;
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  color: ${({ theme }) => theme.colors.textDim};

  a { color: ${({ theme }) => theme.colors.textDim}; }
  a:hover { color: ${({ theme }) => theme.colors.textMuted}; }
`;

/**
 * Ticks as chart points: UTC seconds, strictly increasing (ticks in the same second keep the
 * last), and a final point now at the current market price, so the line reaches today.
 */
function toPoints(ticks: readonly { price: string; at: string }[], marketPrice: string, now: number): ChartPoint[] {
  const points: ChartPoint[] = [];
  for (const tick of ticks) {
    const time = Math.floor(Date.parse(tick.at) / 1000);
    const value = Number(tick.price);
    if (!Number.isFinite(time) || !Number.isFinite(value)) continue;
    const last = points[points.length - 1];
    if (last && time <= last.time) last.value = value;
    else points.push({ time: time as UTCTimestamp, value });
  }
  const last = points[points.length - 1];
  const nowSeconds = Math.floor(now / 1000);
  const current = Number(marketPrice);
  if (last && nowSeconds > last.time && Number.isFinite(current)) points.push({ time: nowSeconds as UTCTimestamp, value: current });
  return points;
}

export type DetailPriceChartProps = { contract: DetailPriceChart_contract$key };

/** The market price over 7, 30 or 90 days, from the contract's price ticks. */
export function DetailPriceChart({ contract }: DetailPriceChartProps) {
  const [data, refetch] = useRefetchableFragment<DetailPriceChartRefetchQuery, DetailPriceChart_contract$key>(
    graphql`
      fragment DetailPriceChart_contract on Contract
      @refetchable(queryName: "DetailPriceChartRefetchQuery")
      @argumentDefinitions(days: { type: "Int", defaultValue: 30 }) {
        ticker
        marketPrice
        priceHistory(days: $days) {
          price
          at
        }
      }
    `,
    contract,
  );
  const [range, setRange] = useState<Range>(DEFAULT_RANGE);
  const [pending, startTransition] = useTransition();

  const points = useMemo(() => toPoints(data.priceHistory, data.marketPrice, Date.now()), [data.priceHistory, data.marketPrice]);

  function choose(days: Range) {
    if (days === range) return;
    setRange(days);
    // keep the current chart on screen (dimmed) while the other range loads
    startTransition(() => {
      refetch({ days }, { fetchPolicy: 'store-or-network' });
    });
  }

  const values = points.map((p) => p.value);
  const first = values[0];
  const last = values[values.length - 1];
  const diff = first != null && last != null ? last - first : null;
  const dir = diff == null || diff === 0 ? 'flat' : diff > 0 ? 'up' : 'down';
  const pct = diff != null && first ? (diff / first) * 100 : null;

  return (
    <Panel
      title="Price history"
      padding="md"
      data-testid="price-history"
      actions={
        <>
          {pending && <Spinner size={12} label="Loading price history" />}
          <Ranges role="group" aria-label="Chart range">
            {RANGES.map((d) => (
              <RangeButton key={d} type="button" aria-pressed={range === d} onClick={() => choose(d)}>
                {d}D
              </RangeButton>
            ))}
          </Ranges>
        </>
      }
    >
      {points.length === 0 ? (
        <NoTicks
          compact
          icon="chart"
          title={`No trades in the last ${range} days`}
          description={`The market price stands at ${formatMoney(data.marketPrice)}. Ticks appear here as the contract sells or its price changes.`}
        />
      ) : (
        <>
          <Stats aria-label={`${range}-day figures`}>
            <div>
              <dt>Open</dt>
              <dd>{formatMoney(first)}</dd>
            </div>
            <div>
              <dt>High</dt>
              <dd>{formatMoney(Math.max(...values))}</dd>
            </div>
            <div>
              <dt>Low</dt>
              <dd>{formatMoney(Math.min(...values))}</dd>
            </div>
            <div>
              <dt>Last</dt>
              <dd>{formatMoney(last)}</dd>
            </div>
            <div>
              <dt>{range}D</dt>
              <Change $dir={dir}>
                {diff == null ? '—' : `${diff > 0 ? '+' : diff < 0 ? '-' : ''}${formatMoney(Math.abs(diff))} (${pct != null && pct > 0 ? '+' : ''}${(pct ?? 0).toFixed(1)}%)`}
              </Change>
            </div>
          </Stats>
          <ChartWrap $pending={pending} aria-busy={pending || undefined}>
            <PriceChartCanvas
              points={points}
              label={`${data.ticker} market price over the last ${range} days, from ${formatMoney(first)} to ${formatMoney(last)}`}
            />
          </ChartWrap>
          <Foot>
            <span>{data.priceHistory.length} price ticks · local time</span>
            <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
              Charts by TradingView
            </a>
          </Foot>
        </>
      )}
    </Panel>
  );
}
