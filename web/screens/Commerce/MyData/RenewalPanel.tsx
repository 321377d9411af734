import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { InvoiceLinks } from '../../../components/InvoiceLinks.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { RenewalPanel_purchase$key } from '../../../__generated__/RenewalPanel_purchase.graphql.ts';
import { formatDate, formatMoney } from '../../../format/format.ts';
import { toneColors, type Tone } from '../../../theme/theme.ts';
import { useSetAutoRenewMutation } from './SetAutoRenewMutation.ts';

const Box = styled.div<{ $tone: Tone }>`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 8px 10px;
  border-left: 2px solid ${({ theme, $tone }) => toneColors(theme, $tone).border};
  background: ${({ theme, $tone }) => toneColors(theme, $tone).bg};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.45;

  strong { color: ${({ theme, $tone }) => toneColors(theme, $tone).fg}; }
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 6px 12px;
`;

const Periods = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 4px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};

  li { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px; }
`;

const TONES: Record<string, Tone> = { scheduled: 'green', retrying: 'amber', failed: 'red', cancelled: 'neutral', off: 'neutral' };

/**
 * How a subscription renews, in the library card (docs/decisions.md, "Issue 26: subscriptions that
 * renew"): the next renewal and the kept card, a declined renewal and its retry, a cancelled one
 * with the end of access; the renewed periods with their invoices; cancel or turn back on.
 */
export function RenewalPanel({ purchase }: { purchase: RenewalPanel_purchase$key }) {
  const p = useFragment(
    graphql`
      fragment RenewalPanel_purchase on Purchase {
        purchaseId
        status
        autoRenew
        renewalStatus
        renewsAt
        renewalFailureReason
        accessExpiresAt
        savedPaymentMethod {
          brand
          last4
        }
        contract {
          pricingModel
        }
        renewals {
          renewalId
          periodStart
          periodEnd
          outcome
          total
          invoiceNumber
          invoiceUrl
        }
      }
    `,
    purchase,
  );
  const [commit, busy] = useSetAutoRenewMutation();
  const { toast } = useToast();
  if (p.contract.pricingModel === 'one_time' || p.status !== 'active') return null;
  if (p.renewalStatus === 'off' && !p.renewalFailureReason && p.renewals.length === 0) return null;

  const card = p.savedPaymentMethod ? `${p.savedPaymentMethod.brand} •••• ${p.savedPaymentMethod.last4}` : null;
  const ends = formatDate(p.accessExpiresAt);
  const renewed = p.renewals.filter((r) => r.outcome === 'renewed');

  function set(autoRenew: boolean) {
    commit({
      variables: { input: { purchaseId: p.purchaseId, autoRenew } },
      onCompleted: ({ setPurchaseAutoRenew: r }) => {
        if (r.__typename !== 'MutationSetPurchaseAutoRenewSuccess') {
          toast({ variant: 'destructive', title: 'Renewal not changed', description: 'message' in r ? r.message : undefined });
          return;
        }
        toast(autoRenew ? { title: 'Renewal on', description: 'Your subscription renews automatically again.' } : { title: 'Renewal cancelled', description: `No more renewals: your access lasts until ${ends}.` });
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Renewal not changed', description: error.message });
      },
    });
  }

  let text;
  switch (p.renewalStatus) {
    case 'scheduled':
      text = (
        <>
          <strong>Renews automatically</strong> on {formatDate(p.renewsAt)}
          {card ? ` with ${card}` : ''}.
        </>
      );
      break;
    case 'retrying':
      text = (
        <>
          <strong>Renewal failed:</strong> {p.renewalFailureReason}. We try again on {formatDate(p.renewsAt)}; access ends {ends} otherwise.
        </>
      );
      break;
    case 'failed':
      text = (
        <>
          <strong>Renewal failed:</strong> {p.renewalFailureReason}. Your access ends {ends}.
        </>
      );
      break;
    case 'cancelled':
      text = (
        <>
          <strong>Renewal cancelled.</strong> Your access lasts until {ends}.
        </>
      );
      break;
    default:
      text = <>{p.renewalFailureReason}</>;
  }

  return (
    <Box $tone={TONES[p.renewalStatus] ?? 'neutral'} data-testid="renewal-panel">
      <Line>
        <span data-testid="renewal-status">{text}</span>
        {p.autoRenew ? (
          <Button size="sm" variant="ghost" busy={busy} onClick={() => set(false)}>
            Cancel renewal
          </Button>
        ) : (
          p.renewalStatus === 'cancelled' &&
          card && (
            <Button size="sm" variant="secondary" busy={busy} onClick={() => set(true)}>
              Renew automatically
            </Button>
          )
        )}
      </Line>
      {renewed.length > 0 && (
        <Periods aria-label="Renewed periods" data-testid="renewed-periods">
          {renewed.map((r) => (
            <li key={r.renewalId}>
              <span>
                Renewed {formatDate(r.periodStart)} → {formatDate(r.periodEnd)} · {formatMoney(r.total)}
              </span>
              <InvoiceLinks invoice={r.invoiceNumber && r.invoiceUrl ? { number: r.invoiceNumber, url: r.invoiceUrl } : null} />
            </li>
          ))}
        </Periods>
      )}
    </Box>
  );
}
