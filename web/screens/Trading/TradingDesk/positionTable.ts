import styled from 'styled-components';
import { labelText } from '../../../theme/text.ts';

// The look of the positions tables: dense rows, monospace figures. On a phone each row becomes a
// card that fits the screen, nothing to scroll sideways: the contract and its type, then the P/L
// and the action, then the other figures, each under its column's name (the cell's data-label).
// Cells name their part of the card by class: `contract`, `type`, `lead` (P/L and the action, right
// under the contract), `wide` (two columns), `full` (the whole card). The rows keep their table
// roles when the layout changes (explicit roles in the markup). The scroller is focusable so
// keyboard users can scroll a wide table that does not fit a tablet.

export const Scroller = styled.div`
  overflow-x: auto;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
`;

export const Table = styled.table`
  width: 100%;
  min-width: 760px;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  th {
    padding: 6px 8px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.panelAlt};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xxs};
    font-weight: 700;
    letter-spacing: ${({ theme }) => theme.tracking.label};
    text-transform: uppercase;
    text-align: right;
    white-space: nowrap;
    color: ${({ theme }) => theme.colors.textDim};
  }
  th:first-child,
  td:first-child {
    text-align: left;
  }
  td {
    padding: 6px 8px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: right;
    white-space: nowrap;
    vertical-align: middle;
  }
  tbody tr:last-child td {
    border-bottom: 0;
  }
  tbody tr:hover td {
    background: ${({ theme }) => theme.colors.hover};
  }
  td.num {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.colors.text};
  }
  td.center,
  th.center {
    text-align: center;
  }
  td.text,
  th.text {
    text-align: left;
  }

  ${({ theme }) => theme.media.mobile} {
    display: block;
    min-width: 0;

    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    tbody {
      display: block;
    }
    tr {
      display: grid;
      grid-template-columns: repeat(4, minmax(0, 1fr));
      gap: 10px 8px;
      padding: 10px 12px;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
    tbody tr:last-child {
      border-bottom: 0;
    }
    tbody tr:hover td {
      background: none;
    }
    td,
    td.num,
    td.center {
      order: 2;
      display: flex;
      flex-direction: column;
      align-items: flex-start;
      justify-content: flex-end;
      gap: 2px;
      min-width: 0;
      padding: 0;
      border: 0;
      text-align: left;
    }
    td[data-label]::before {
      content: attr(data-label);
      ${labelText}
    }
    td.contract {
      order: 0;
      grid-column: 1 / span 3;
      justify-content: center;
    }
    td.type {
      order: 0;
      align-items: flex-end;
      justify-content: center;
    }
    td.lead {
      order: 1;
    }
    td.lead:last-child,
    td.end {
      align-items: flex-end;
    }
    td.wide {
      grid-column: span 2;
    }
    td.full {
      grid-column: 1 / -1;
    }
    td.lead > span {
      font-size: ${({ theme }) => theme.fontSizes.base};
    }
  }
`;

export const ContractCell = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  max-width: 220px;
  min-width: 0;
  ${({ theme }) => theme.media.mobile} {
    max-width: 100%;
  }

  .ticker {
    flex: none;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xxs};
    font-weight: 700;
    letter-spacing: ${({ theme }) => theme.tracking.label};
    color: ${({ theme }) => theme.colors.blue};
  }
  a {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    color: ${({ theme }) => theme.colors.textStrong};
    font-weight: 600;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.up};
  }
`;

export const More = styled.div`
  display: flex;
  justify-content: center;
  padding: 8px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;
