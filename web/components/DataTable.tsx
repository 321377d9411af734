import styled, { css } from 'styled-components';
import { labelText } from '../theme/text.ts';

// Dense trading-floor tables: uppercase mono heads, tabular figures, a hover row. The wrapper
// scrolls sideways on narrow screens instead of squeezing the columns.

// focusable, so a keyboard can scroll a table wider than the screen
export const TableScroll = styled.div.attrs({ tabIndex: 0 })`
  overflow-x: auto;
  -webkit-overflow-scrolling: touch;
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  th,
  td {
    padding: 7px 12px;
    text-align: left;
    white-space: nowrap;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: middle;
  }

  thead th {
    position: sticky;
    top: 0;
    background: ${({ theme }) => theme.colors.panelAlt};
    ${labelText}
  }

  tbody tr {
    transition: background ${({ theme }) => theme.transitions.fast};
  }
  tbody tr:hover {
    background: ${({ theme }) => theme.colors.hover};
  }
  tbody tr:last-child td {
    border-bottom: 0;
  }

  .num {
    text-align: right;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-variant-numeric: tabular-nums;
  }
  .mono {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
  .strong {
    color: ${({ theme }) => theme.colors.textStrong};
    font-weight: 600;
  }
  .up {
    color: ${({ theme }) => theme.colors.up};
  }
  .down {
    color: ${({ theme }) => theme.colors.down};
  }
  .dim {
    color: ${({ theme }) => theme.colors.textDim};
  }
  .title {
    max-width: 320px;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

/**
 * On a phone each row of a Table becomes a small block of its cells laid out by `areas` on
 * `columns` (the head and column widths are hidden): a row keeps its buttons in reach without
 * scrolling sideways. Place each cell with `td.c-name { grid-area: name; }`.
 */
export const stackedOnPhone = (columns: string, areas: string) => css`
  ${({ theme }) => theme.media.mobile} {
    colgroup,
    thead {
      display: none;
    }
    tbody {
      display: block;
    }
    tr {
      display: grid;
      grid-template-columns: ${columns};
      grid-template-areas: ${areas};
      align-items: center;
      gap: 4px 10px;
      padding: 10px 14px;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
    tr:last-child {
      border-bottom: 0;
    }
    td {
      display: block;
      padding: 0;
      border: 0;
    }
  }
`;
