/**
 * Whether the buyer may still raise a dispute: the money is in escrow and the 24-hour window has
 * not closed. The server checks the same (docs/decisions.md, "Commerce (server side): payments,
 * escrow and disputes"); the page only stops offering what would be refused.
 */
export function disputeOpen(status: string, escrowEndsAt: string | null | undefined, now: number = Date.now()): boolean {
  return status === 'escrowed' && escrowEndsAt != null && new Date(escrowEndsAt).getTime() > now;
}

/** The six reasons, in words. */
export const DISPUTE_REASONS = [
  { value: 'data_quality', label: 'Data quality' },
  { value: 'incomplete_data', label: 'Incomplete data' },
  { value: 'wrong_format', label: 'Wrong format' },
  { value: 'access_issues', label: 'Access issues' },
  { value: 'misleading_description', label: 'Misleading description' },
  { value: 'other', label: 'Other' },
] as const;

export type DisputeReason = (typeof DISPUTE_REASONS)[number]['value'];

export function disputeReasonLabel(reason: string): string {
  return DISPUTE_REASONS.find((r) => r.value === reason)?.label ?? reason;
}
