import { useEffect, useRef, useState } from 'react';
import { createChart, type IChartApi, type MouseEventParams } from 'lightweight-charts';
import { useTheme, type DefaultTheme } from 'styled-components';
import { panelChartOptions, type PanelChartLook } from './panelChartOptions.ts';

/** What one figures chart draws: its look, its series and how the points go onto them. */
export type PanelChartSpec<P, S> = {
  look: PanelChartLook;
  /** adds the chart's series (once per chart) */
  addSeries: (chart: IChartApi, theme: DefaultTheme) => S;
  /** puts the points on the series */
  setData: (series: S, points: readonly P[]) => void;
  /** data items drawn before the first point (the P/L curve starts from a zero of its own) */
  leading?: number;
};

/**
 * A lightweight-charts chart drawn into `host`, created once per mount (and theme) and removed
 * with it, sized to its box (autoSize), with the point under the crosshair as `hover` (null when
 * the pointer is off the points). `spec` is expected to be a module constant.
 */
export function usePanelChart<P, S>(spec: PanelChartSpec<P, S>, points: readonly P[]) {
  const theme = useTheme();
  const host = useRef<HTMLDivElement>(null);
  const chartRef = useRef<{ chart: IChartApi; series: S } | null>(null);
  const pointsRef = useRef(points);
  const [hover, setHover] = useState<P | null>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const chart = createChart(el, panelChartOptions(theme, spec.look));
    chartRef.current = { chart, series: spec.addSeries(chart, theme) };
    const leading = spec.leading ?? 0;
    const onMove = (param: MouseEventParams) => {
      const i = param.logical == null ? null : Math.round(param.logical) - leading;
      const list = pointsRef.current;
      setHover(i != null && param.point && i >= 0 && i < list.length ? list[i]! : null);
    };
    chart.subscribeCrosshairMove(onMove);
    return () => {
      chart.unsubscribeCrosshairMove(onMove);
      chart.remove();
      chartRef.current = null;
    };
  }, [theme, spec]);

  useEffect(() => {
    pointsRef.current = points;
    const drawn = chartRef.current;
    if (!drawn) return;
    spec.setData(drawn.series, points);
    drawn.chart.timeScale().fitContent();
    setHover(null);
  }, [points, spec]);

  return { host, hover };
}
