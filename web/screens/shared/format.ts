// Number formats shared by the screens (figures are monospace and tabular in the theme).

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A Decimal string from the API ("1234.50") as dollars: '$1,234.50'; whole = no cents. */
export function formatMoney(amount: string | number | null | undefined, opts: { whole?: boolean } = {}): string {
  const n = typeof amount === 'number' ? amount : Number(amount ?? 0);
  if (!Number.isFinite(n)) return '—';
  return (opts.whole ? usdWhole : usd).format(n);
}

/** 12345 -> '12,345' */
export function formatCount(n: number | null | undefined): string {
  return n == null || !Number.isFinite(n) ? '—' : integer.format(n);
}
