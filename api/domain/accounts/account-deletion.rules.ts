// What keeps an account from being deleted, and how the refusal says it (docs/decisions.md
// "Issue 25: account settings"). Pure: the counts come from account-deletion.service.ts.

/** What the user still has to settle, counted. */
export interface DeletionBlockers {
  /** Payments of theirs (as buyer or seller) being paid or held in escrow. */
  escrow: number;
  /** Disputes open on their payments, as buyer or seller. */
  disputes: number;
  /** Their listings on the market (active or paused) that buyers still have access to. */
  listingsWithBuyers: number;
  /** Accepted bids (theirs, or on their listings) waiting to be paid. */
  acceptedBids: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Each blocker as one phrase that says what to do about it; empty when nothing blocks. */
export function blockerPhrases(b: DeletionBlockers): string[] {
  const phrases: string[] = [];
  if (b.escrow) phrases.push(`${plural(b.escrow, 'payment', 'payments')} in escrow (wait until released or refunded)`);
  if (b.disputes) phrases.push(`${plural(b.disputes, 'open dispute', 'open disputes')} (wait until an administrator settles it)`);
  if (b.listingsWithBuyers) phrases.push(`${plural(b.listingsWithBuyers, 'active listing', 'active listings')} with buyers who still have access (delist it first)`);
  if (b.acceptedBids) phrases.push(`${plural(b.acceptedBids, 'accepted bid', 'accepted bids')} waiting for payment`);
  return phrases;
}

/** The refusal, naming what to settle first; null when the account may go. */
export function deletionBlockedMessage(b: DeletionBlockers): string | null {
  const phrases = blockerPhrases(b);
  return phrases.length ? `Settle these before deleting your account: ${phrases.join('; ')}.` : null;
}

/** The name a deleted account shows wherever it stays (payments, sales, reviews, messages, disputes). */
export const DELETED_USER_NAME = 'Deleted user';

/** Unique stand-ins for the identifiers a deleted account gives up, so they can be registered again. */
export function placeholderIdentity(userId: string) {
  return { email: `deleted-${userId}@deleted.invalid`, username: `deleted-${userId}` };
}

/** A password hash no password matches (api/domain/accounts/password.ts reads only scrypt$ hashes). */
export const UNUSABLE_PASSWORD_HASH = '!deleted';
