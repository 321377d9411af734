import type { PaymentMethod } from './PaymentMethodChoice.tsx';

// The payment form's fixed texts: where a payment stands when an answer did not say it all, and
// what the methods without details do.

/** A line above the button saying where the payment stands when an answer did not say it all. */
export type FormNotice = { tone: 'blue' | 'amber' | 'red'; title: string; text: string };

export const CONFIRMING: FormNotice = {
  tone: 'blue',
  title: 'Your payment is being confirmed.',
  text: 'The payment provider has not answered yet. Your card is charged at most once; this page follows the payment and shows how it ends.',
};
export const UNREACHABLE: FormNotice = {
  tone: 'amber',
  title: 'The connection failed before the answer arrived.',
  text: 'It is not known yet whether your card was charged; it is charged at most once. This page asks again as soon as the server can be reached.',
};
export const NOT_CHARGED: FormNotice = {
  tone: 'amber',
  title: 'The connection failed: your card was not charged.',
  text: 'The payment did not reach the payment provider. You can pay again.',
};

// bank transfers and crypto need no details with the built-in payment provider
export const METHOD_INFO: Record<Exclude<PaymentMethod, 'card'>, string> = {
  bank_transfer:
    'No bank details needed here: the payment provider confirms the transfer as soon as you pay, and the money goes straight into escrow.',
  crypto: 'No wallet details needed here: the payment provider confirms the crypto payment as soon as you pay, and the money goes straight into escrow.',
};
