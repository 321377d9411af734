import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { Theme } from '../theme/theme.ts';
import { Skeleton } from './Skeleton.tsx';
import { VisuallyHidden } from './VisuallyHidden.tsx';
import { surface } from '../theme/text.ts';

export type StatDirection = 'up' | 'down' | 'flat';
export type StatTone = 'default' | 'green' | 'red' | 'amber' | 'blue';

export type StatTileProps = {
  /** small uppercase label, e.g. 'Active contracts' */
  label: ReactNode;
  /** the big monospace figure, already formatted ('$12,400.00', '128') */
  value: ReactNode;
  /** change text, e.g. '+2.4%' or '-$127 (-2.1%)'; direction is read from a leading +/- unless given */
  change?: ReactNode;
  direction?: StatDirection;
  /** small text under the value */
  hint?: ReactNode;
  /** colour of the value (default: bright text) */
  tone?: StatTone;
  /** show a shimmer instead of the value */
  loading?: boolean;
  className?: string;
};

function toneColor(t: Theme, tone: StatTone): string {
  switch (tone) {
    case 'green':
      return t.colors.up;
    case 'red':
      return t.colors.down;
    case 'amber':
      return t.colors.amber;
    case 'blue':
      return t.colors.blue;
    default:
      return t.colors.textStrong;
  }
}

function directionColor(t: Theme, d: StatDirection): string {
  return d === 'up' ? t.colors.up : d === 'down' ? t.colors.down : t.colors.textMuted;
}

const Tile = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
  padding: 14px 16px;
  ${surface}
  overflow: hidden;

  &::before {
    content: '';
    position: absolute;
    left: -1px;
    top: -1px;
    width: 40px;
    height: 2px;
    background: ${({ theme }) => theme.colors.up};
  }
`;

const Label = styled.div`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.wide};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Value = styled.div<{ $tone: StatTone }>`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  letter-spacing: -0.01em;
  line-height: 1.15;
  color: ${({ theme, $tone }) => toneColor(theme, $tone)};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Change = styled.div<{ $dir: StatDirection }>`
  display: inline-flex;
  align-items: center;
  gap: 5px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $dir }) => directionColor(theme, $dir)};

  .arrow { font-size: 9px; }
`;

const Hint = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};
`;

function inferDirection(change: ReactNode): StatDirection {
  if (typeof change !== 'string' && typeof change !== 'number') return 'flat';
  const s = String(change).trim();
  if (s.startsWith('-') || s.startsWith('\u2212')) return 'down';
  if (s.startsWith('+')) return 'up';
  return 'flat';
}

const ARROW = { up: '▲', down: '▼', flat: '■' } as const;
const SPOKEN = { up: 'Up ', down: 'Down ', flat: '' } as const;

/** A figure tile: label, big monospace value, optional change with a green/red arrow. */
export function StatTile({ label, value, change, direction, hint, tone = 'default', loading = false, className }: StatTileProps) {
  const dir = direction ?? inferDirection(change);
  return (
    <Tile className={className}>
      <Label>{label}</Label>
      {loading ? (
        <Skeleton width="60%" height={30} />
      ) : (
        <Value $tone={tone}>{value}</Value>
      )}
      {change != null && !loading && (
        <Change $dir={dir}>
          <span className="arrow" aria-hidden="true">
            {ARROW[dir]}
          </span>
          <VisuallyHidden>{SPOKEN[dir]}</VisuallyHidden>
          {change}
        </Change>
      )}
      {hint != null && <Hint>{hint}</Hint>}
    </Tile>
  );
}
