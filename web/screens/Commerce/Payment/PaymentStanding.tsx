import { graphql, useFragment } from 'react-relay';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Icon } from '../../../components/Icon.tsx';
import type { PaymentStanding_payment$key } from '../../../__generated__/PaymentStanding_payment.graphql.ts';
import { formatDateTime, formatMoney } from '../../../format/format.ts';
import { Notice, NoticeActions } from './paymentLayout.ts';
import type { PaymentStanding as Standing } from './paymentStanding.ts';

export type PaymentStandingProps = { payment: PaymentStanding_payment$key; standing: Standing };

/** What the viewer's latest payment for this contract means for paying now, with the way on. */
export function PaymentStanding({ payment, standing }: PaymentStandingProps) {
  const p = useFragment(
    graphql`
      fragment PaymentStanding_payment on Payment {
        contractId
        status
        total
        escrowEndsAt
        releasedAt
        failureReason
      }
    `,
    payment,
  );
  const escrowLink = (
    <ButtonLink to={`/payment-success/${p.contractId}`} size="sm" variant="primary" icon={<Icon name="lock" size={12} />}>
      View escrow status
    </ButtonLink>
  );
  const libraryLink = (
    <ButtonLink to="/my-data" size="sm" icon={<Icon name="download" size={12} />}>
      Go to My Data
    </ButtonLink>
  );
  const paid = p.status === 'released' ? `released to the provider${p.releasedAt ? ` on ${formatDateTime(p.releasedAt)}` : ''}` : `held in escrow until ${formatDateTime(p.escrowEndsAt)}`;

  switch (standing) {
    case 'owned':
      return (
        <Notice $tone="green" role="status" data-testid="payment-standing">
          <span>
            <strong>You already own this data set.</strong> Your payment of {formatMoney(p.total)} is {paid}. A one-time purchase is paid once: download it from your library.
          </span>
          <NoticeActions>
            {libraryLink}
            {escrowLink}
          </NoticeActions>
        </Notice>
      );
    case 'renewable':
      return (
        <Notice $tone="blue" role="status" data-testid="payment-standing">
          <span>
            <strong>You subscribe to this data set.</strong> Your last payment of {formatMoney(p.total)} is {paid}. Paying again renews the
            subscription: the new period starts when the current one ends.
          </span>
          <NoticeActions>
            {libraryLink}
            {escrowLink}
          </NoticeActions>
        </Notice>
      );
    case 'disputed':
      return (
        <Notice $tone="amber" role="status" data-testid="payment-standing">
          <span>
            <strong>Your payment is under dispute.</strong> An administrator reviews it within 24 hours; you cannot pay again meanwhile.
          </span>
          <NoticeActions>{escrowLink}</NoticeActions>
        </Notice>
      );
    case 'processing':
      return (
        <Notice $tone="blue" role="status" data-testid="payment-standing">
          <span>
            <strong>Your payment of {formatMoney(p.total)} is being confirmed.</strong> The payment provider has not answered yet; your card is charged at
            most once. This page follows it and shows how it ends.
          </span>
        </Notice>
      );
    case 'failed':
      return (
        <Notice $tone="red" role="status" data-testid="payment-standing">
          <span>
            <strong>Your last payment did not go through</strong>
            {p.failureReason ? `: ${p.failureReason}.` : '.'} {/voided|nothing was taken|not charged/i.test(p.failureReason ?? '') ? '' : 'Nothing was charged; '}you can try again.
          </span>
        </Notice>
      );
    case 'refunded':
      return (
        <Notice $tone="neutral" role="status" data-testid="payment-standing">
          <span>
            <strong>Your last payment was refunded</strong> after a dispute. You can buy the data set again.
          </span>
        </Notice>
      );
    default:
      return null;
  }
}
