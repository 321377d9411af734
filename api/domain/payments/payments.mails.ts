import type { Contract, Payment, User } from '../../db/generated/prisma/client.ts';
import type { Mail } from '../../mail/mailer.ts';
import { formatUsd, parseMoney } from '../money/money.ts';

const usd = (v: Payment['amount']) => formatUsd(parseMoney(v.toFixed(2)));

/** The provider hears that a buyer disputed a sale: the payout is held until an administrator decides. */
export function disputeOpenedMail(provider: User, contract: Contract, payment: Payment, reason: string): Mail {
  return {
    to: provider.email,
    subject: `A buyer disputed the sale of "${contract.title}"`,
    text: [
      `Hello ${provider.name},`,
      '',
      `A buyer raised a dispute (${reason.replace(/_/g, ' ')}) about their purchase of "${contract.title}" for ${usd(payment.amount)}.`,
      'Your payout is held until an administrator reviews it; disputes are reviewed within 24 hours.',
    ].join('\n'),
  };
}

/** Buyer and provider both hear how an administrator settled a dispute. */
export function disputeSettledMails(buyer: User, provider: User, contract: Contract, payment: Payment, decision: 'refund' | 'release', note: string | null): Mail[] {
  const noteLines = note ? ['', `Administrator's note: ${note}`] : [];
  if (decision === 'refund') {
    return [
      {
        to: buyer.email,
        subject: `Your dispute about "${contract.title}" was decided: refunded`,
        text: [`Hello ${buyer.name},`, '', `Your payment of ${usd(payment.total)} for "${contract.title}" is refunded. Your access to the data has ended.`, ...noteLines].join('\n'),
      },
      {
        to: provider.email,
        subject: `The dispute about "${contract.title}" was decided: refunded to the buyer`,
        text: [`Hello ${provider.name},`, '', `The sale of "${contract.title}" for ${usd(payment.amount)} was refunded to the buyer after review; no payout is made.`, ...noteLines].join('\n'),
      },
    ];
  }
  return [
    {
      to: buyer.email,
      subject: `Your dispute about "${contract.title}" was decided: released`,
      text: [`Hello ${buyer.name},`, '', `After review, your payment for "${contract.title}" was released to the provider. Your access to the data continues.`, ...noteLines].join('\n'),
    },
    {
      to: provider.email,
      subject: `The dispute about "${contract.title}" was decided: released to you`,
      text: [`Hello ${provider.name},`, '', `The disputed sale of "${contract.title}" was released to you: your payout is ${usd(payment.providerAmount)} (90%).`, ...noteLines].join('\n'),
    },
  ];
}
