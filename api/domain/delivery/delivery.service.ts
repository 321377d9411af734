// Delivery of purchased data: the library's access call, who may download or stream a contract's
// data, and the access log (docs/decisions.md, "Commerce (server side): API keys and data delivery").
import type { Db } from '../../db/database.ts';
import type { ApiKeyAction } from '../../db/generated/prisma/enums.ts';
import type { Tx } from '../transitions/transition.ts';
import type { Viewer } from '../policies.ts';
import { isRecordId } from '../../db/ids.ts';
import { AuthenticationError, PermissionError } from '../errors.ts';
import { accessState, assertMayUseAccess, denialMessage, type AccessState } from './delivery.rules.ts';
import { issueApiKey, loadOwnPurchase, lockPurchase, lookupApiKey } from './api-keys.ts';

export type UsageOutcome = 'ok' | 'issued' | 'denied' | 'aborted' | 'error';

export interface UsageRecord {
  apiKeyId: string | null;
  purchaseId: string | null;
  action: ApiKeyAction;
  bytes: number;
  outcome: UsageOutcome;
  statusCode: number;
  ip: string | null;
}

/** One row of the access log. */
export async function recordUsage(db: Db | Tx, usage: UsageRecord): Promise<void> {
  await db.apiKeyUsage.create({ data: { ...usage, bytes: BigInt(usage.bytes) } });
}

export interface DataAccessResult {
  purchaseId: string;
  /** The full key, only in the answer that issued it (a purchase that had no key yet). */
  apiKey: string | null;
  apiKeyPrefix: string | null;
  state: AccessState;
}

/**
 * The library's access call for the buyer's own purchase (others: NOT_FOUND). Reading access never
 * changes a key: with live access it answers the live key's prefix. The full key is shown only by
 * the answer that issues it, so a purchase with no live key yet (seeded, or bought before keys) gets
 * one here, in full this once; a key the buyer was shown (at escrow, by a rotation) keeps working
 * and is never shown again. Only rotate replaces a key (docs/decisions.md, "Reading access never
 * changes a key"). No access (payment pending, refunded, expired): FORBIDDEN, logged as denied.
 */
export async function requestDataAccess(db: Db, viewer: Viewer, purchaseId: string, ip: string | null): Promise<DataAccessResult> {
  const outcome = await db.$transaction(async (tx) => {
    const purchase = await loadOwnPurchase(tx, viewer, purchaseId);
    await lockPurchase(tx, purchase.id);
    const state = accessState(purchase, purchase.payment, new Date());
    const live = await tx.apiKey.findFirst({ where: { purchaseId: purchase.id, revokedAt: null }, orderBy: { createdAt: 'desc' } });
    if (!state.hasAccess) {
      await recordUsage(tx, { apiKeyId: live?.id ?? null, purchaseId: purchase.id, action: 'access', bytes: 0, outcome: 'denied', statusCode: 403, ip });
      return { state, result: null };
    }
    if (live) {
      await recordUsage(tx, { apiKeyId: live.id, purchaseId: purchase.id, action: 'access', bytes: 0, outcome: 'ok', statusCode: 200, ip });
      return { state, result: { purchaseId: purchase.id, apiKey: null, apiKeyPrefix: live.prefix, state } };
    }
    // No live key (the purchase row is locked, so a double click issues one): nothing to revoke.
    const issued = await issueApiKey(tx, { purchaseId: purchase.id, userId: viewer.id });
    await recordUsage(tx, { apiKeyId: issued.id, purchaseId: purchase.id, action: 'access', bytes: 0, outcome: 'issued', statusCode: 200, ip });
    return { state, result: { purchaseId: purchase.id, apiKey: issued.key, apiKeyPrefix: issued.prefix, state } };
  });
  // The denial is logged (evidence) before it is thrown, so it is not rolled back.
  if (!outcome.result) assertMayUseAccess(outcome.state);
  return outcome.result!;
}

/** Marks a rotation in the access log (a key was issued and shown): the buyer's evidence of when the old key stopped. */
export async function recordRotation(db: Db, purchaseId: string, apiKeyId: string, ip: string | null) {
  await recordUsage(db, { apiKeyId, purchaseId, action: 'access', bytes: 0, outcome: 'issued', statusCode: 200, ip });
}

