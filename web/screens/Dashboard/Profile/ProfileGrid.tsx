import styled from 'styled-components';

/** The profile's two panels side by side on wide screens (the wider one first or second), stacked below. */
export const ProfileGrid = styled.div<{ $wider: 'first' | 'second' }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;

  ${({ theme }) => theme.media.xl} {
    grid-template-columns: ${({ $wider }) => ($wider === 'first' ? 'minmax(0, 1.4fr) minmax(0, 1fr)' : 'minmax(0, 1fr) minmax(0, 1.4fr)')};
    align-items: start;
  }
`;
