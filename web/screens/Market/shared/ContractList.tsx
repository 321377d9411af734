import styled, { css } from 'styled-components';
import type { ContractCardLayout } from './ContractCard.tsx';

/** The container of contract cards: a responsive grid, or a table-like stack of dense rows. */
export const ContractList = styled.div<{ $layout: ContractCardLayout; $columns?: 'narrow' | 'wide' }>`
  min-width: 0;
  ${({ $layout, $columns = 'narrow', theme }) =>
    $layout === 'grid'
      ? css`
          display: grid;
          grid-template-columns: minmax(0, 1fr);
          gap: 10px;
          ${theme.media.sm} {
            grid-template-columns: repeat(2, minmax(0, 1fr));
          }
          ${theme.media.xl} {
            grid-template-columns: repeat(${$columns === 'wide' ? 4 : 3}, minmax(0, 1fr));
          }
        `
      : css`
          display: flex;
          flex-direction: column;
          border: 1px solid ${theme.colors.border};
          border-bottom: 0;
          border-radius: ${theme.radii.md};
          overflow: hidden;
        `}
`;
