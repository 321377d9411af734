import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Icon } from '../../../components/Icon.tsx';
import type { PaymentStanding_payment$key } from '../../../__generated__/PaymentStanding_payment.graphql.ts';
import { formatDateTime, formatMoney } from '../../../format/format.ts';
import type { Tone } from '../../../theme/theme.ts';
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

  const notice = ((): { tone: Tone; heading: ReactNode; text: ReactNode; actions?: ReactNode } | null => {
    switch (standing) {
      case 'owned':
        return {
          tone: 'green',
          heading: 'You already own this data set.',
          text: <> Your payment of {formatMoney(p.total)} is {paid}. A one-time purchase is paid once: download it from your library.</>,
          actions: (
            <>
              {libraryLink}
              {escrowLink}
            </>
          ),
        };
      case 'renewable':
        return {
          tone: 'blue',
          heading: 'You subscribe to this data set.',
          text: (
            <>
              {' '}
              Your last payment of {formatMoney(p.total)} is {paid}. Paying again renews the subscription: the new period starts when the current one ends.
            </>
          ),
          actions: (
            <>
              {libraryLink}
              {escrowLink}
            </>
          ),
        };
      case 'disputed':
        return {
          tone: 'amber',
          heading: 'Your payment is under dispute.',
          text: ' An administrator reviews it within 24 hours; you cannot pay again meanwhile.',
          actions: escrowLink,
        };
      case 'processing':
        return {
          tone: 'blue',
          heading: <>Your payment of {formatMoney(p.total)} is being confirmed.</>,
          text: ' The payment provider has not answered yet; your card is charged at most once. This page follows it and shows how it ends.',
        };
      case 'failed':
        return {
          tone: 'red',
          heading: 'Your last payment did not go through',
          text: (
            <>
              {p.failureReason ? `: ${p.failureReason}.` : '.'} {/voided|nothing was taken|not charged/i.test(p.failureReason ?? '') ? '' : 'Nothing was charged; '}you can try again.
            </>
          ),
        };
      case 'refunded':
        return { tone: 'neutral', heading: 'Your last payment was refunded', text: ' after a dispute. You can buy the data set again.' };
      default:
        return null;
    }
  })();
  if (!notice) return null;
  return (
    <Notice $tone={notice.tone} role="status" data-testid="payment-standing">
      <span>
        <strong>{notice.heading}</strong>
        {notice.text}
      </span>
      {notice.actions && <NoticeActions>{notice.actions}</NoticeActions>}
    </Notice>
  );
}
