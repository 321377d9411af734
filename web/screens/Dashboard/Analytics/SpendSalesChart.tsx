import { useEffect, useRef, useState } from 'react';
import {
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
} from 'lightweight-charts';
import { ChartAttribution, ChartCanvas, ChartHost } from '../../../components/chart/ChartFrame.tsx';
import { panelChartOptions } from '../../../components/chart/panelChartOptions.ts';
import styled, { useTheme } from 'styled-components';
import { formatDay, formatMoney, plural } from '../../../format/format.ts';

export type DayPoint = { day: string; spent: number; earned: number };

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
  pointer-events: none;
`;

const Day = styled.span`
  ${({ theme }) => theme.media.sm} {
    min-width: 130px;
  }
  color: ${({ theme }) => theme.colors.textMuted};
  text-transform: uppercase;
  letter-spacing: ${({ theme }) => theme.tracking.label};
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
  b {
    font-weight: 600;
    color: ${({ $color }) => $color};
  }
`;

const Empty = styled.p`
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
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<{ earned: ISeriesApi<'Histogram'>; spent: ISeriesApi<'Histogram'> } | null>(null);
  const pointsRef = useRef(points);
  const [hover, setHover] = useState<DayPoint | null>(null);

  // the chart is created once per mount and torn down with it
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const c = theme.colors;
    const chart = createChart(
      el,
      panelChartOptions(theme, {
      // spend is drawn below zero; every label shows the amount itself
        priceFormatter: (p: number) => formatMoney(Math.abs(p), { whole: true }),
        scaleMargins: { top: 0.08, bottom: 0.06 },
      }),
    );
    const earned = chart.addSeries(HistogramSeries, { color: c.up, priceLineVisible: false, lastValueVisible: false, title: '' });
    const spent = chart.addSeries(HistogramSeries, { color: c.down, priceLineVisible: false, lastValueVisible: false, title: '' });
    chartRef.current = chart;
    seriesRef.current = { earned, spent };

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
    series.earned.setData(points.map((p) => ({ time: p.day, value: p.earned })));
    series.spent.setData(points.map((p) => ({ time: p.day, value: -p.spent })));
    chartRef.current?.timeScale().fitContent();
    setHover(null);
  }, [points]);

  const shown = hover ?? points[points.length - 1] ?? null;
  const quiet = points.every((p) => p.spent === 0 && p.earned === 0);

  return (
    <Wrap data-testid="spend-sales-chart">
      <Legend aria-live="off">
        {shown && <Day>{hover ? formatDay(shown.day) : `Latest · ${formatDay(shown.day)}`}</Day>}
        <Key $color={theme.colors.up}>
          Earned <b>{formatMoney(shown?.earned ?? 0)}</b>
        </Key>
        <Key $color={theme.colors.down}>
          Spent <b>{formatMoney(shown?.spent ?? 0)}</b>
        </Key>
      </Legend>
      <ChartCanvas $height={300} $phoneHeight={240}
        role="img"
        aria-label={`Daily spend and sales over ${plural(points.length, 'day')}: earned ${formatMoney(points.reduce((s, p) => s + p.earned, 0))}, spent ${formatMoney(points.reduce((s, p) => s + p.spent, 0))}`}
      >
        {/* the library owns this node's children; React never renders into it */}
        <ChartHost ref={container} />
        {quiet && <Empty>No spend or sales in this range</Empty>}
      </ChartCanvas>
      <ChartAttribution />
    </Wrap>
  );
}
