// Money, exactly (the product decision "Money"): amounts are whole cents held as bigint, so no sum, fee or
// share ever passes through a binary float. Text in and out is a decimal with two places
// ("199.00"), the way the database (Decimal(12,2)), GraphQL and REST carry it. Pure.

/** An amount of money in whole cents. */
export type Cents = bigint;

/** What an amount may arrive as: decimal text, a JS number, or a Prisma.Decimal (anything with toFixed()). */
export type MoneyLike = string | number | { toFixed(): string };

/** The buyer pays the price plus this payment processing fee: 2.5% (the product decision "Money"). */
export const PAYMENT_FEE_BASIS_POINTS = 250n;
/** On release the platform keeps this commission of the price: 10%; the provider gets the rest. */
export const COMMISSION_BASIS_POINTS = 1_000n;
/** The share a provider receives of a price, for labels ("90%"). */
export const PROVIDER_SHARE_PERCENT = 90;
export const COMMISSION_PERCENT = 10;
export const PAYMENT_FEE_PERCENT = 2.5;

/** The largest amount a Decimal(12,2) column holds: 9,999,999,999.99. */
export const MAX_STORED_CENTS = 999_999_999_999n;

/**
 * An amount as people and clients may write one: what a Decimal(12,2) column holds, up to ten
 * whole digits and at most two places, without a sign. The one pattern of the input checks
 * (schemas, the Decimal scalar, REST query parameters), which add a sign or blanks around it.
 */
export const AMOUNT_DIGITS = String.raw`\d{1,10}(\.\d{1,2})?`;
/** Exactly an amount (AMOUNT_DIGITS), nothing around it. */
export const AMOUNT_TEXT = new RegExp(`^${AMOUNT_DIGITS}$`);

const STRICT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;
const ANY_PLACES = /^(-?)(\d+)(?:\.(\d+))?$/;

export class MoneyFormatError extends Error {}

function textOf(value: MoneyLike): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new MoneyFormatError(`Not an amount: ${value}`);
    // The shortest text that reads back as this number: 0.1 + 0.2 is "0.30000000000000004",
    // which has too many places and is refused rather than silently rounded.
    return String(value);
  }
  // Prisma.Decimal (decimal.js): toFixed() without places is plain notation with every digit.
  if (value && typeof value === 'object' && typeof value.toFixed === 'function') return value.toFixed();
  throw new MoneyFormatError('Not an amount');
}

function centsOf(sign: string, whole: string, frac: string): Cents {
  const cents = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
  return sign === '-' && cents !== 0n ? -cents : cents;
}

/**
 * Reads an amount strictly: digits with at most two decimal places ("12", "12.3", "12.34",
 * "-0.50"); anything else (three places, exponents, "1.", ".5", "", NaN) throws MoneyFormatError.
 */
export function parseMoney(value: MoneyLike): Cents {
  const text = textOf(value);
  const m = STRICT.exec(text);
  if (!m) throw new MoneyFormatError(`Not an amount with at most two decimal places: "${text}"`);
  return centsOf(m[1]!, m[2]!, m[3] ?? '');
}

