// Keeping the card for renewals (docs/decisions.md, "Issue 26: subscriptions that renew"): after a
// checkout's charge succeeded and before its escrow, when the buyer chose to renew, the payment
// provider keeps the card and answers a token; we store the token with the brand, last four digits
// and expiry, never the number. A card that cannot be kept leaves the purchase not renewing (with
// the reason shown in the library): the payment itself is done and must not fail for it.
import type { CardDetails } from '../payments/payment-provider.ts';
import type { PaymentDeps } from '../payments/payments.deps.ts';

export async function keepCardForRenewal(deps: Pick<PaymentDeps, 'db' | 'provider' | 'logger'>, paymentId: string, card: CardDetails | null | undefined): Promise<void> {
  if (!card) return;
  const { db } = deps;
  try {
    const purchase = await db.purchase.findFirst({ where: { paymentId }, select: { id: true, buyerId: true, autoRenew: true } });
    if (!purchase?.autoRenew) return;
    const kept = await deps.provider.saveMethod({ card });
    if (!kept.ok) {
      await db.purchase.update({ where: { id: purchase.id }, data: { autoRenew: false, renewalFailureReason: kept.reason } });
      return;
    }
    const { token, brand, last4, expMonth, expYear } = kept.method;
    await db.$transaction(async (tx) => {
      const method = await tx.savedPaymentMethod.create({ data: { userId: purchase.buyerId, token, brand, last4, expMonth, expYear } });
      await tx.purchase.update({ where: { id: purchase.id }, data: { savedPaymentMethodId: method.id } });
    });
  } catch (err) {
    deps.logger?.warn({ err, paymentId }, 'renewals: could not keep the card; the subscription will not renew');
  }
}
