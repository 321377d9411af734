import styled from 'styled-components';

// Label-over-figure cells, each in its own box, two a row: the summaries of an order ticket
// (list price and best bid, cost and margin). `<FigureCells><div><dt/><dd/></div></FigureCells>`;
// a value's class tints it (`bid` blue, `margin` amber).

export const FigureCells = styled.dl<{ $padding?: string }>`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 8px;
  margin: 0;

  > div {
    display: flex;
    flex-direction: column;
    gap: 2px;
    padding: ${({ $padding = '8px 10px' }) => $padding};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.bg};
  }
  dt {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xxs};
    font-weight: 700;
    letter-spacing: ${({ theme }) => theme.tracking.wide};
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textDim};
  }
  dd {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.base};
    font-weight: 700;
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.colors.textStrong};
  }
  dd.bid { color: ${({ theme }) => theme.colors.blue}; }
  dd.margin { color: ${({ theme }) => theme.colors.amber}; }
`;
