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
import { newAttemptKey } from './attemptKey.ts';
import { cardDetails, checkCard, type CardForm } from './cardInput.ts';
import { CardFields } from './CardFields.tsx';
import { Notice } from './paymentLayout.ts';
import { PaymentMethodChoice, type PaymentMethod } from './PaymentMethodChoice.tsx';
import { usePaymentConfirmMutation } from './PaymentConfirmMutation.ts';
import { usePaymentCreateMutation } from './PaymentCreateMutation.ts';

/** After 'Payment Successful' the page waits this long before showing the escrow status. */
const REDIRECT_DELAY_MS = 2000;

/** What the success page receives from this one (router state): the API key, shown there once. */
export type PaymentSuccessState = { apiKey: string; apiKeyPrefix: string };

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

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

// bank transfers and crypto need no details with the built-in payment provider
const METHOD_INFO: Record<Exclude<PaymentMethod, 'card'>, string> = {
  bank_transfer:
    'No bank details needed here: the payment provider confirms the transfer as soon as you pay, and the money goes straight into escrow.',
  crypto: 'No wallet details needed here: the payment provider confirms the crypto payment as soon as you pay, and the money goes straight into escrow.',
};

const EMPTY_CARD: CardForm = { number: '', expiry: '', cvc: '' };

export type PaymentFormProps = {
  contract: PaymentForm_contract$key;
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
export function PaymentForm({ contract, paymentOpen, renewal }: PaymentFormProps) {
  const c = useFragment(
    graphql`
      fragment PaymentForm_contract on Contract {
        id
        contractId
        status
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
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [card, setCard] = useState<CardForm>(EMPTY_CARD);
  const [touched, setTouched] = useState<Partial<Record<keyof CardForm, boolean>>>({});
  const [processing, setProcessing] = useState(false);
  const [paid, setPaid] = useState(false);
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
    setCard(next);
  }

  function paymentFailed(message: string | null | undefined) {
    toast({ variant: 'destructive', title: 'Payment Failed', description: message || 'Failed to process payment' });
    setProcessing(false);
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
    attemptKey.current ??= newAttemptKey();
    commitCreate({
      variables: { input: { contractId: c.id, paymentMethod: method, amount: total, idempotencyKey: attemptKey.current } },
      onCompleted: ({ createPayment: result }) => {
        if (result.__typename !== 'MutationCreatePaymentSuccess' || !result.data) {
          paymentFailed('message' in result ? result.message : null);
          // the price moved, or the data set was bought meanwhile (another tab): show what holds now
          if ('reason' in result && (result.reason === 'INVALID_AMOUNT' || result.reason === 'ALREADY_EXISTS')) {
            attemptKey.current = null;
            void revalidator.revalidate();
          }
          return;
        }
        confirm(result.data.id, details);
      },
      onError: (error) => paymentFailed(error.message),
    });
  }

  function confirm(paymentId: string, details: ReturnType<typeof cardDetails>) {
    commitConfirm({
      variables: { input: { paymentId, card: details } },
      onCompleted: ({ confirmPayment: result }) => {
        if (result.__typename === 'MutationConfirmPaymentSuccess' && result.data) {
          attemptKey.current = null;
          setPaid(true);
          toast({ title: 'Payment Successful', description: 'Funds are now in escrow. You have 24 hours to raise any disputes.' });
          const state: PaymentSuccessState = { apiKey: result.data.apiKey, apiKeyPrefix: result.data.apiKeyPrefix };
          redirect.current = window.setTimeout(() => navigate(`/payment-success/${c.contractId}`, { state }), REDIRECT_DELAY_MS);
          return;
        }
        const error = 'message' in result ? result : null;
        if (error?.reason === 'PAYMENT_DECLINED') {
          // the payment is now failed: the next try is a new attempt with a new payment
          attemptKey.current = null;
          paymentFailed(error.message);
          return;
        }
        escrowFailed(error?.message);
      },
      onError: (error) => escrowFailed(error.message),
    });
  }

  const label = processing || paid ? 'PROCESSING PAYMENT…' : `${renewal ? 'RENEW - ' : ''}PAY ${total != null ? formatMoney(total) : ''}`.trim();

  return (
    <Panel title="Payment" data-testid="payment-form">
      <Form onSubmit={submit} noValidate aria-label="Pay for this data set">
        {/* nothing to fill in when paying is ruled out (owned, under dispute): the notice above says why */}
        {paymentOpen && <PaymentMethodChoice value={method} onChange={changeMethod} disabled={processing || paid} />}
        {!paymentOpen ? null : method === 'card' ? (
          <CardFields
            value={card}
            onChange={changeCard}
            errors={shownErrors}
            onBlur={(field) => setTouched((t) => ({ ...t, [field]: true }))}
            disabled={processing || paid}
          />
        ) : (
          <MethodInfo data-testid="method-info">{METHOD_INFO[method]}</MethodInfo>
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
      </Form>
    </Panel>
  );
}
