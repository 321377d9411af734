import { useEffect, useRef, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useNavigate, useRevalidator } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { PaymentForm_contract$key } from '../../../__generated__/PaymentForm_contract.graphql.ts';
import { formatMoney } from '../../../format/format.ts';
import { words } from '../../../format/labels.ts';
import { isPaidStatus, readPaymentStatus, useFollowPayment, type PaymentOutcome } from '../../shared/paymentStatus.ts';
import { newAttemptKey } from './attemptKey.ts';
import { cardDetails, checkCard, type CardForm } from './cardInput.ts';
import { CardFields } from './CardFields.tsx';
import { Notice } from './paymentLayout.ts';
import { CONFIRMING, METHOD_INFO, NOT_CHARGED, UNREACHABLE, type FormNotice } from './paymentNotices.ts';
import { PaymentMethodChoice, type PaymentMethod } from './PaymentMethodChoice.tsx';
import { usePaymentConfirmMutation } from './PaymentConfirmMutation.ts';
import { usePaymentCreateMutation } from './PaymentCreateMutation.ts';
import { StackForm } from '../../shared/StackForm.tsx';
import { useBillingDetails } from '../../shared/billing/useBillingDetails.ts';
import type { useBillingDetails_viewer$key } from '../../../__generated__/useBillingDetails_viewer.graphql.ts';
import { CheckoutBilling } from './CheckoutBilling.tsx';
import { AutoRenewChoice } from './AutoRenewChoice.tsx';

/** After 'Payment Successful' the page waits this long before showing the escrow status. */
const REDIRECT_DELAY_MS = 2000;

/** What the success page receives from this one (router state): the API key, shown there once. */
export type PaymentSuccessState = { apiKey: string; apiKeyPrefix: string };

