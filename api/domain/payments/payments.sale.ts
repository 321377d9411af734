// A sale, written once (docs/decisions.md, "Payments: the rooms"): what paying changes beyond the
// payment itself, across the areas, in the escrow's transaction (money and access must move
// together or not at all), and its undoing when a dispute refunds it. The news goes out only after
// the transaction committed (saleNews).
import type { Contract, Payment, PriceTick, Purchase } from '../../db/generated/prisma/client.ts';
import type { EventPublisher } from '../../events/events.ts';
import type { Jobs } from '../../jobs/job-runner.ts';
import { issueApiKey } from '../delivery/api-keys.ts';
import { BID_MACHINE } from '../market/bids.machine.ts';
import { marketPriceAfterSale } from '../market/price.rules.ts';
import { schedulePositionMarks } from '../trading/positions.service.ts';
import { transition, type Tx } from '../transitions/transition.ts';
import { scheduleAccessReminders } from './payments.access.ts';
import { grantAccess, revokeAccess } from './payments.purchases.ts';
import { extendForRenewal, startRenewing, undoRenewal } from '../subscriptions/renewals.schedule.ts';

export interface RecordedSale {
  purchase: Purchase;
  /** The purchase's API key in full: shown this once (empty for a renewal, which keeps its key). */
  apiKey: string;
  apiKeyPrefix: string;
  tick: PriceTick;
}

/**
 * Records a sale at escrow: the accepted bid it pays is settled (market), the buyer's purchase is
 * active with a new API key (delivery), the contract counts the sale and its market price is the
 * sale price (market), paper positions on it are marked at that price (trading), and the provider's
 * trade count grows (docs/decisions.md, "One trade count": a provider's trades are their paid sales).
 */
export async function recordSale(
  tx: Tx,
  jobs: Pick<Jobs, 'schedule'>,
  sale: { payment: Payment; pricingModel: Contract['pricingModel']; actorId: string | null; now: Date },
): Promise<RecordedSale> {
  const { payment, actorId, now } = sale;
  if (payment.bidId) {
    await transition(tx, { machine: BID_MACHINE, id: payment.bidId, from: 'accepted', to: 'settled', actorId, note: 'Paid at the bid amount', messages: { raced: 'This bid was paid meanwhile' } });
  }
  // A renewal's payment extends the purchase it renews (same API key); any other opens its access.
  const renewal = await tx.purchaseRenewal.findUnique({ where: { paymentId: payment.id } });
  let purchase: Purchase;
  let key = { key: '', prefix: '' };
  if (renewal) {
    purchase = await extendForRenewal(tx, jobs, renewal, now);
  } else {
    purchase = await grantAccess(tx, payment, { now, pricingModel: sale.pricingModel, actorId });
    await scheduleAccessReminders(tx, jobs, purchase, now);
    purchase = await startRenewing(tx, jobs, purchase, now);
    key = await issueApiKey(tx, { purchaseId: purchase.id, userId: payment.buyerId });
  }
  // The sale is a trade from escrow on (the market figures count escrowed money); the market
  // price is the price of the most recent sale.
  const marketPrice = marketPriceAfterSale(payment.amount.toFixed(2));
  await tx.contract.update({ where: { id: payment.contractId }, data: { salesCount: { increment: 1 }, marketPrice } });
  const tick = await tx.priceTick.create({ data: { contractId: payment.contractId, price: marketPrice, source: 'sale', createdAt: now } });
  await schedulePositionMarks(tx, jobs, tick);
  // One trade count (docs/decisions.md): a trade for both parties, a completed sale for the seller.
  await tx.user.update({ where: { id: payment.sellerId }, data: { tradeCount: { increment: 1 }, completedSales: { increment: 1 } } });
  await tx.user.update({ where: { id: payment.buyerId }, data: { tradeCount: { increment: 1 } } });
  return { purchase, apiKey: key.key, apiKeyPrefix: key.prefix, tick };
}

/** The market's news of a sale, once its transaction committed: the price tick, the listing, the figures. */
export function saleNews(events: EventPublisher, payment: { contractId: string }, contractStatus: Contract['status'], tick: PriceTick) {
  return () => {
    events.publish('priceTick', payment.contractId, { contractId: payment.contractId, price: tick.price.toFixed(2), source: 'sale', at: tick.createdAt.toISOString() });
    events.publish('contractChanged', payment.contractId, { contractId: payment.contractId, status: contractStatus });
    events.publish('marketStatsChanged');
  };
}

/**
 * A refund undoes the sale: the buyer's access ends (purchase revoked, API keys revoked) and the
 * sale no longer counts for the contract or the provider (the counters count paid payments). The
 * market price stays: it was the price of a sale that happened.
 */
export async function reverseSale(tx: Tx, payment: Pick<Payment, 'id' | 'contractId' | 'sellerId' | 'buyerId'>, at: { now: Date; actorId: string; note: string | null }): Promise<void> {
  // A refunded renewal gives its period back; a first payment's refund ends the access.
  if (!(await undoRenewal(tx, payment.id, at.now))) await revokeAccess(tx, payment.id, at);
  await tx.contract.update({ where: { id: payment.contractId }, data: { salesCount: { decrement: 1 } } });
  await tx.user.update({ where: { id: payment.sellerId }, data: { tradeCount: { decrement: 1 }, completedSales: { decrement: 1 } } });
  await tx.user.update({ where: { id: payment.buyerId }, data: { tradeCount: { decrement: 1 } } });
}
