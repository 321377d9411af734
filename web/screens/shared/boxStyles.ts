import { css, type DefaultTheme } from 'styled-components';

type Colour = keyof DefaultTheme['colors'];

export type FramedStackLook = {
  /** the frame's colour (default the thin border) */
  border?: Colour;
  /** the fill (default the floor) */
  fill?: Colour;
};

/**
 * A framed block of stacked parts: a thin border, the medium rounding and a fill, its parts one
 * under another `gap` px apart (an upload's card, a key to copy, a review form, a skeleton).
 */
export const framedStack = (gap: number, padding: string, { border = 'border', fill = 'bg' }: FramedStackLook = {}) => css`
  display: flex;
  flex-direction: column;
  gap: ${gap}px;
  padding: ${padding};
  border: 1px solid ${({ theme }) => theme.colors[border]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors[fill]};
`;

/** A list without bullets or indent whose items stand one under another `gap` px apart. */
export const stackedList = (gap: number) => css`
  display: flex;
  flex-direction: column;
  gap: ${gap}px;
  margin: 0;
  padding: 0;
  list-style: none;
`;
