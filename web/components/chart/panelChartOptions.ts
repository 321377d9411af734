import { ColorType, CrosshairMode, LineStyle, type ChartOptions, type DeepPartial } from 'lightweight-charts';
import type { DefaultTheme } from 'styled-components';

/** What differs between the panel charts: the price labels, the room above and below, the time of day. */
export type PanelChartLook = { priceFormatter: (price: number) => string; scaleMargins: { top: number; bottom: number }; timeVisible?: boolean };

/**
 * The look every figures chart on a panel shares (earnings, the dashboard's analytics, the
 * trader's P/L): transparent on the panel, monospace labels, a thin grid, a fixed time range
 * (no scroll or zoom). The in-chart TradingView logo is off: its attribution is a link under the
 * chart (ChartAttribution), since a link inside the role=img canvas would be a hidden focusable control.
 */
export function panelChartOptions(theme: DefaultTheme, opts: PanelChartLook): DeepPartial<ChartOptions> {
  const c = theme.colors;
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: c.textDim,
      fontFamily: theme.fonts.mono,
      fontSize: 10,
      attributionLogo: false,
    },
    grid: { vertLines: { color: 'rgba(27, 37, 48, 0.6)' }, horzLines: { color: c.border } },
    rightPriceScale: { borderColor: c.border, scaleMargins: opts.scaleMargins },
    timeScale: { borderColor: c.border, timeVisible: opts.timeVisible ?? false, fixLeftEdge: true, fixRightEdge: true, lockVisibleTimeRangeOnResize: true },
    crosshair: {
      mode: CrosshairMode.Normal,
      vertLine: { color: c.borderStrong, style: LineStyle.Solid, labelBackgroundColor: c.raised },
      horzLine: { color: c.borderStrong, style: LineStyle.Dashed, labelBackgroundColor: c.raised },
    },
    localization: { locale: 'en-US', priceFormatter: opts.priceFormatter },
    handleScroll: false,
    handleScale: false,
  };
}
