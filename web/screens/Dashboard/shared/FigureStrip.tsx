import type { ReactNode } from 'react';
import styled from 'styled-components';
import { toneColors, type Tone } from '../../../theme/theme.ts';
import { labelText } from '../../../theme/text.ts';

export type Figure = {
  label: ReactNode;
  /** already formatted: '$1,290.00', '3' */
  value: ReactNode;
  /** colour of the value (default: bright text) */
  tone?: Tone | 'default';
  /** small text under the value */
  hint?: ReactNode;
};

// A row of label/figure cells separated by hairlines, like a quote board. Cells wrap on narrow
// screens and the last row stretches, so no empty cell is left.
const Strip = styled.dl<{ $min: number }>`
  display: flex;
  flex-wrap: wrap;
  overflow: hidden;
  margin: 0;

  > div {
    flex: 1 1 ${({ $min }) => $min}px;
    display: flex;
    flex-direction: column;
    gap: 3px;
    min-width: 0;
    margin: 0 -1px -1px 0;
    padding: 8px 14px;
    border-right: 1px solid ${({ theme }) => theme.colors.border};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  dt {
    ${labelText}
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  dd {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  dd + dd {
    font-family: ${({ theme }) => theme.fonts.sans};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: 400;
    color: ${({ theme }) => theme.colors.textDim};
  }
`;

const Value = styled.dd<{ $tone: Tone | 'default'; $size: 'md' | 'lg' }>`
  font-size: ${({ theme, $size }) => ($size === 'lg' ? theme.fontSizes.xl : theme.fontSizes.base)};
  color: ${({ theme, $tone }) => ($tone === 'default' ? theme.colors.textStrong : toneColors(theme, $tone).fg)};
`;

export type FigureStripProps = {
  figures: Figure[];
  /** md for cards, lg for a tab's headline figures (default md) */
  size?: 'md' | 'lg';
  /** narrowest cell in px before cells wrap (default 110) */
  minCell?: number;
  className?: string;
  'aria-label'?: string;
};

export function FigureStrip({ figures, size = 'md', minCell = 110, className, ...rest }: FigureStripProps) {
  return (
    <Strip $min={minCell} className={className} aria-label={rest['aria-label']}>
      {figures.map((f, i) => (
        <div key={i}>
          <dt>{f.label}</dt>
          <Value $tone={f.tone ?? 'default'} $size={size}>
            {f.value}
          </Value>
          {f.hint != null && <dd>{f.hint}</dd>}
        </div>
      ))}
    </Strip>
  );
}
