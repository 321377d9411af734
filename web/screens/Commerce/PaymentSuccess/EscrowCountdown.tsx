import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { formatCountdown, settledLabel } from './countdown.ts';

const Clock = styled.div<{ $settled: boolean }>`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 40px;
  font-weight: 800;
  font-variant-numeric: tabular-nums;
  letter-spacing: 0.02em;
  line-height: 1.1;
  color: ${({ theme, $settled }) => ($settled ? theme.colors.textStrong : theme.colors.amber)};
`;

export type EscrowCountdownProps = {
  status: string;
  /** when the dispute window closes (escrowStartedAt + 24 h) */
  endsAt: string | null;
};

/** Time left in the dispute window, ticking every second; the outcome once escrow is over. */
export function EscrowCountdown({ status, endsAt }: EscrowCountdownProps) {
  const [now, setNow] = useState(() => Date.now());
  const counting = status === 'escrowed' && endsAt != null;
  useEffect(() => {
    if (!counting) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [counting]);

  const settled = settledLabel(status);
  if (settled || !counting) {
    return (
      <Clock $settled data-testid="escrow-countdown">
        {settled ?? '—'}
      </Clock>
    );
  }
  const left = new Date(endsAt).getTime() - now;
  // the clock changes every second: a screen reader gets it through its label on demand, not read out each tick
  return (
    <Clock $settled={false} data-testid="escrow-countdown" role="timer" aria-label={`Dispute window closes in ${formatCountdown(left)}`}>
      {formatCountdown(left)}
    </Clock>
  );
}
