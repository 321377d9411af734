import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { FactsGrid } from '../../../components/FactsGrid.tsx';
import { oneLine } from '../../../theme/text.ts';

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
  ${oneLine}
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textStrong};
  &:hover {
    color: ${({ theme }) => theme.colors.up};
  }
`;

/** What was bought and when: small monospace facts, labels in the regular weight. */
export const Facts = styled(FactsGrid).attrs({ $gap: '6px 16px', $size: 'xs', $mono: true, $lightLabels: true })``;

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
