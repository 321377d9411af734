import styled from 'styled-components';

const Count = styled.span<{ $ok: boolean }>`
  font-family: ${({ theme }) => theme.fonts.mono};
  color: ${({ theme, $ok }) => ($ok ? theme.colors.up : theme.colors.textDim)};
`;

/** A field's hint counting what is typed (trimmed) against the least it needs, green once enough. */
export function CharacterCount({ text, min }: { text: string; min: number }) {
  const length = text.trim().length;
  return (
    <>
      <Count $ok={length >= min}>{length}</Count>
      {` / ${min} characters minimum`}
    </>
  );
}
