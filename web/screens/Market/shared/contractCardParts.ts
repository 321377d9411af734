import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';

// The styled pieces both layouts of a contract (ContractGridCard, ContractListRow) share.

export const mono = css`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-variant-numeric: tabular-nums;
`;

export const Ticker = styled.span`
  ${mono}
  flex: none;
  display: inline-grid;
  place-items: center;
  min-width: 46px;
  height: 22px;
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.upSoft};
  border: 1px solid ${({ theme }) => theme.colors.upBorder};
  color: ${({ theme }) => theme.colors.up};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 800;
  letter-spacing: 0.1em;
`;

export const TitleLink = styled(Link)`
  color: ${({ theme }) => theme.colors.textStrong};
  &:hover {
    color: ${({ theme }) => theme.colors.upHover};
    text-decoration: none;
  }
`;

export const Freq = styled.span`
  ${mono}
  display: inline-flex;
  align-items: center;
  gap: 5px;
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;

  &::before {
    content: '';
    width: 6px;
    height: 6px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.blue};
  }
  &[data-frequency='realtime']::before {
    background: ${({ theme }) => theme.colors.up};
    box-shadow: 0 0 6px ${({ theme }) => theme.colors.up};
  }
`;

export const Price = styled.span`
  ${mono}
  font-weight: 800;
  color: ${({ theme }) => theme.colors.textStrong};
  white-space: nowrap;
`;

export const Model = styled.span`
  ${mono}
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
`;

export const Description = styled.p<{ $lines: number }>`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: ${({ $lines }) => $lines};
  line-clamp: ${({ $lines }) => $lines};
  overflow: hidden;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** One figure of a contract (term and value); the layouts place them in a row or a grid. */
export const Figure = styled.div`
  display: flex;
  flex-direction: column;
  gap: 3px;
  min-width: 0;

  dt {
    ${mono}
    font-size: 9px;
    font-weight: 700;
    letter-spacing: ${({ theme }) => theme.tracking.wide};
    color: ${({ theme }) => theme.colors.textDim};
  }
  dd {
    ${mono}
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 700;
    color: ${({ theme }) => theme.colors.text};
    text-transform: uppercase;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;
