import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';

// A segmented switch: a chart's range (30D / 90D / 365D), links that set `?range=` with the chosen
// one marked aria-current (the dashboard's analytics, the platform earnings chart), tabs whose
// chosen one is aria-selected (the data library's example languages), or radios whose chosen one is
// aria-checked (a notification kind's channel).

export const RangeSwitch = styled.div`
  display: inline-flex;
  padding: 2px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.bg};
`;

const segment = css`
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
  &[aria-current='true'],
  &[aria-selected='true'],
  &[aria-checked='true'] {
    background: ${({ theme }) => theme.colors.up};
    color: ${({ theme }) => theme.colors.onUp};
  }
`;

export const RangeLink = styled(Link)`
  ${segment}
`;

/** A segment that is a button (role="tab" and aria-selected where it picks a panel). */
export const RangeButton = styled.button`
  ${segment}
  border: 0;
  background: transparent;
  cursor: pointer;
  &:disabled {
    opacity: 0.4;
    cursor: not-allowed;
  }
`;
