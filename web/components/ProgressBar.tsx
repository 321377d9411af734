import styled from 'styled-components';
import { formatBytes, formatDuration } from '../format/format.ts';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

const Track = styled.div`
  position: relative;
  height: 8px;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.raised};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Fill = styled.div<{ $done: boolean }>`
  height: 100%;
  background: ${({ theme, $done }) => ($done ? theme.colors.up : `linear-gradient(90deg, ${theme.colors.blue}, ${theme.colors.up})`)};
  box-shadow: 0 0 10px ${({ theme }) => theme.colors.upBorder};
  transition: width 120ms linear;
`;

const Figures = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};

  .pct {
    min-width: 44px;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.textStrong};
  }
`;

export type TransferProgress = {
  /** bytes moved so far */
  done: number;
  /** bytes in all; null when the other side did not say */
  total: number | null;
  /** performance.now() when the transfer started, and now */
  startedAt: number;
  now: number;
};

export type ProgressBarProps = {
  /** accessible name of the bar, e.g. 'Download progress' */
  label: string;
  progress: TransferProgress;
  /** the transfer is over: the bar turns solid and the figures say how long it took */
  finished?: boolean;
  /** prefix of the data-testid of the bar and its figures (default 'transfer') */
  testId?: string;
  /** said instead of the time left while the other side works on what it got (e.g. 'checking file…') */
  status?: string;
};

/** A transfer's bar: percent, bytes of the total, speed and time left (or how long it took). */
export function ProgressBar({ label, progress: p, finished = false, testId = 'transfer', status }: ProgressBarProps) {
  const known = p.total != null && p.total > 0;
  const percent = finished ? 100 : known ? Math.min(100, Math.floor((p.done / p.total!) * 100)) : 0;
  const elapsed = Math.max(0, (p.now - p.startedAt) / 1000);
  const speed = elapsed > 0 ? p.done / elapsed : 0;
  const eta = known && speed > 0 ? (p.total! - p.done) / speed : NaN;
  return (
    <Wrap>
      <Track
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={known || finished ? percent : undefined}
        aria-valuetext={known || finished ? `${percent}%` : `${formatBytes(p.done)}`}
        data-testid={`${testId}-progress`}
      >
        <Fill $done={finished} style={{ width: `${known || finished ? percent : 0}%` }} />
      </Track>
      <Figures aria-live="off">
        <span className="pct" data-testid={`${testId}-percent`}>
          {known || finished ? `${percent}%` : '—'}
        </span>
        <span data-testid={`${testId}-bytes`}>
          {formatBytes(p.done)} / {known ? formatBytes(p.total) : 'unknown size'}
        </span>
        <span data-testid={`${testId}-speed`}>{(speed / (1024 * 1024)).toFixed(1)} MB/s</span>
        <span data-testid={`${testId}-eta`}>
          {status ?? (finished ? `done in ${formatDuration(elapsed)}` : `${Number.isFinite(eta) ? formatDuration(eta) : '—'} left`)}
        </span>
      </Figures>
    </Wrap>
  );
}
