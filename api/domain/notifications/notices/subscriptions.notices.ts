import { str, usd, type Describer } from './notice.ts';

// Subscriptions' notices (docs/decisions.md "Issue 26: subscriptions that renew"): the buyer alone
// hears of their renewals (the provider hears of the money as of any sale: payment.escrowed). Each
// leads to the library, where renewing is shown and cancelled.

const LIBRARY = '/my-data';
const day = (iso: unknown) => str(iso).slice(0, 10);

const purchaseOf = (tx: Parameters<Describer>[0], data: Record<string, unknown>) =>
  tx.purchase.findUnique({ where: { id: str(data.purchaseId) }, select: { buyerId: true, accessExpiresAt: true, savedPaymentMethod: { select: { brand: true, last4: true } }, contract: { select: { title: true } } } });

const cardOf = (p: { savedPaymentMethod: { brand: string; last4: string } | null }) =>
  p.savedPaymentMethod ? `${p.savedPaymentMethod.brand} ending ${p.savedPaymentMethod.last4}` : 'your kept card';

export const subscriptionsNotices: Record<string, Describer> = {
  'subscription.renewal_upcoming': async (tx, data) => {
    const p = await purchaseOf(tx, data);
    if (!p) return [];
    return [
      {
        userId: p.buyerId,
        title: `Your subscription renews on ${day(data.renewsAt)}`,
        body: `"${p.contract.title}" renews on ${day(data.renewsAt)}: ${usd(str(data.total))} will be charged to ${cardOf(p)}. Cancel the renewal in your library if you no longer need it.`,
        link: LIBRARY,
      },
    ];
  },
  'subscription.renewed': async (tx, data) => {
    const p = await purchaseOf(tx, data);
    if (!p) return [];
    return [{ userId: p.buyerId, title: 'Your subscription renewed', body: `"${p.contract.title}" renewed: your access now runs until ${day(data.accessExpiresAt)}. The receipt is in your mail.`, link: LIBRARY }];
  },
  'subscription.renewal_failed': async (tx, data) => {
    const p = await purchaseOf(tx, data);
    if (!p) return [];
    const next = data.retryAt ? `We will try again on ${day(data.retryAt)}.` : `Your access ends on ${day(data.accessEndsAt)}.`;
    return [{ userId: p.buyerId, title: 'Your subscription could not renew', body: `Renewing "${p.contract.title}" failed: ${str(data.reason)}. ${next}`, link: LIBRARY }];
  },
  'subscription.cancelled': async (tx, data) => {
    const p = await purchaseOf(tx, data);
    if (!p) return [];
    const until = data.accessEndsAt ? ` Your access lasts until ${day(data.accessEndsAt)}.` : '';
    return [{ userId: p.buyerId, title: 'Renewal cancelled', body: `"${p.contract.title}" will not renew.${until}`, link: LIBRARY }];
  },
};