const MethodInfo = styled.p`
  padding: 10px 12px;
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Secure = styled.p`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};
`;

const EMPTY_CARD: CardForm = { number: '', expiry: '', cvc: '' };

export type PaymentFormProps = {
  contract: PaymentForm_contract$key;
  /** the viewer: their billing details, prefilled and saved when paying */
  viewer: useBillingDetails_viewer$key;
  /** false when the viewer's latest payment rules paying out (owned one-time data set, dispute) */
  paymentOpen: boolean;
  /** the viewer already pays for this subscription: paying renews it */
  renewal: boolean;
};

/**
 * The method, the card and PAY. Paying is two calls: createPayment (the total shown, with one
 * idempotency key per attempt) then confirmPayment (the card goes to the payment provider, the
 * money into escrow). Toasts: 'Payment Successful', 'Payment Failed', 'Escrow Failed'.
 */
export function PaymentForm({ contract, viewer, paymentOpen, renewal }: PaymentFormProps) {
  const c = useFragment(
    graphql`
      fragment PaymentForm_contract on Contract {
        id
        contractId
        status
        pricingModel
        viewerIsProvider
        viewerQuote {
          total
        }
      }
    `,
    contract,
  );
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { toast } = useToast();
  const [commitCreate] = usePaymentCreateMutation();
  const [commitConfirm] = usePaymentConfirmMutation();
  const billing = useBillingDetails(viewer);
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [card, setCard] = useState<CardForm>(EMPTY_CARD);
  // a subscription paid by card may renew automatically (the buyer ticks it; off otherwise)
  const [autoRenew, setAutoRenew] = useState(false);
  const renewable = c.pricingModel !== 'one_time' && method === 'card';
  const [touched, setTouched] = useState<Partial<Record<keyof CardForm, boolean>>>({});
  const [processing, setProcessing] = useState(false);
  const [paid, setPaid] = useState(false);
  // why the last card was refused (declined, or voided): shown under the card number until it changes
  const [declined, setDeclined] = useState<string | null>(null);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  // a payment whose outcome the page is waiting for (processing, or unknown while offline)
  const [following, setFollowing] = useState<{ paymentId: string; unanswered: boolean; message: string | null } | null>(null);
  // One key per attempt: kept while the same attempt is retried (a lost answer), dropped when the
  // input changes, when the attempt ends in a declined (failed) payment, or when it succeeded.
  const attemptKey = useRef<string | null>(null);
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const total = c.viewerQuote?.total ?? null;
  const cardErrors = method === 'card' ? checkCard(card) : {};
  const formValid = Object.keys(cardErrors).length === 0;
  const active = c.status === 'active';
  const canPay = active && !c.viewerIsProvider && paymentOpen && total != null;
  const shownErrors = Object.fromEntries(Object.entries(cardErrors).filter(([field]) => touched[field as keyof CardForm]));

  function changeMethod(next: PaymentMethod) {
    attemptKey.current = null;
    setMethod(next);
  }

  function changeCard(next: CardForm) {
    attemptKey.current = null;
    setDeclined(null);
    setCard(next);
  }

  useFollowPayment(
    following?.paymentId ?? null,
    following != null,
    (outcome) => {
      const context = following;
      setFollowing(null);
      if (context) settle(outcome, context);
    },
    () => setNotice(CONFIRMING),
  );

  function paymentFailed(message: string | null | undefined) {
    toast({ variant: 'destructive', title: 'Payment Failed', description: message || 'Failed to process payment' });
    setProcessing(false);
  }

  /** Paid: 'Payment Successful', then the escrow status (with the API key when this answer carried it). */
  function succeed(state: PaymentSuccessState | null) {
    attemptKey.current = null;
    setNotice(null);
    setDeclined(null);
    setPaid(true);
    toast({ title: 'Payment Successful', description: 'Funds are now in escrow. You have 24 hours to raise any disputes.' });
    redirect.current = window.setTimeout(() => navigate(`/payment-success/${c.contractId}`, { state }), REDIRECT_DELAY_MS);
  }

  /** The payment is failed (declined, or charged and voided): the reason by the card, and the next try is a new payment. */
  function refused(reason: string) {
    attemptKey.current = null;
    setNotice(null);
    setDeclined(reason);
    paymentFailed(reason);
  }

  /**
   * Acts on where a payment stands after an answer that did not say (a refused confirmation, a
   * lost answer): paid goes to the escrow status, processing is followed, failed shows why;
   * still pending means the confirmation never happened.
   */
  function settle(outcome: PaymentOutcome | null, context: { paymentId: string; unanswered: boolean; message: string | null }) {
    if (outcome && isPaidStatus(outcome.status)) return succeed(null);
    if (outcome?.status === 'processing') {
      setNotice(CONFIRMING);
      setFollowing(context);
      return;
    }
    if (outcome?.status === 'failed') return refused(outcome.failureReason || 'Your payment did not go through');
    if (context.unanswered) {
      setNotice(NOT_CHARGED);
      setProcessing(false);
      return;
    }
    escrowFailed(context.message);
  }

  /** Reads the payment's status from the server; offline, waits until it can be read. */
  async function checkOutcome(paymentId: string, message: string | null, unanswered: boolean) {
    const context = { paymentId, unanswered, message };
    let outcome: PaymentOutcome | null;
    try {
      outcome = await readPaymentStatus(paymentId);
    } catch {
      setNotice(UNREACHABLE);
      setFollowing(context);
      return;
    }
    settle(outcome, context);
  }

  function escrowFailed(message: string | null | undefined) {
    toast({ variant: 'destructive', title: 'Escrow Failed', description: message || 'Failed to start escrow' });
    setProcessing(false);
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (processing || paid || !canPay || total == null) return;
    const details = method === 'card' ? cardDetails(card) : null;
    if (method === 'card' && !details) {
      setTouched({ number: true, expiry: true, cvc: true });
      return;
    }
    setProcessing(true);
    setNotice(null);
    setDeclined(null);
    // Billing details typed here go to the profile first: the invoice is issued from them.
    if (!billing.changed) return pay(details);
    void billing.save().then((problem) => (problem ? paymentFailed(problem) : pay(details)));
  }

  function pay(details: ReturnType<typeof cardDetails>) {
    if (total == null) return;
    attemptKey.current ??= newAttemptKey();
    commitCreate({
      variables: { input: { contractId: c.id, paymentMethod: method, amount: total, idempotencyKey: attemptKey.current, autoRenew: renewable ? autoRenew : null } },
      onCompleted: ({ createPayment: result }) => {
        if (result.__typename !== 'MutationCreatePaymentSuccess' || !result.data) {
          paymentFailed('message' in result ? result.message : null);
          // the price moved, the data set was bought meanwhile, or another tab's payment is being
          // confirmed: show what holds now (the page follows a payment being confirmed)
          if ('reason' in result && (result.reason === 'INVALID_AMOUNT' || result.reason === 'ALREADY_EXISTS' || result.reason === 'PAYMENT_IN_PROGRESS')) {
            attemptKey.current = null;
            void revalidator.revalidate();
          }
          return;
        }
        // The same attempt sent again (its answer was lost) answers the payment as it stands now.
        const { id, status, failureReason } = result.data;
        if (status === 'pending') confirm(id, details);
        else settle({ status, failureReason: failureReason ?? null }, { paymentId: id, unanswered: false, message: null });
      },
      onError: (error) => {
        // no payment was opened, so nothing was charged
        setNotice(NOT_CHARGED);
        paymentFailed(error.message);
      },
    });
  }

  function confirm(paymentId: string, details: ReturnType<typeof cardDetails>) {
    commitConfirm({
      variables: { input: { paymentId, card: details } },
      onCompleted: ({ confirmPayment: result }) => {
        if (result.__typename === 'MutationConfirmPaymentSuccess' && result.data) {
          succeed({ apiKey: result.data.apiKey, apiKeyPrefix: result.data.apiKeyPrefix });
          return;
        }
        const error = 'message' in result ? result : null;
        // the payment is now failed: the reason by the card; the next try is a new payment
        if (error?.reason === 'PAYMENT_DECLINED') return refused(error.message ?? 'Your card was declined');
        // refused for another reason (confirmed meanwhile, being confirmed, voided): its status says
        void checkOutcome(paymentId, error?.message ?? null, false);
      },
      // no answer: the server may or may not have charged the card; its status says
      onError: (error) => void checkOutcome(paymentId, error.message, true),
    });
  }

  const label = following
    ? 'CONFIRMING PAYMENT…'
    : processing || paid
      ? 'PROCESSING PAYMENT…'
      : `${renewal ? 'RENEW - ' : ''}PAY ${total != null ? formatMoney(total) : ''}`.trim();

  return (
    <Panel title="Payment" data-testid="payment-form">
      <StackForm $gap={16} onSubmit={submit} noValidate aria-label="Pay for this data set">
        {/* nothing to fill in when paying is ruled out (owned, under dispute): the notice above says why */}
        {paymentOpen && <PaymentMethodChoice value={method} onChange={changeMethod} disabled={processing || paid} />}
        {!paymentOpen ? null : method === 'card' ? (
          <CardFields
            value={card}
            onChange={changeCard}
            errors={shownErrors}
            onBlur={(field) => setTouched((t) => ({ ...t, [field]: true }))}
            disabled={processing || paid}
            declined={declined}
          />
        ) : (
          <MethodInfo data-testid="method-info">{METHOD_INFO[method]}</MethodInfo>
        )}
        {paymentOpen && renewable && <AutoRenewChoice checked={autoRenew} onChange={setAutoRenew} pricingModel={c.pricingModel} disabled={processing || paid} />}
        {paymentOpen && <CheckoutBilling billing={billing} disabled={processing || paid} />}
        {paymentOpen && declined && method !== 'card' && (
          <Notice $tone="red" role="alert" data-testid="payment-declined">
            <span>
              <strong>Payment refused:</strong> {declined}
            </span>
          </Notice>
        )}
        {notice && !paid && (
          <Notice $tone={notice.tone} role="status" data-testid="payment-outcome">
            <span>
              <strong>{notice.title}</strong> {notice.text}
            </span>
          </Notice>
        )}
        {!active && (
          <Notice $tone="amber" role="note">
            <span>
              <strong>Not open for purchase:</strong> this listing is {words(c.status)}.
            </span>
          </Notice>
        )}
        {c.viewerIsProvider && (
          <Notice $tone="blue" role="note">
            <span>
              <strong>This is your listing.</strong> Providers do not buy their own data sets.
            </span>
          </Notice>
        )}
        {paid && (
          <Notice $tone="green" role="status">
            <span>
              <strong>Payment confirmed.</strong> Taking you to your escrow status…
            </span>
          </Notice>
        )}
        <Button
          type="submit"
          variant="primary"
          size="lg"
          fullWidth
          busy={processing || paid}
          disabled={!canPay || !formValid || processing || paid}
          icon={<Icon name="lock" size={14} />}
          data-testid="pay-button"
        >
          {label}
        </Button>
        {paymentOpen && method === 'card' && (
          <Secure>
            <Icon name="lock" size={12} />
            Card details go to the payment provider only; they are never stored.
          </Secure>
        )}
      </StackForm>
    </Panel>
  );
}
