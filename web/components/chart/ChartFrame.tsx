import styled from 'styled-components';
import { labelText } from '../../theme/text.ts';

// The frame of a figures chart: a box of fixed height (shorter on phones) with the node the
// library draws into, and the licence's attribution link under it (TradingView Lightweight
// Charts™, Copyright (c) 2025 TradingView, Inc., Apache License 2.0).

/**
 * The figures above a chart: a strip of label/value cells (a <dl> of <div><dt/><dd/></div>), the
 * value monospace; `className="up"` / `"down"` on a <dd> colours a gain or a loss.
 */
export const ChartTotals = styled.dl<{ $cellWidth: number }>`
  display: flex;
  flex-wrap: wrap;
  margin: 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  > div {
    flex: 1 1 ${({ $cellWidth }) => $cellWidth}px;
    display: flex;
    flex-direction: column;
    gap: 3px;
    margin: 0 -1px -1px 0;
    padding: 8px 14px;
    border-right: 1px solid ${({ theme }) => theme.colors.border};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  dt {
    ${labelText}
  }
  dd {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 700;
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.colors.textStrong};
  }
  dd.up {
    color: ${({ theme }) => theme.colors.up};
  }
  dd.down {
    color: ${({ theme }) => theme.colors.down};
  }
`;

/** Padding around a chart's legend, canvas and attribution. */
export const ChartWrap = styled.div`
  position: relative;
  padding: 10px 6px 6px 10px;
`;

/**
 * The line above a chart that reads the point under the crosshair (or the latest one): figures in
 * <b>, `className="up"` / `"down"` colouring a gain or a loss.
 */
export const ChartLegend = styled.div`
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
  b.down {
    color: ${({ theme }) => theme.colors.down};
  }
`;

/** The legend's first cell: the day or time it reads, wide enough that the figures do not jump. */
export const ChartLegendWhen = styled.span<{ $minWidth: number }>`
  min-width: ${({ $minWidth }) => $minWidth}px;
  text-transform: uppercase;
  letter-spacing: ${({ theme }) => theme.tracking.label};
`;

/** A word across the chart when there is nothing to draw in its range. */
export const ChartNote = styled.p`
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

/** The chart's box; give it role="img" and an aria-label that says what the chart shows. */
export const ChartCanvas = styled.div<{ $height: number; $phoneHeight: number }>`
  position: relative;
  height: ${({ $height }) => $height}px;

  ${({ theme }) => theme.media.mobile} {
    height: ${({ $phoneHeight }) => $phoneHeight}px;
  }
`;

/** The node the library owns: React never renders into it. */
export const ChartHost = styled.div`
  position: absolute;
  inset: 0;
`;

const Attribution = styled.p`
  margin-top: 4px;
  padding: 0 4px;
  text-align: right;
  font-size: ${({ theme }) => theme.fontSizes.xxs};

  a { color: ${({ theme }) => theme.colors.textDim}; }
  a:hover { color: ${({ theme }) => theme.colors.textMuted}; }
`;

export function ChartAttribution() {
  return (
    <Attribution>
      <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
        Charts by TradingView
      </a>
    </Attribution>
  );
}
