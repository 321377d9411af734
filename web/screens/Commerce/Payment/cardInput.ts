// Checks of the card form, run in the browser before anything is sent. The payment provider
// decides whether the card is good; these only catch typing mistakes early, one message per field.
// The card data lives in the form's state until it is sent to confirmPayment and is never stored.

export type CardForm = { number: string; expiry: string; cvc: string };
export type CardErrors = Partial<Record<keyof CardForm, string>>;
export type CardDetails = { number: string; expMonth: number; expYear: number; cvc: string };

/** The digits of a card number as typed ('4242 4242 4242 4242' -> '4242424242424242'). */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** Groups the digits by four as the user types ('42424242' -> '4242 4242'). */
export function formatCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 16);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** 'MM/YY' as the user types: '1' -> '1', '12' -> '12/', '1228' -> '12/28'. */
export function formatExpiry(typed: string, previous = ''): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  // deleting the slash must not put it straight back
  if (digits.length === 2 && typed.length < previous.length) return digits;
  if (digits.length >= 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return digits;
}

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** 'MM/YY' -> month and four-digit year, or null when it is not that shape. */
export function parseExpiry(expiry: string): { expMonth: number; expYear: number } | null {
  const m = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(expiry);
  if (!m) return null;
  const expMonth = Number(m[1]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: 2000 + Number(m[2]) };
}

/** One message per field that is wrong; empty when the card can be sent. `now` decides "a future month". */
export function checkCard(form: CardForm, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  const digits = cardDigits(form.number);
  if (!digits) errors.number = 'Enter the card number';
  else if (!/^\d{16}$/.test(digits)) errors.number = 'A card number has 16 digits';
  else if (!luhnValid(digits)) errors.number = 'This card number is not valid: check the digits';

  const expiry = parseExpiry(form.expiry);
  if (!form.expiry.trim()) errors.expiry = 'Enter the expiry date';
  else if (!expiry) errors.expiry = 'Use the format MM/YY';
  // a card is valid through the end of its month: the current month still counts
  else if (expiry.expYear * 12 + expiry.expMonth < now.getFullYear() * 12 + now.getMonth() + 1) errors.expiry = 'This card has expired';

  if (!form.cvc.trim()) errors.cvc = 'Enter the CVC';
  else if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = 'The CVC has 3 or 4 digits';
  return errors;
}

/** The card as confirmPayment takes it; null while the form has errors. */
export function cardDetails(form: CardForm, now: Date = new Date()): CardDetails | null {
  if (Object.keys(checkCard(form, now)).length > 0) return null;
  const expiry = parseExpiry(form.expiry)!;
  return { number: cardDigits(form.number), ...expiry, cvc: form.cvc.trim() };
}
