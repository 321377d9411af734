import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { toneColors } from '../../../theme/theme.ts';
import { escrowText, type EscrowText } from './libraryRules.ts';

const Text = styled.span<{ $tone: EscrowText['tone'] }>`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-variant-numeric: tabular-nums;
  font-weight: 600;
  color: ${({ theme, $tone }) => toneColors(theme, $tone).fg};
`;

export type EscrowLineProps = { payment: { status: string; escrowEndsAt: string | null | undefined } | null | undefined };

/** The payment's escrow state in one line of a library card; while escrowed, a live countdown to the release. */
export function EscrowLine({ payment }: EscrowLineProps) {
  const [now, setNow] = useState(() => Date.now());
  const ticking = payment?.status === 'escrowed';
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  const state = escrowText(payment, now);
  return (
    <Text $tone={state.tone} data-testid="escrow-status">
      {state.text}
    </Text>
  );
}
