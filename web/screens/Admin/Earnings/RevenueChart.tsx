import { useEffect, useMemo, useRef, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import {
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
} from 'lightweight-charts';
import { ChartAttribution, ChartCanvas, ChartHost, ChartTotals } from '../../../components/chart/ChartFrame.tsx';
import { panelChartOptions } from '../../../components/chart/panelChartOptions.ts';
import styled, { useTheme } from 'styled-components';
import { RangeLink, RangeSwitch } from '../../../components/RangeSwitch.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { RevenueChart_earnings$key } from '../../../__generated__/RevenueChart_earnings.graphql.ts';
import { formatCount, formatDay, formatMoney, plural } from '../../../format/format.ts';
import { RANGES, type Range } from './EarningsQuery.ts';

type DayPoint = { date: string; revenue: number; volume: number; transactions: number };


const Wrap = styled.div`
  position: relative;
  padding: 10px 6px 6px 10px;
`;

const Legend = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 16px;
  min-height: 22px;
  padding: 0 4px 8px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};
  pointer-events: none;

  b {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textStrong};
  }
  b.up {
    color: ${({ theme }) => theme.colors.up};
  }
`;

const Day = styled.span`
  min-width: 130px;
  text-transform: uppercase;
  letter-spacing: ${({ theme }) => theme.tracking.label};
`;



const Quiet = styled.p`
  position: absolute;
  inset: 0;
  z-index: 2;
  display: grid;
  place-items: center;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textDim};
  pointer-events: none;
`;


export type RevenueChartProps = { earnings: RevenueChart_earnings$key; range: Range };

/**
 * Platform revenue per UTC day over the chosen range (30, 90 or 365 days), drawn with
 * lightweight-charts like the other charts, with the range's totals above it.
 */
export function RevenueChart({ earnings, range }: RevenueChartProps) {
  const e = useFragment(
    graphql`
      fragment RevenueChart_earnings on PlatformEarnings {
        totalPlatformRevenue
        totalTransactionVolume
        totalTransactions
        commissionRate
        revenueByDay {
          date
          revenue
          volume
          transactions
        }
      }
    `,
    earnings,
  );
  const points = useMemo<DayPoint[]>(
    () => e.revenueByDay.map((d) => ({ date: d.date, revenue: Number(d.revenue), volume: Number(d.volume), transactions: d.transactions })),
    [e.revenueByDay],
  );
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<'Histogram'> | null>(null);
  const pointsRef = useRef(points);
  const [hover, setHover] = useState<DayPoint | null>(null);

  // created once per mount (and theme), torn down with it
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const c = theme.colors;
    const chart = createChart(
      el,
      panelChartOptions(theme, {
        priceFormatter: (p: number) => formatMoney(p, { whole: true }),
        scaleMargins: { top: 0.08, bottom: 0 },
      }),
    );
    const series = chart.addSeries(HistogramSeries, { color: c.up, priceLineVisible: false, lastValueVisible: false, title: '' });
    chartRef.current = chart;
    seriesRef.current = series;
    const onMove = (param: MouseEventParams) => {
      const i = param.logical == null ? null : Math.round(param.logical);
      const list = pointsRef.current;
      setHover(i != null && param.point && i >= 0 && i < list.length ? list[i]! : null);
    };
    chart.subscribeCrosshairMove(onMove);
    return () => {
      chart.unsubscribeCrosshairMove(onMove);
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
  }, [theme]);

  useEffect(() => {
    pointsRef.current = points;
    const series = seriesRef.current;
    if (!series) return;
    series.setData(points.map((p) => ({ time: p.date, value: p.revenue })));
    chartRef.current?.timeScale().fitContent();
    setHover(null);
  }, [points]);

  const shown = hover ?? points[points.length - 1] ?? null;
  const quiet = points.every((p) => p.revenue === 0);
  const best = points.reduce<DayPoint | null>((b, p) => (p.revenue > 0 && (!b || p.revenue > b.revenue) ? p : b), null);

  return (
    <Panel
      title={`Revenue over time · ${range.days} days`}
      padding="none"
      data-testid="revenue-chart"
      actions={
        <RangeSwitch role="group" aria-label="Chart range">
          {RANGES.map((r) => (
            <RangeLink key={r.key} to={`?range=${r.key}`} aria-current={r.key === range.key ? 'true' : undefined} preventScrollReset>
              {r.label}
            </RangeLink>
          ))}
        </RangeSwitch>
      }
    >
      <ChartTotals $cellWidth={150} aria-label={`${range.days}-day totals`}>
        <div>
          <dt>Revenue · {range.label}</dt>
          <dd className="up">{formatMoney(e.totalPlatformRevenue)}</dd>
        </div>
        <div>
          <dt>Volume · {range.label}</dt>
          <dd>{formatMoney(e.totalTransactionVolume)}</dd>
        </div>
        <div>
          <dt>Transactions · {range.label}</dt>
          <dd>{formatCount(e.totalTransactions)}</dd>
        </div>
        <div>
          <dt>Best day</dt>
          <dd>{best ? `${formatMoney(best.revenue)}` : '—'}</dd>
        </div>
      </ChartTotals>
      <Wrap>
        <Legend aria-live="off">
          {shown && <Day>{hover ? formatDay(shown.date) : `Latest · ${formatDay(shown.date)}`}</Day>}
          <span>
            Revenue <b className="up">{formatMoney(shown?.revenue ?? 0)}</b>
          </span>
          <span>
            Volume <b>{formatMoney(shown?.volume ?? 0)}</b>
          </span>
          <span>
            Sales <b>{formatCount(shown?.transactions ?? 0)}</b>
          </span>
        </Legend>
        <ChartCanvas $height={280} $phoneHeight={220}
          role="img"
          data-testid="revenue-chart-canvas"
          aria-label={`Platform revenue per day over ${plural(points.length, 'day')}: ${formatMoney(e.totalPlatformRevenue)} from ${plural(e.totalTransactions, 'released sale')}`}
        >
          {/* the library owns this node's children; React never renders into it */}
          <ChartHost ref={container} />
          {quiet && <Quiet>No released sales in this range</Quiet>}
        </ChartCanvas>
        <ChartAttribution />
      </Wrap>
    </Panel>
  );
}
