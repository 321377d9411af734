// The figures the open-position form shows before anything is sent, computed the way the server
// computes them (docs/decisions.md "Trading (server side): paper positions"): prices in whole
// cents, quantities in whole hundredths, each figure rounded once, half away from zero, to the
// cent. The server sets the real entry price and margin; these are a preview.

export type Side = 'long' | 'short';

export const MIN_MULTIPLIER = 1;
export const MAX_MULTIPLIER = 5;
export const DEFAULT_MULTIPLIER = 3;

const TWO_PLACES = /^\d+(\.\d{1,2})?$/;

/** '12.5' -> 1250n (hundredths); null for anything that is not a two-place decimal of at least 0. */
export function parseHundredths(text: string | null | undefined): bigint | null {
  const t = (text ?? '').trim();
  if (!TWO_PLACES.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  return BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0'));
}

/** a x b / d rounded half away from zero. */
function mulDiv(a: bigint, b: bigint, d: bigint): bigint {
  const n = a * b;
  const negative = n < 0n !== d < 0n;
  const absN = n < 0n ? -n : n;
  const absD = d < 0n ? -d : d;
  const q = (absN * 2n + absD) / (absD * 2n);
  return negative ? -q : q;
}

/** 6667n -> '66.67', -600n -> '-6.00' (a Decimal string, as the API sends them). */
export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** margin = price x quantity / multiplier, in cents. */
export function marginCents(price: bigint, quantity: bigint, multiplier: number): bigint {
  return mulDiv(price, quantity, 100n * BigInt(multiplier));
}

/** P/L long = (current - entry) x quantity x multiplier; short the negative. In cents. */
export function pnlCents(side: Side, entry: bigint, current: bigint, quantity: bigint, multiplier: number): bigint {
  const move = side === 'long' ? current - entry : entry - current;
  return mulDiv(move, quantity * BigInt(multiplier), 100n);
}

/** The margin the form shows, or null until a price and a quantity above 0 are known. */
export function previewMargin(price: string | null | undefined, quantity: string, multiplier: number): string | null {
  const p = parseHundredths(price);
  const q = parseHundredths(quantity);
  if (p === null || q === null || q === 0n) return null;
  return centsToDecimal(marginCents(p, q, multiplier));
}

export type WorkedExample = {
  multiplier: number;
  quantity: string;
  price: string;
  margin: string;
  /** the price move the example takes: a tenth of the price, at least one cent */
  move: string;
  /** what that move gains or loses (the same amount both ways) */
  swing: string;
};

/**
 * The multiplier card's example: at this multiplier, this quantity (2 when none is typed yet) of the
 * chosen contract uses this margin, and a move of a tenth of the price gains or loses this much.
 */
export function workedExample(price: string, quantity: string, multiplier: number): WorkedExample | null {
  const p = parseHundredths(price);
  if (p === null) return null;
  const typed = parseHundredths(quantity);
  const q = typed !== null && typed > 0n ? typed : 200n;
  const move = p >= 10n ? mulDiv(p, 1n, 10n) : 1n;
  return {
    multiplier,
    quantity: centsToDecimal(q),
    price: centsToDecimal(p),
    margin: centsToDecimal(marginCents(p, q, multiplier)),
    move: centsToDecimal(move),
    swing: centsToDecimal(pnlCents('long', p, p + move, q, multiplier)),
  };
}

/** '2.00' -> '2', '2.50' -> '2.5': a quantity as a trader writes it. */
export function formatQuantity(text: string): string {
  const n = Number(text);
  return Number.isFinite(n) ? String(n) : text;
}

/** The sign a figure carries on screen: up, down or flat. */
export function direction(value: string | number): 'up' | 'down' | 'flat' {
  const n = Number(value);
  return n > 0 ? 'up' : n < 0 ? 'down' : 'flat';
}

/** '+$60.00', '-$6.00', '$0.00': a P/L with its sign. */
export function formatSignedMoney(value: string | number): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return '—';
  const abs = Math.abs(n).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return n > 0 ? `+${abs}` : n < 0 ? `-${abs}` : abs;
}

/** '+12.50%', '-3.00%', '0.00%'. */
export function formatSignedPercent(value: string | number): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return '—';
  const abs = `${Math.abs(n).toFixed(2)}%`;
  return n > 0 ? `+${abs}` : n < 0 ? `-${abs}` : abs;
}

export type PnlPoint = { time: number; value: number; pnl: number };

/**
 * Cumulative realised P/L over time from closed positions (any order): one point per close, oldest
 * first, each the running total in dollars. Closes in the same second are summed into one point
 * (the chart needs strictly increasing times).
 */
export function cumulativePnl(closed: readonly { closedAt: string | null | undefined; realizedPnl: string | null | undefined }[]): PnlPoint[] {
  const rows = closed
    .filter((c) => c.closedAt && c.realizedPnl != null)
    .map((c) => ({ time: Math.floor(new Date(c.closedAt!).getTime() / 1000), cents: parseSignedCents(c.realizedPnl!) }))
    .filter((r) => Number.isFinite(r.time))
    .sort((a, b) => a.time - b.time);
  const points: PnlPoint[] = [];
  let total = 0n;
  for (const r of rows) {
    total += r.cents;
    const last = points[points.length - 1];
    if (last && last.time === r.time) {
      last.value = Number(centsToDecimal(total));
      last.pnl = Number(centsToDecimal(parseSignedCents(String(last.pnl)) + r.cents));
    } else {
      points.push({ time: r.time, value: Number(centsToDecimal(total)), pnl: Number(centsToDecimal(r.cents)) });
    }
  }
  return points;
}

function parseSignedCents(text: string): bigint {
  const t = text.trim();
  const negative = t.startsWith('-');
  const abs = parseHundredths(negative ? t.slice(1) : t) ?? parseHundredths(Number(negative ? t.slice(1) : t).toFixed(2)) ?? 0n;
  return negative ? -abs : abs;
}
