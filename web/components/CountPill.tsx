import styled from 'styled-components';

/**
 * The red pill with a count of unread things (messages): `$height` px tall (default 16), at least
 * as wide, monospace figures. Callers place it (beside a label, or over an icon's corner).
 */
export const CountPill = styled.span<{ $height?: number }>`
  min-width: ${({ $height = 16 }) => $height}px;
  height: ${({ $height = 16 }) => $height}px;
  padding: 0 ${({ $height = 16 }) => ($height > 16 ? 5 : 4)}px;
  border-radius: ${({ $height = 16 }) => $height / 2}px;
  background: ${({ theme }) => theme.colors.down};
  color: #fff;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 10px;
  font-weight: 700;
  line-height: ${({ $height = 16 }) => $height}px;
  text-align: center;
  font-variant-numeric: tabular-nums;
`;
