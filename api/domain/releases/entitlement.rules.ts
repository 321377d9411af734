import { accessState } from '../delivery/delivery.rules.ts';
import type { PaymentStatus, PurchaseStatus } from '../../db/generated/prisma/enums.ts';

// Which releases a buyer may take (docs/decisions.md "Issue 26: releases"), decided from their
// purchases of the listing and the listing's releases alone (no database), so the library, the
// download and the notices agree.

export interface EntitlementPurchase {
  status: PurchaseStatus;
  purchaseDate: Date;
  /** Null for a one-time purchase (no period); a subscription's end of access. */
  accessExpiresAt: Date | null;
  payment: { status: PaymentStatus } | null;
}

export interface ReleaseStamp {
  sequence: number;
  publishedAt: Date;
}

/** A purchase that was paid for (its access live or ended): refunded or unpaid ones entitle nothing. */
const paid = (p: EntitlementPurchase, now: Date) => {
  const denial = accessState(p, p.payment, now).denial;
  return denial === null || denial === 'expired';
};

/**
 * The sequences one purchase entitles. A one-time purchase: every release published up to its
 * purchase. A subscription (it has an access period): the latest release at its purchase, and
 * every release published while its access lasts.
 */
export function entitledByPurchase(purchase: EntitlementPurchase, releases: readonly ReleaseStamp[]): Set<number> {
  const atPurchase = releases.filter((r) => r.publishedAt.getTime() <= purchase.purchaseDate.getTime());
  if (purchase.accessExpiresAt === null) return new Set(atPurchase.map((r) => r.sequence));
  const latest = Math.max(0, ...atPurchase.map((r) => r.sequence));
  const during = releases.filter((r) => r.publishedAt.getTime() > purchase.purchaseDate.getTime() && r.publishedAt.getTime() < purchase.accessExpiresAt!.getTime());
  return new Set([...(latest ? [latest] : []), ...during.map((r) => r.sequence)]);
}

/**
 * What a buyer's purchases of one listing entitle together, newest sequence first: a renewal is
 * another purchase, so a subscriber who kept paying keeps every release of every period.
 */
export function entitledSequences(purchases: readonly EntitlementPurchase[], releases: readonly ReleaseStamp[], now: Date): number[] {
  const all = new Set<number>();
  for (const p of purchases) if (paid(p, now)) for (const s of entitledByPurchase(p, releases)) all.add(s);
  return [...all].sort((a, b) => b - a);
}
