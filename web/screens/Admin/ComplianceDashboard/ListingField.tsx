import type { ReactNode } from 'react';
import styled from 'styled-components';
import { FactsGrid } from '../../../components/FactsGrid.tsx';

// A listing's answers as the reviewer reads them: each answer under its label, what the provider
// left out said as such, figures in monospace.

export const NOT_SPECIFIED = 'Not specified';

/** The facts of one section of the listing's details. */
export const ListingFacts = styled(FactsGrid).attrs({ $min: 190, $phoneColumns: 'repeat(2, minmax(0, 1fr))', $phoneGap: '10px 14px', $spacing: 3, $size: 'md' })`
  dd {
    white-space: pre-line;
  }
  dd[data-missing='true'] {
    color: ${({ theme }) => theme.colors.textDim};
    font-style: italic;
  }
  .figure {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-variant-numeric: tabular-nums;
  }
`;

export type ListingFieldProps = { label: string; value: ReactNode; wide?: boolean; figure?: boolean };

/** One answer; `wide` takes a whole row, `figure` sets it in monospace. */
export function ListingField({ label, value, wide, figure }: ListingFieldProps) {
  const missing = value == null || value === '';
  return (
    <div className={wide ? 'wide' : undefined} data-field={label}>
      <dt>{label}</dt>
      <dd data-missing={missing || undefined} className={figure && !missing ? 'figure' : undefined}>
        {missing ? NOT_SPECIFIED : value}
      </dd>
    </div>
  );
}
