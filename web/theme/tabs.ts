import { css } from 'styled-components';

/**
 * A tab of a navigation row (the header's tabs, the dashboard's menu): muted, strong on hover, and
 * the current page's in the up colour over a 2 px underline `bottom` pixels from the row's edge.
 */
export const underlinedTab = (bottom: string) => css`
  &::after {
    content: '';
    position: absolute;
    left: 10px;
    right: 10px;
    bottom: ${bottom};
    height: 2px;
    background: transparent;
  }

  &:hover {
    text-decoration: none;
    color: ${({ theme }) => theme.colors.textStrong};
  }

  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.up};
    &::after { background: ${({ theme }) => theme.colors.up}; }
  }
`;
