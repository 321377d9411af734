import {
  AreaSeries,
  ColorType,
  CrosshairMode,
  LineStyle,
  TickMarkType,
  createChart,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { DefaultTheme } from 'styled-components';
import { formatMoney } from '../../../format/format.ts';

// The price chart itself: TradingView Lightweight Charts™ (Copyright (c) 2025 TradingView, Inc.,
// https://www.tradingview.com/, Apache License 2.0). Its attribution link sits under the chart
// (DetailPriceChart), so the in-chart logo is turned off. PriceChartCanvas imports this module
// when it mounts, so the library loads after the page has painted, never with the page's code.

export type ChartPoint = { time: UTCTimestamp; value: number };

export type PriceChart = {
  setPoints(points: readonly ChartPoint[]): void;
  /** removes the chart with its canvases, listeners and ResizeObserver */
  remove(): void;
};

const time = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hour12: false });
const day = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short' });
const month = new Intl.DateTimeFormat('en-US', { month: 'short' });
const year = new Intl.DateTimeFormat('en-US', { year: 'numeric' });
const full = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });

const toDate = (t: Time) => new Date((t as number) * 1000);

/** Axis labels in the viewer's local time (the library works in UTC seconds). */
function tickMark(t: Time, type: TickMarkType): string {
  const d = toDate(t);
  switch (type) {
    case TickMarkType.Year:
      return year.format(d);
    case TickMarkType.Month:
      return month.format(d);
    case TickMarkType.DayOfMonth:
      return day.format(d);
    default:
      return time.format(d);
  }
}

/** A dark area chart of the market price in the theme's green, drawn into `el` and sized to it. */
export function createPriceChart(el: HTMLElement, theme: DefaultTheme): PriceChart {
  const c = theme.colors;
  const chart = createChart(el, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: c.panel },
      textColor: c.textMuted,
      fontFamily: theme.fonts.mono,
      fontSize: 11,
      attributionLogo: false,
    },
    grid: {
      vertLines: { color: 'rgba(42, 56, 71, 0.35)', style: LineStyle.Dotted },
      horzLines: { color: 'rgba(42, 56, 71, 0.55)', style: LineStyle.Dotted },
    },
    rightPriceScale: { borderColor: c.border, scaleMargins: { top: 0.14, bottom: 0.08 } },
    timeScale: {
      borderColor: c.border,
      timeVisible: true,
      secondsVisible: false,
      fixLeftEdge: true,
      fixRightEdge: true,
      // a resize (rotating a phone, the layout switching columns) keeps the whole range in view
      lockVisibleTimeRangeOnResize: true,
      tickMarkFormatter: tickMark,
    },
    crosshair: {
      mode: CrosshairMode.Magnet,
      vertLine: { color: c.textDim, width: 1, style: LineStyle.Dashed, labelBackgroundColor: c.raised },
      horzLine: { color: c.textDim, width: 1, style: LineStyle.Dashed, labelBackgroundColor: c.raised },
    },
    localization: {
      locale: 'en-US',
      priceFormatter: (p: number) => formatMoney(p),
      timeFormatter: (t: Time) => full.format(toDate(t)),
    },
    handleScale: { axisPressedMouseMove: { time: true, price: false } },
  });
  const series = chart.addSeries(AreaSeries, {
    lineColor: c.up,
    lineWidth: 2,
    topColor: 'rgba(25, 210, 124, 0.32)',
    bottomColor: 'rgba(25, 210, 124, 0.01)',
    priceLineColor: c.upBorder,
    priceLineStyle: LineStyle.Dashed,
    crosshairMarkerRadius: 4,
    crosshairMarkerBorderColor: c.panel,
    crosshairMarkerBackgroundColor: c.up,
    priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
  });
  return {
    setPoints(points) {
      series.setData(points as ChartPoint[]);
      chart.timeScale().fitContent();
    },
    remove: () => chart.remove(),
  };
}
