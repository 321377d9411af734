import styled from 'styled-components';

/** The two-factor panel's buttons side by side, wrapping on a phone. */
export const ButtonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;
