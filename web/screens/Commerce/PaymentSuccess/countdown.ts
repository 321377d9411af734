/** Milliseconds left as 'hh:mm:ss' (hours may pass 99; never negative). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/** What the countdown says for a payment that is no longer counting down. */
export function settledLabel(status: string): string | null {
  switch (status) {
    case 'released':
      return 'Released';
    case 'refunded':
      return 'Refunded';
    case 'disputed':
      return 'Disputed';
    default:
      return null;
  }
}
