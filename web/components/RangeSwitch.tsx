import { Link } from 'react-router-dom';
import styled from 'styled-components';

// A chart's range switch (30D / 90D / 365D): links that set `?range=`, the chosen one marked with
// aria-current. Used by the dashboard's analytics and the platform earnings chart.

export const RangeSwitch = styled.div`
  display: inline-flex;
  padding: 2px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.bg};
`;

export const RangeLink = styled(Link)`
  display: inline-grid;
  place-items: center;
  min-width: 44px;
  height: 24px;
  padding: 0 8px;
  border-radius: 2px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  color: ${({ theme }) => theme.colors.textMuted};

  &:hover {
    text-decoration: none;
    color: ${({ theme }) => theme.colors.textStrong};
    background: ${({ theme }) => theme.colors.hover};
  }
  &[aria-current='true'] {
    background: ${({ theme }) => theme.colors.up};
    color: ${({ theme }) => theme.colors.onUp};
  }
`;
