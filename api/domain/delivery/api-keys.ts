// API keys for data delivery (docs/decisions.md, "Commerce (server side): API keys and data delivery"). A key is shown in full once, when it is
// issued; the database keeps only its sha256 (so a leaked database leaks no key) and a short
// prefix the library shows so the buyer can tell keys apart.
import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { Tx } from '../transitions/transition.ts';
import { isBuyerOf, type Viewer } from '../policies.ts';
import { isRecordId } from '../../db/ids.ts';
import { NotFoundError } from '../errors.ts';
import { accessState, assertMayUseAccess } from './delivery.rules.ts';

/** Every key starts with this, so a key pasted into a chat or a repository is recognisable (and scannable). */
export const API_KEY_PREFIX = 'dpk_';
/** How much of a key the library shows: the marker and 8 random characters. */
export const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
// 32 random bytes in base64url are 43 characters.
const KEY_SHAPE = /^dpk_[A-Za-z0-9_-]{43}$/;

export function hashApiKey(rawKey: string): string {
  return crypto.createHash('sha256').update(rawKey).digest('hex');
}

/** A new random key: `dpk_` and 32 random bytes in base64url. */
export function generateApiKey(): { key: string; prefix: string; keyHash: string } {
  const key = API_KEY_PREFIX + crypto.randomBytes(32).toString('base64url');
  return { key, prefix: key.slice(0, SHOWN_PREFIX_LENGTH), keyHash: hashApiKey(key) };
}

export interface IssuedApiKey {
  /** The full key: return it to the caller once, it is not stored. */
  key: string;
  prefix: string;
  id: string;
}

/**
 * Issues a key for the purchase and revokes any key it had, in the caller's transaction (escrow
 * calls it when the money is held). The caller decides who may ask; this only writes.
 */
export async function issueApiKey(tx: Tx, { purchaseId, userId }: { purchaseId: string; userId: string }): Promise<IssuedApiKey> {
  const now = new Date();
  await tx.apiKey.updateMany({ where: { purchaseId, revokedAt: null }, data: { revokedAt: now } });
  const { key, prefix, keyHash } = generateApiKey();
  const row = await tx.apiKey.create({ data: { purchaseId, userId, prefix, keyHash, createdAt: now } });
  return { key, prefix, id: row.id };
}

/**
 * Holds the purchase row until the transaction ends, so two requests that both find "no key yet"
 * (a double click on the access call, Rotate twice) run one after the other instead of both issuing.
 */
export async function lockPurchase(tx: Tx, purchaseId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "Purchase" WHERE id = ${purchaseId} FOR UPDATE`;
}

/** The buyer's own purchase, or NOT_FOUND (somebody else's purchase is an unknown one). */
export async function loadOwnPurchase(db: Db | Tx, viewer: Viewer, purchaseId: string) {
  const purchase = isRecordId(purchaseId)
    ? await db.purchase.findUnique({ where: { id: purchaseId }, include: { payment: true, contract: { select: { id: true, providerId: true, dataAccessType: true } } } })
    : null;
  if (!purchase || !isBuyerOf(viewer, purchase)) throw new NotFoundError('Purchase not found');
  return purchase;
}

/**
 * Revokes the purchase's key(s) and issues a new one, returned in full this once. Only the buyer,
 * and only while the access is live: a key for an expired or refunded purchase would open nothing.
 */
export async function rotateApiKey(db: Db, viewer: Viewer, purchaseId: string): Promise<IssuedApiKey> {
  return db.$transaction(async (tx) => {
    const purchase = await loadOwnPurchase(tx, viewer, purchaseId);
    await lockPurchase(tx, purchase.id);
    assertMayUseAccess(accessState(purchase, purchase.payment, new Date()));
    return issueApiKey(tx, { purchaseId: purchase.id, userId: viewer.id });
  });
}

/** A key row with what delivery needs to decide: its purchase, the purchase's payment, contract and buyer. */
export async function lookupApiKey(db: Db | Tx, rawKey: string) {
  if (!KEY_SHAPE.test(rawKey)) return null;
  return db.apiKey.findUnique({
    where: { keyHash: hashApiKey(rawKey) },
    include: {
      purchase: {
        include: {
          payment: true,
          contract: true,
          buyer: { select: { id: true, username: true, email: true, isAdmin: true, dueDiligenceStatus: true } },
        },
      },
    },
  });
}
