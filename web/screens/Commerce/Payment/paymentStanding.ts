// Where the viewer's latest payment for a contract leaves the payment page. The server has the
// last word (paying a one_time data set twice is refused, a disputed payment cannot be paid
// again); this only keeps the page from offering what the server would refuse, and says why.

export type PaymentStanding =
  /** no payment yet, or one that can be (re)tried: the form is open */
  | 'none'
  | 'pending'
  | 'failed'
  | 'refunded'
  /** paid and held in escrow, or released: owned (one_time) or renewable (subscriptions) */
  | 'owned'
  | 'renewable'
  /** under dispute: wait for the administrator */
  | 'disputed'
  /** being confirmed with the payment provider right now (another tab, a lost answer): wait for its end */
  | 'processing';

export function paymentStanding(status: string | null | undefined, pricingModel: string): PaymentStanding {
  switch (status) {
    case null:
    case undefined:
      return 'none';
    case 'pending':
    case 'failed':
    case 'refunded':
      return status;
    case 'escrowed':
    case 'released':
      return pricingModel === 'one_time' ? 'owned' : 'renewable';
    case 'disputed':
      return 'disputed';
    case 'processing':
      return 'processing';
    default:
      return 'none';
  }
}

/** Whether the pay button may be offered for this standing. */
export function standingAllowsPaying(standing: PaymentStanding): boolean {
  return standing !== 'owned' && standing !== 'disputed' && standing !== 'processing';
}
