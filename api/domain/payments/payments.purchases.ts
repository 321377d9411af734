// The buyer's Purchase, the access a payment buys (docs/decisions.md, "Payments: the rooms"). Its
// status moves only through PURCHASE_MACHINE, each move guarded and recorded with who made it.
import type { Payment, Purchase } from '../../db/generated/prisma/client.ts';
import type { PricingModel } from '../../db/generated/prisma/enums.ts';
import { recordCreated, transition, updateInStatus, type Tx } from '../transitions/transition.ts';
import { PURCHASE_MACHINE } from './payments.machine.ts';
import { accessExpiresAt } from './payments.rules.ts';

type Paying = Pick<Payment, 'id' | 'buyerId' | 'contractId' | 'amount'>;

async function createPending(tx: Tx, payment: Paying, actorId: string | null): Promise<Purchase> {
  const created = await tx.purchase.create({ data: { buyerId: payment.buyerId, contractId: payment.contractId, paymentId: payment.id, status: 'pending', amount: payment.amount } });
  await recordCreated(tx, { machine: PURCHASE_MACHINE, id: created.id, status: 'pending', actorId });
  return created;
}

/** One pending purchase per buyer and contract; it follows the latest attempt to pay (openTrade). */
export async function pendingPurchaseFor(tx: Tx, payment: Paying, actorId: string): Promise<Purchase> {
  const pending = await tx.purchase.findFirst({ where: { buyerId: payment.buyerId, contractId: payment.contractId, status: 'pending' }, orderBy: { purchaseDate: 'desc' } });
  if (!pending) return createPending(tx, payment, actorId);
  await updateInStatus(tx, { machine: PURCHASE_MACHINE, id: pending.id, status: 'pending', data: { paymentId: payment.id, amount: payment.amount } });
  return tx.purchase.findUniqueOrThrow({ where: { id: pending.id } });
}

/**
 * Escrow makes the payment's purchase active: access from now for the listing's period, or, for a
 * renewal, from the end of the current period when that is still ahead (paying again extends
 * access rather than restarting it).
 */
export async function grantAccess(tx: Tx, payment: Paying, at: { now: Date; pricingModel: PricingModel; actorId: string | null }): Promise<Purchase> {
  const { now, actorId } = at;
  const current = await tx.purchase.findFirst({
    where: { buyerId: payment.buyerId, contractId: payment.contractId, status: 'active', accessExpiresAt: { gt: now } },
    orderBy: { accessExpiresAt: 'desc' },
  });
  const from = current?.accessExpiresAt && current.accessExpiresAt > now ? current.accessExpiresAt : now;
  const purchase = (await tx.purchase.findFirst({ where: { paymentId: payment.id } })) ?? (await createPending(tx, payment, actorId));
  await transition(tx, {
    machine: PURCHASE_MACHINE,
    id: purchase.id,
    from: 'pending',
    to: 'active',
    actorId,
    note: 'Paid: the money is in escrow',
    data: { amount: payment.amount, purchaseDate: now, accessExpiresAt: accessExpiresAt(at.pricingModel, from) },
  });
  return tx.purchase.findUniqueOrThrow({ where: { id: purchase.id } });
}

/** A refund ends the access the payment bought: its purchase is revoked and its API keys stop working. */
export async function revokeAccess(tx: Tx, paymentId: string, at: { now: Date; actorId: string; note: string | null }): Promise<void> {
  const purchases = await tx.purchase.findMany({ where: { paymentId }, select: { id: true, status: true } });
  for (const p of purchases) {
    await transition(tx, { machine: PURCHASE_MACHINE, id: p.id, from: p.status, to: 'revoked', actorId: at.actorId, note: at.note ?? 'Refunded after a dispute' });
  }
  await tx.apiKey.updateMany({ where: { purchaseId: { in: purchases.map((p) => p.id) }, revokedAt: null }, data: { revokedAt: at.now } });
}
