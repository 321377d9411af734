import { Link } from 'react-router-dom';
import styled from 'styled-components';

// The library card's layout (PurchaseCard): title line and badges, the facts grid, the actions.

export const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 14px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  &:last-child {
    border-bottom: 0;
  }
`;

export const Top = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 8px 16px;
  flex-wrap: wrap;
`;

export const TitleLine = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  min-width: 0;

  > :first-child {
    flex: none;
  }
`;

export const Heading = styled.h3`
  min-width: 0;
  display: flex;
`;

export const Title = styled(Link)`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textStrong};
  &:hover {
    color: ${({ theme }) => theme.colors.up};
  }
`;

export const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: 6px 16px;
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;

  div {
    display: flex;
    flex-direction: column;
    gap: 2px;
    min-width: 0;
  }
  dt {
    color: ${({ theme }) => theme.colors.textDim};
    text-transform: uppercase;
    letter-spacing: ${({ theme }) => theme.tracking.label};
    font-size: ${({ theme }) => theme.fontSizes.xxs};
  }
  dd {
    color: ${({ theme }) => theme.colors.text};
    overflow-wrap: anywhere;
  }
`;

export const Actions = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 8px;
  flex-wrap: wrap;

  > :first-child {
    flex: 1 1 260px;
  }
`;

export const Buttons = styled.div`
  display: flex;
  gap: 8px;
  flex-wrap: wrap;
`;

export const Muted = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textMuted};

  a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: underline;
    text-underline-offset: 2px;
  }
`;
