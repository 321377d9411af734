import { str, usd, type Describer, type Notice } from './notice.ts';

// The payments' notices (docs/decisions.md "Issue 25: notification events"): the provider hears of
// money held for them and paid out, the buyer of escrow ending. A payment settled by a dispute is
// told by dispute.settled, which names the outcome, so its parties are not told twice.

const paymentOf = (tx: Parameters<Describer>[0], data: Record<string, unknown>) =>
  tx.payment.findUnique({
    where: { id: str(data.paymentId) },
    select: { id: true, buyerId: true, sellerId: true, amount: true, total: true, providerAmount: true, contract: { select: { id: true, title: true } }, dispute: { select: { id: true } } },
  });

type Paid = NonNullable<Awaited<ReturnType<typeof paymentOf>>>;

/** Where each party follows a payment: the buyer its escrow page, the provider their sales. */
const buyerLink = (p: Paid) => `/payment-success/${p.contract.id}`;
const SALES_LINK = '/dashboard/payments';

export const paymentsNotices: Record<string, Describer> = {
  'payment.escrowed': async (tx, data) => {
    const p = await paymentOf(tx, data);
    if (!p) return [];
    // The buyer is on the payment's success page and gets the receipt: only the provider is told.
    return [
      {
        userId: p.sellerId,
        title: `Payment of ${usd(p.amount)} held in escrow`,
        body: `A payment of ${usd(p.amount)} for "${p.contract.title}" was received and is held in escrow; ${usd(p.providerAmount)} is paid out to you when it is released.`,
        link: SALES_LINK,
      },
    ];
  },
  'payment.released': async (tx, data) => {
    const p = await paymentOf(tx, data);
    if (!p || p.dispute) return [];
    const notices: Notice[] = [
      { userId: p.sellerId, title: `Escrow released: ${usd(p.providerAmount)}`, body: `The payment for "${p.contract.title}" was released from escrow: ${usd(p.providerAmount)} is paid out to you.`, link: SALES_LINK },
      { userId: p.buyerId, title: 'Escrow released to the provider', body: `Your payment of ${usd(p.total)} for "${p.contract.title}" was released to the provider; the dispute window has closed.`, link: buyerLink(p) },
    ];
    return notices;
  },
  'payment.refunded': async (tx, data) => {
    const p = await paymentOf(tx, data);
    if (!p || p.dispute) return [];
    return [
      { userId: p.buyerId, title: `Refunded: ${usd(p.total)}`, body: `Your payment of ${usd(p.total)} for "${p.contract.title}" was refunded; its access has ended.`, link: buyerLink(p) },
      { userId: p.sellerId, title: 'A payment was refunded', body: `The payment of ${usd(p.amount)} for "${p.contract.title}" was refunded to the buyer.`, link: SALES_LINK },
    ];
  },
};
