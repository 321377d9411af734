import { useMemo } from 'react';
import { graphql, useFragment } from 'react-relay';
import { HistogramSeries, type ISeriesApi } from 'lightweight-charts';
import { ChartLegendWhen, ChartTotals } from '../../../components/chart/ChartFrame.tsx';
import { PanelChart } from '../../../components/chart/PanelChart.tsx';
import type { PanelChartSpec } from '../../../components/chart/usePanelChart.ts';
import { RangeLink, RangeSwitch } from '../../../components/RangeSwitch.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { RevenueChart_earnings$key } from '../../../__generated__/RevenueChart_earnings.graphql.ts';
import { formatCount, formatDay, formatMoney, plural } from '../../../format/format.ts';
import { RANGES, type Range } from './EarningsQuery.ts';

type DayPoint = { date: string; revenue: number; volume: number; transactions: number };

/** Revenue per day as green bars. */
const REVENUE: PanelChartSpec<DayPoint, ISeriesApi<'Histogram'>> = {
  look: { priceFormatter: (p) => formatMoney(p, { whole: true }), scaleMargins: { top: 0.08, bottom: 0 } },
  addSeries: (chart, theme) => chart.addSeries(HistogramSeries, { color: theme.colors.up, priceLineVisible: false, lastValueVisible: false, title: '' }),
  setData: (series, points) => series.setData(points.map((p) => ({ time: p.date, value: p.revenue }))),
};

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
      <PanelChart
        spec={REVENUE}
        points={points}
        height={280}
        phoneHeight={220}
        canvasTestId="revenue-chart-canvas"
        label={`Platform revenue per day over ${plural(points.length, 'day')}: ${formatMoney(e.totalPlatformRevenue)} from ${plural(e.totalTransactions, 'released sale')}`}
        note={quiet ? 'No released sales in this range' : undefined}
        legend={(shown, hovering) => (
          <>
            {shown && <ChartLegendWhen $minWidth={130}>{hovering ? formatDay(shown.date) : `Latest · ${formatDay(shown.date)}`}</ChartLegendWhen>}
            <span>
              Revenue <b className="up">{formatMoney(shown?.revenue ?? 0)}</b>
            </span>
            <span>
              Volume <b>{formatMoney(shown?.volume ?? 0)}</b>
            </span>
            <span>
              Sales <b>{formatCount(shown?.transactions ?? 0)}</b>
            </span>
          </>
        )}
      />
    </Panel>
  );
}
