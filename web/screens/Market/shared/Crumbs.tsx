import styled from 'styled-components';
import { oneLine } from '../../../theme/text.ts';

/** The breadcrumb trail above a market page (a contract, a provider): small mono caps, the current page last. */
export const Crumbs = styled.nav`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 6px;
  margin-bottom: 12px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textDim};

  a { color: ${({ theme }) => theme.colors.textMuted}; }
  a:hover { color: ${({ theme }) => theme.colors.textStrong}; }
  [aria-current] {
    ${oneLine}
    color: ${({ theme }) => theme.colors.textDim};
  }
`;
