// Whether a purchase opens its data, decided from the purchase and its payment alone (no database),
// so the library, the access call and the download route agree.
import type { PaymentStatus, PurchaseStatus } from '../../db/generated/prisma/enums.ts';
import { PermissionError } from '../errors.ts';

export type AccessDenial = 'payment_pending' | 'revoked' | 'expired';

export interface AccessState {
  hasAccess: boolean;
  /** The access period is over (accessExpiresAt passed, or the purchase was marked expired). */
  accessExpired: boolean;
  /** Why there is no access; null when there is. */
  denial: AccessDenial | null;
}

/**
 * Access is live while the purchase is active, its period (if any) has not ended, and its payment
 * (if it has one) holds money: escrowed, disputed (the buyer keeps the data while an administrator
 * decides) or released. A pending or failed payment opens nothing; a refund revokes access.
 */
export function accessState(
  purchase: { status: PurchaseStatus; accessExpiresAt: Date | null },
  payment: { status: PaymentStatus } | null | undefined,
  now: Date,
): AccessState {
  const accessExpired = purchase.status === 'expired' || (purchase.accessExpiresAt !== null && purchase.accessExpiresAt.getTime() <= now.getTime());
  let denial: AccessDenial | null = null;
  if (purchase.status === 'revoked' || payment?.status === 'refunded') denial = 'revoked';
  else if (purchase.status === 'pending' || payment?.status === 'pending' || payment?.status === 'failed') denial = 'payment_pending';
  else if (accessExpired) denial = 'expired';
  return { hasAccess: denial === null, accessExpired, denial };
}

const DENIAL_MESSAGES: Record<AccessDenial, string> = {
  payment_pending: 'No access yet: the payment for this purchase is not complete',
  // One word for it everywhere (docs/decisions.md, "A refunded purchase reads Refunded").
  revoked: 'Refunded: this purchase no longer opens its data',
  expired: 'Access expired: renew the purchase to download again',
};

export function denialMessage(denial: AccessDenial): string {
  return DENIAL_MESSAGES[denial];
}

/** Throws FORBIDDEN (ACCESS_EXPIRED for an ended period) unless the access is live. */
export function assertMayUseAccess(state: AccessState): void {
  if (state.denial) throw new PermissionError(denialMessage(state.denial), state.denial === 'expired' ? 'ACCESS_EXPIRED' : 'NOT_ALLOWED');
}

export interface ExternalAccess {
  url: string;
  instructions: string | null;
}

/**
 * The provider's own link and how to use it, for a listing delivered that way (external_link, or
 * both), shown to whoever may read the purchase while its access is live; the download route answers
 * the same. A file-only listing, a listing without a link or a purchase without access has none.
 */
export function externalAccessOf(
  contract: { dataAccessType: 'file_upload' | 'external_link' | 'both'; dataAccessUrl: string | null; accessInstructions: string | null },
  state: AccessState,
): ExternalAccess | null {
  if (!state.hasAccess || contract.dataAccessType === 'file_upload' || !contract.dataAccessUrl) return null;
  return { url: contract.dataAccessUrl, instructions: contract.accessInstructions };
}
