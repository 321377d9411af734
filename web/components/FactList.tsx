import styled from 'styled-components';
import { termText } from '../theme/text.ts';

// Label / value rows, the label at the left and the value at the right, dashed rules between:
// `<FactList><div><dt/><dd/></div></FactList>` (a contract's trade card and its facts).

export const FactList = styled.dl`
  display: flex;
  flex-direction: column;
  margin: 0;

  > div {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: 12px;
    padding: 7px 0;
    border-bottom: 1px dashed ${({ theme }) => theme.colors.border};
  }
  > div:last-child { border-bottom: 0; }

  dt {
    flex: none;
    ${termText}
  }
  dd {
    margin: 0;
    min-width: 0;
    text-align: right;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.md};
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.colors.textStrong};
    overflow-wrap: anywhere;
  }
`;
