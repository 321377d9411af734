// Disputes (docs/decisions.md, "Payments: the rooms"): the buyer disputes an escrowed payment
// within its window; an administrator settles it, refunding the buyer or releasing to the provider.
import type { User } from '../../db/generated/prisma/client.ts';
import { isRecordId } from '../../db/ids.ts';
import { parseInput } from '../parse-input.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError } from '../errors.ts';
import { parseMoney } from '../money/money.ts';
import { isAdmin } from '../policies.ts';
import { recordCreated, transition } from '../transitions/transition.ts';
import { recordEvent } from '../notifications/record-event.ts';
import { loadForBuyer, lockPayment, nowOf, PAYMENT_TRANSACTION, sendQuietly, type PaymentDeps } from './payments.deps.ts';
import { releaseJobKey } from './payments.escrow.ts';
import { disputeMoved, paymentMoved } from './payments.events.ts';
import { DISPUTE_MACHINE, PAYMENT_MACHINE } from './payments.machine.ts';
import { disputeOpenedMail, disputeSettledMails } from './payments.mails.ts';
import { mayOpenDispute } from './payments.rules.ts';
import { reverseSale } from './payments.sale.ts';
import { openDisputeInput, settleDisputeInput } from './payments.schemas.ts';

/**
 * The buyer disputes an escrowed payment within the 24-hour window: the release is cancelled and
 * an administrator decides. After the window, or on a payment not in escrow, the answer is 409.
 */
export async function openDispute(deps: PaymentDeps, viewer: User | null, raw: unknown) {
  if (!viewer) throw new AuthenticationError('Log in to raise a dispute');
  const input = parseInput(openDisputeInput, raw);
  const now = nowOf(deps);
  const { db } = deps;
  const found = await loadForBuyer(db, viewer, input.paymentId);
  const dispute = await db.$transaction(async (tx) => {
    await lockPayment(tx, found.id);
    const payment = await tx.payment.findUniqueOrThrow({ where: { id: found.id } });
    if (payment.status !== 'escrowed') throw new ConflictError(`Only a payment in escrow can be disputed; this one is ${payment.status}`, 'INVALID_TRANSITION');
    if (!mayOpenDispute(payment, now)) throw new ConflictError('The 24-hour dispute window has closed', 'ESCROW_WINDOW_CLOSED');
    const created = await tx.dispute.create({ data: { paymentId: payment.id, raisedById: viewer.id, reason: input.reason, description: input.description } });
    await recordCreated(tx, { machine: DISPUTE_MACHINE, id: created.id, status: 'open', actorId: viewer.id, note: input.reason });
    await transition(tx, { machine: PAYMENT_MACHINE, id: payment.id, from: 'escrowed', to: 'disputed', actorId: viewer.id, note: input.reason });
    await deps.jobs.cancel(tx, releaseJobKey(payment.id));
    await recordEvent(tx, deps.jobs, 'dispute.opened', { disputeId: created.id, paymentId: payment.id, contractId: payment.contractId }, now);
    return { created, payment };
  }, PAYMENT_TRANSACTION);
  paymentMoved(deps.events, dispute.payment, 'escrowed', 'disputed')();
  disputeMoved(deps.events, dispute.payment, dispute.created)();
  const provider = await db.user.findUniqueOrThrow({ where: { id: dispute.payment.sellerId } });
  await sendQuietly(deps, [disputeOpenedMail(provider, found.contract, dispute.payment, input.reason)]);
  return dispute.created;
}

/**
 * An administrator settles a disputed payment: refund (the buyer's money back, access revoked, the
 * trade no longer counts) or release (the provider is paid). Buyer and provider get a mail.
 *
 * Of two settlements at once only one reaches the provider: the payment's row is locked before the
 * refund and held until the settlement commits, so the second waits, finds the dispute settled and
 * is answered 409. Holding a connection across the provider's call is acceptable here (an
 * administrator's rare action, bounded by PAYMENT_TRANSACTION); a refund is idempotent per payment
 * at the provider, so if this process dies after the refund and before the commit, settling again
 * refunds nothing more (docs/decisions.md, "Payments: one confirmation charges").
 */
export async function settleDispute(deps: PaymentDeps, admin: User | null, raw: unknown) {
  if (!admin) throw new AuthenticationError();
  if (!isAdmin(admin)) throw new PermissionError('Admin access required', 'ADMIN_REQUIRED');
  const input = parseInput(settleDisputeInput, raw);
  const { db } = deps;
  const now = nowOf(deps);
  const found = isRecordId(input.paymentId) ? await db.payment.findUnique({ where: { id: input.paymentId }, include: { dispute: true } }) : null;
  if (!found) throw new NotFoundError('Payment not found');
  if (found.status !== 'disputed' || !found.dispute) throw new ConflictError(`Only a disputed payment can be settled; this one is ${found.status}`, 'INVALID_TRANSITION');
  const note = input.note ?? null;
  const to = input.decision === 'refund' ? ('refunded' as const) : ('released' as const);
  const messages = { raced: 'This dispute was settled meanwhile' };
  const settled = await db.$transaction(async (tx) => {
    await lockPayment(tx, found.id);
    const payment = await tx.payment.findUniqueOrThrow({ where: { id: found.id }, include: { dispute: true } });
    if (payment.status !== 'disputed' || payment.dispute?.status !== 'open') throw new ConflictError(messages.raced, 'INVALID_TRANSITION');
    if (to === 'refunded') {
      const refund = await deps.provider.refund({ paymentId: payment.id, reference: payment.stripePaymentIntentId, amountCents: parseMoney(payment.total.toFixed(2)) });
      if (!refund.ok) throw new ConflictError(`The payment provider refused the refund: ${refund.reason}`);
    } else {
      // A refund that went through before a crash cannot be followed by a release.
      const charge = await deps.provider.lookup({ paymentId: payment.id });
      if (charge?.status === 'refunded') throw new ConflictError('The payment provider has already refunded this payment: settle the dispute with a refund', 'INVALID_TRANSITION');
    }
    await transition(tx, { machine: DISPUTE_MACHINE, id: payment.dispute.id, from: 'open', to, actorId: admin.id, note, data: { resolution: note, resolvedById: admin.id, resolvedAt: now }, messages });
    await transition(tx, {
      machine: PAYMENT_MACHINE,
      id: payment.id,
      from: 'disputed',
      to,
      actorId: admin.id,
      note,
      data: to === 'refunded' ? { refundedAt: now } : { releasedAt: now },
      messages,
    });
    // A refunded trade is no longer a trade: the buyer's access ends and the counters drop it.
    if (to === 'refunded') await reverseSale(tx, payment, { now, actorId: admin.id, note });
    const ids = { disputeId: payment.dispute.id, paymentId: payment.id, contractId: payment.contractId };
    await recordEvent(tx, deps.jobs, 'dispute.settled', { ...ids, outcome: to }, now);
    await recordEvent(tx, deps.jobs, `payment.${to}`, ids, now);
    return tx.payment.findUniqueOrThrow({ where: { id: payment.id }, include: { dispute: true, contract: true, buyer: true, seller: true } });
  }, PAYMENT_TRANSACTION);
  paymentMoved(deps.events, settled, 'disputed', to)();
  disputeMoved(deps.events, settled, settled.dispute!)();
  deps.events.publish('marketStatsChanged');
  await sendQuietly(deps, disputeSettledMails(settled.buyer, settled.seller, settled.contract, settled, input.decision, note));
  return settled;
}
