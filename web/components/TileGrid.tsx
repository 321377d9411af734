import styled from 'styled-components';

// The grids StatTiles stand in.

/** Tiles two a row (one on a small phone, so a figure like $13,531.91 is never cut), four on wide screens. */
export const TileRow = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 10px;

  @media (max-width: 479.98px) {
    grid-template-columns: minmax(0, 1fr);
  }

  ${({ theme }) => theme.media.xl} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

/** As many tiles a row as fit (190px at least), two on a phone. */
export const TileGrid = styled.div<{ $gap?: number }>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(190px, 1fr));
  gap: ${({ $gap = 10 }) => $gap}px;

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 8px;
  }
`;
