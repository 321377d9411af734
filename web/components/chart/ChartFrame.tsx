import styled from 'styled-components';

// The frame of a figures chart: a box of fixed height (shorter on phones) with the node the
// library draws into, and the licence's attribution link under it (TradingView Lightweight
// Charts™, Copyright (c) 2025 TradingView, Inc., Apache License 2.0).

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
