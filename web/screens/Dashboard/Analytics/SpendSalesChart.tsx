import { HistogramSeries, type ISeriesApi } from 'lightweight-charts';
import styled, { useTheme } from 'styled-components';
import { ChartLegendWhen } from '../../../components/chart/ChartFrame.tsx';
import { PanelChart } from '../../../components/chart/PanelChart.tsx';
import type { PanelChartSpec } from '../../../components/chart/usePanelChart.ts';
import { formatDay, formatMoney, plural } from '../../../format/format.ts';

export type DayPoint = { day: string; spent: number; earned: number };

// on a phone the day takes only its own width, so the two figures stay on its line
const Day = styled(ChartLegendWhen)`
  min-width: 0;

  ${({ theme }) => theme.media.sm} {
    min-width: 130px;
  }
`;

const Key = styled.span<{ $color: string }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  color: ${({ theme }) => theme.colors.textMuted};

  &::before {
    content: '';
    width: 9px;
    height: 9px;
    border-radius: 1px;
    background: ${({ $color }) => $color};
  }
  && b {
    font-weight: 600;
    color: ${({ $color }) => $color};
  }
`;

/** Earned above the zero line (green), spent below it (red). */
const SPEND_SALES: PanelChartSpec<DayPoint, { earned: ISeriesApi<'Histogram'>; spent: ISeriesApi<'Histogram'> }> = {
  // spend is drawn below zero; every label shows the amount itself
  look: { priceFormatter: (p) => formatMoney(Math.abs(p), { whole: true }), scaleMargins: { top: 0.08, bottom: 0.06 } },
  addSeries: (chart, theme) => ({
    earned: chart.addSeries(HistogramSeries, { color: theme.colors.up, priceLineVisible: false, lastValueVisible: false, title: '' }),
    spent: chart.addSeries(HistogramSeries, { color: theme.colors.down, priceLineVisible: false, lastValueVisible: false, title: '' }),
  }),
  setData: (series, points) => {
    series.earned.setData(points.map((p) => ({ time: p.day, value: p.earned })));
    series.spent.setData(points.map((p) => ({ time: p.day, value: -p.spent })));
  },
};

export type SpendSalesChartProps = {
  /** one point per day, oldest first */
  points: DayPoint[];
};

/**
 * Daily spend and sales as a two-sided histogram: earned (green) above the zero line, spent (red)
 * below it, with a legend that follows the crosshair and otherwise shows the latest day.
 */
export function SpendSalesChart({ points }: SpendSalesChartProps) {
  const theme = useTheme();
  const quiet = points.every((p) => p.spent === 0 && p.earned === 0);
  return (
    <PanelChart
      data-testid="spend-sales-chart"
      spec={SPEND_SALES}
      points={points}
      height={300}
      phoneHeight={240}
      label={`Daily spend and sales over ${plural(points.length, 'day')}: earned ${formatMoney(points.reduce((s, p) => s + p.earned, 0))}, spent ${formatMoney(points.reduce((s, p) => s + p.spent, 0))}`}
      note={quiet ? 'No spend or sales in this range' : undefined}
      legend={(shown, hovering) => (
        <>
          {shown && <Day $minWidth={130}>{hovering ? formatDay(shown.day) : `Latest · ${formatDay(shown.day)}`}</Day>}
          <Key $color={theme.colors.up}>
            Earned <b>{formatMoney(shown?.earned ?? 0)}</b>
          </Key>
          <Key $color={theme.colors.down}>
            Spent <b>{formatMoney(shown?.spent ?? 0)}</b>
          </Key>
        </>
      )}
    />
  );
}
