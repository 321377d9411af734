import styled, { css } from 'styled-components';
import { CountPill } from './CountPill.tsx';

// The header's icon buttons with a count over their corner: the unread-messages link, the
// notification bell.

export const headerIcon = css`
  position: relative;
  display: inline-grid;
  place-items: center;
  width: 34px;
  height: 32px;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  &:hover {
    color: ${({ theme }) => theme.colors.textStrong};
    background: ${({ theme }) => theme.colors.hover};
  }
`;

/** A count over an icon's corner, ringed in the bar's colour. */
export const CornerCount = styled(CountPill)`
  position: absolute;
  top: 1px;
  right: 0;
  box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.bar};
`;

/** The place of an icon button that is still loading, so the bar does not shift when it arrives. */
export const HeaderIconSlot = styled.span`
  ${headerIcon}
  &:hover { background: transparent; }
`;
