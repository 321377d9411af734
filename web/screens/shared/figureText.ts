import styled, { css, type DefaultTheme } from 'styled-components';
import { FigureCells } from '../../components/FigureCells.tsx';

// Text looks the screens share beyond theme/text.ts: the uppercase monospace captions (monoCaps),
// the money screens' labels and figure tiles (tracked wider, so that a word over a big figure reads
// as a heading of its tile), and lists of terms and values.

type Size = keyof DefaultTheme['fontSizes'];
type Colour = keyof DefaultTheme['colors'];

export type CapsLook = {
  /** default 'xxs' */
  size?: Size;
  /** default 'textDim' */
  colour?: Colour;
  /** default the text's own */
  weight?: number;
  /** 'label' (default) for captions and column heads, 'wide' for a label heading a figure */
  tracking?: keyof DefaultTheme['tracking'];
};

/** Uppercase, tracked monospace text: the floor's captions, column heads and small titles. */
export const monoCaps = ({ size = 'xxs', colour = 'textDim', weight, tracking = 'label' }: CapsLook = {}) => css`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes[size]};
  ${weight ? `font-weight: ${weight};` : ''}
  letter-spacing: ${({ theme }) => theme.tracking[tracking]};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors[colour]};
`;

/** The uppercase, widely tracked monospace label over a figure: tiny and dim unless told otherwise. */
export const wideLabel = (size: Size = 'xxs', colour: Colour = 'textDim') => monoCaps({ size, colour, weight: 700, tracking: 'wide' });

/**
 * Figures as small bordered tiles (FigureCells), as many per row as fit at least 140px wide unless
 * `$columns` sets the grid; a long value wraps anywhere.
 */
export const FigureTiles = styled(FigureCells)<{ $columns?: string }>`
  grid-template-columns: ${({ $columns }) => $columns ?? 'repeat(auto-fit, minmax(140px, 1fr))'};

  dd {
    overflow-wrap: anywhere;
  }
`;

/**
 * Facts as a two-column list of terms and values straight in a <dl>: monospace, the terms in
 * small dim capitals, on `columns` (e.g. 'auto 1fr') with `gap` between cells.
 */
export const termList = (columns: string, gap: string) => css`
  display: grid;
  grid-template-columns: ${columns};
  gap: ${gap};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};

  dt {
    color: ${({ theme }) => theme.colors.textDim};
    text-transform: uppercase;
    letter-spacing: ${({ theme }) => theme.tracking.label};
    font-size: ${({ theme }) => theme.fontSizes.xxs};
    line-height: 18px;
  }
`;
