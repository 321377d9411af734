import styled from 'styled-components';

/** A form whose fields and buttons stand one under another, `$gap` px apart (default 14). */
export const StackForm = styled.form<{ $gap?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ $gap = 14 }) => $gap}px;
`;
