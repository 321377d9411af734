import styled from 'styled-components';
import { figureText, termText } from '../theme/text.ts';

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
  dt { ${termText} }
  dd {
    margin: 0;
    ${figureText}
    font-size: ${({ theme }) => theme.fontSizes.base};
  }
  dd.bid { color: ${({ theme }) => theme.colors.blue}; }
  dd.margin { color: ${({ theme }) => theme.colors.amber}; }
`;
