import styled from 'styled-components';

// The look of the positions tables: dense rows, monospace figures, a horizontal scroll on narrow
// screens (the scroller is focusable so keyboard users can scroll it too).

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
  /* on a phone the contract stays in view while the figures scroll under it */
  ${({ theme }) => theme.media.mobile} {
    th:first-child,
    td:first-child {
      position: sticky;
      left: 0;
      z-index: 1;
      max-width: 132px;
      background: ${({ theme }) => theme.colors.panel};
      box-shadow: 1px 0 0 ${({ theme }) => theme.colors.border};
    }
    th:first-child {
      background: ${({ theme }) => theme.colors.panelAlt};
    }
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
`;

export const ContractCell = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  max-width: 220px;
  min-width: 0;

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