export type DeliveryAuth =
  | {
      ok: true;
      apiKeyId: string | null;
      purchase: { id: string; buyerId: string; contractId: string };
      contract: { id: string; title: string; dataAccessType: string; dataAccessUrl: string | null; accessInstructions: string | null };
    }
  | { ok: false; error: AuthenticationError | PermissionError; apiKeyId: string | null; purchaseId: string | null };

const invalidKey = (message: string) => new AuthenticationError(message, 'INVALID_API_KEY');
const accessDenied = (message: string) => new PermissionError(message, 'ACCESS_DENIED');

/**
 * Who may take a contract's data with this key: the live key of a purchase of this contract with
 * live access. No key, an unknown key or a key rotated away: INVALID_API_KEY; another contract's
 * key, a pending payment, a refund (which also revokes the keys), an ended period: ACCESS_DENIED.
 */
export async function authorizeApiKey(db: Db, rawKey: string | undefined, contractId: string): Promise<DeliveryAuth> {
  if (!rawKey) return { ok: false, error: invalidKey('API key required: send it in the X-API-Key header'), apiKeyId: null, purchaseId: null };
  const key = await lookupApiKey(db, rawKey.trim());
  if (!key) return { ok: false, error: invalidKey('Invalid API key'), apiKeyId: null, purchaseId: null };
  const denied = (error: AuthenticationError | PermissionError) => ({ ok: false as const, error, apiKeyId: key.id, purchaseId: key.purchaseId });
  if (key.purchase.contractId !== contractId) return denied(accessDenied('This API key is for another contract'));
  // A refund revokes the purchase's keys too: the buyer is told why (403), not just that the key is dead.
  const state = accessState(key.purchase, key.purchase.payment, new Date());
  if (state.denial) return denied(accessDenied(denialMessage(state.denial)));
  if (key.revokedAt) return denied(invalidKey('This API key was revoked (rotated); use the current key'));
  return { ok: true, apiKeyId: key.id, purchase: key.purchase, contract: key.purchase.contract };
}

/**
 * The library's own download button: the logged-in buyer without a key (the browser only keeps the
 * key's prefix). Their purchase of the contract with live access, newest first.
 */
export async function authorizeBuyer(db: Db, viewer: Viewer, contractId: string): Promise<DeliveryAuth> {
  const purchases = isRecordId(contractId)
    ? await db.purchase.findMany({ where: { buyerId: viewer.id, contractId }, include: { payment: true, contract: true }, orderBy: { purchaseDate: 'desc' } })
    : [];
  if (!purchases.length) return { ok: false, error: accessDenied('You have not bought this contract'), apiKeyId: null, purchaseId: null };
  const now = new Date();
  const live = purchases.find((p) => accessState(p, p.payment, now).hasAccess);
  if (!live) {
    const state = accessState(purchases[0]!, purchases[0]!.payment, now);
    return { ok: false, error: accessDenied(denialMessage(state.denial!)), apiKeyId: null, purchaseId: purchases[0]!.id };
  }
  return { ok: true, apiKeyId: null, purchase: live, contract: live.contract };
}

/** The listing's data file (the newest one attached), or null for an external-link-only listing. */
export function contractDataFile(db: Db, contractId: string) {
  return db.dataFile.findFirst({ where: { contractId, kind: 'data' }, orderBy: { createdAt: 'desc' } });
}

/** A use began: the key's last use, the purchase's last access and, for a download from the start, its count. */
export async function noteUse(db: Db, auth: Extract<DeliveryAuth, { ok: true }>, countsAsDownload: boolean) {
  const now = new Date();
  await db.purchase.update({
    where: { id: auth.purchase.id },
    data: { lastAccessedAt: now, ...(countsAsDownload ? { downloadCount: { increment: 1 } } : {}) },
  });
  if (auth.apiKeyId) await db.apiKey.update({ where: { id: auth.apiKeyId }, data: { lastUsedAt: now } });
}