/** Whether `value` is an amount parseMoney accepts. */
export function isMoney(value: MoneyLike): boolean {
  try {
    parseMoney(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads an exact decimal with any number of places and rounds it half-up (away from zero) to the
 * cent. For figures the database computed (averages, sums of products); input from people and
 * clients goes through parseMoney, which refuses extra places instead.
 */
export function roundMoney(value: MoneyLike): Cents {
  const text = textOf(value);
  const m = ANY_PLACES.exec(text);
  if (!m) throw new MoneyFormatError(`Not a decimal: "${text}"`);
  const [, sign, whole, frac = ''] = m;
  let cents = BigInt(whole!) * 100n + BigInt(frac.slice(0, 2).padEnd(2, '0'));
  if (frac.length > 2 && frac[2]! >= '5') cents += 1n;
  return sign === '-' && cents !== 0n ? -cents : cents;
}

/** Two places, no grouping: "1234.50", "-0.05", "0.00". */
export function decimalString(cents: Cents): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** For people: "$1,234.50", "-$0.05". */
export function formatUsd(cents: Cents): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = String(abs / 100n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${whole}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Any amount as two-place text; exact, rounding half-up beyond the cent (the Decimal scalar). */
export function toMoneyString(value: MoneyLike): string {
  return decimalString(roundMoney(value));
}

/** cents x numerator / denominator, rounded half-up (away from zero) to the cent. */
export function mulDiv(cents: Cents, numerator: bigint, denominator: bigint): Cents {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const product = cents * numerator;
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const rounded = (abs * 2n + denominator) / (2n * denominator);
  return negative ? -rounded : rounded;
}

/** A share of an amount in basis points (1/100 of a percent), rounded half-up to the cent. */
export function basisPointsOf(cents: Cents, basisPoints: bigint): Cents {
  return mulDiv(cents, basisPoints, 10_000n);
}

/** The payment processing fee the buyer pays on top of a price: 2.5%, half-up. */
export function paymentFee(price: Cents): Cents {
  return basisPointsOf(price, PAYMENT_FEE_BASIS_POINTS);
}

/** The platform's commission on a price: 10%, half-up. */
export function commission(price: Cents): Cents {
  return basisPointsOf(price, COMMISSION_BASIS_POINTS);
}

/** What the provider receives of a price: the price less the commission, so the two add up exactly. */
export function providerShare(price: Cents): Cents {
  return price - commission(price);
}

export function sumMoney(amounts: Iterable<Cents>): Cents {
  let total = 0n;
  for (const a of amounts) total += a;
  return total;
}

export interface PaymentAmounts {
  /** The price paid for the data (the list price or an accepted bid). */
  amount: Cents;
  fee: Cents;
  /** What the buyer is charged: amount + fee. */
  total: Cents;
  commission: Cents;
  /** What the provider receives on release: amount - commission. */
  providerAmount: Cents;
}

/** Every figure of a payment for a price, as the Payment row stores them. */
export function paymentAmounts(price: Cents): PaymentAmounts {
  if (price <= 0n) throw new RangeError('A price must be positive');
  const fee = paymentFee(price);
  const cut = commission(price);
  return { amount: price, fee, total: price + fee, commission: cut, providerAmount: price - cut };
}

/**
 * Whether a payment for `price` can be made at all: its total (price + fee) must fit the
 * Decimal(12,2) columns a Payment stores it in. Bids and payments ask the same question, so a bid
 * that could never be paid is refused when it is placed, not when its buyer tries to pay.
 */
export function isPayablePrice(price: Cents): boolean {
  return price > 0n && price + paymentFee(price) <= MAX_STORED_CENTS;
}

/** The highest payable price: 9,756,097,560.97, whose total is exactly MAX_STORED_CENTS. */
export const MAX_PAYABLE_PRICE: Cents = (() => {
  // The price x 1.025 is the total up to the fee's rounding: start there and step to the edge.
  let price = (MAX_STORED_CENTS * 10_000n) / (10_000n + PAYMENT_FEE_BASIS_POINTS);
  while (isPayablePrice(price + 1n)) price += 1n;
  while (!isPayablePrice(price)) price -= 1n;
  return price;
})();

/** Why `what` ("A bid") at `price` cannot be paid, in words for the person who asked. */
export function unpayableMessage(what: string, price: Cents): string {
  return `${what} of ${formatUsd(price)} cannot be paid: with the ${PAYMENT_FEE_PERCENT}% fee its total would be more than ${formatUsd(MAX_STORED_CENTS)}, the most a payment can hold`;
}

/** The same figures as two-place text, ready for a Prisma create. */
export function paymentAmountStrings(price: Cents): Record<keyof PaymentAmounts, string> {
  const a = paymentAmounts(price);
  return {
    amount: decimalString(a.amount),
    fee: decimalString(a.fee),
    total: decimalString(a.total),
    commission: decimalString(a.commission),
    providerAmount: decimalString(a.providerAmount),
  };
}
