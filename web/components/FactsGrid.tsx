import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { labelText } from '../theme/text.ts';

// Facts as a grid of label-over-value cells: `<FactsGrid><Fact label="Price">$12</Fact></FactsGrid>`
// (a <dl> of <div><dt/><dd/></div>). The cells are at least `$min` px wide and fill the row, or
// follow `$columns`; a `wide` fact takes a whole row.

export type FactsGridProps = {
  /** each cell at least this wide (default 150), as many per row as fit */
  $min?: number;
  /** the grid's columns instead of `$min`, e.g. 'minmax(0, 1fr) minmax(0, 2fr)' */
  $columns?: string;
  /** the columns on a phone, when they differ */
  $phoneColumns?: string;
  /** row and column gap (default '10px 18px'); `$phoneGap` on a phone */
  $gap?: string;
  $phoneGap?: string;
  /** space between a label and its value (default 2) */
  $spacing?: number;
  /** size of the values (default 'sm') */
  $size?: 'xs' | 'sm' | 'md';
  /** monospace figures throughout, labels included */
  $mono?: boolean;
  /** values in the strongest text colour */
  $strong?: boolean;
  /** labels in the regular weight (a quieter grid) */
  $lightLabels?: boolean;
};

export const FactsGrid = styled.dl<FactsGridProps>`
  display: grid;
  grid-template-columns: ${({ $columns, $min = 150 }) => $columns ?? `repeat(auto-fill, minmax(${$min}px, 1fr))`};
  gap: ${({ $gap = '10px 18px' }) => $gap};
  margin: 0;
  ${({ $mono }) =>
    $mono &&
    css`
      font-family: ${({ theme }) => theme.fonts.mono};
      font-variant-numeric: tabular-nums;
    `}

  ${({ theme }) => theme.media.mobile} {
    ${({ $phoneColumns }) => ($phoneColumns ? `grid-template-columns: ${$phoneColumns};` : '')}
    ${({ $phoneGap }) => ($phoneGap ? `gap: ${$phoneGap};` : '')}
  }

  > div {
    min-width: 0;
  }
  > .wide {
    grid-column: 1 / -1;
  }
  dt {
    ${labelText}
    ${({ $lightLabels }) => ($lightLabels ? 'font-weight: 400;' : '')}
  }
  dd {
    margin: ${({ $spacing = 2 }) => $spacing}px 0 0;
    font-size: ${({ theme, $size = 'sm' }) => theme.fontSizes[$size]};
    color: ${({ theme, $strong }) => ($strong ? theme.colors.textStrong : theme.colors.text)};
    overflow-wrap: anywhere;
  }
  a {
    color: ${({ theme }) => theme.colors.blue};
  }
`;

export type FactProps = Omit<ComponentPropsWithoutRef<'div'>, 'children'> & {
  label: ReactNode;
  /** takes a whole row */
  wide?: boolean;
  /** the value's test id */
  valueTestId?: string;
  children: ReactNode;
};

/** One fact of a FactsGrid. */
export function Fact({ label, wide = false, valueTestId, children, ...rest }: FactProps) {
  return (
    <div className={wide ? 'wide' : undefined} {...rest}>
      <dt>{label}</dt>
      <dd data-testid={valueTestId}>{children}</dd>
    </div>
  );
}
