import type { Tone } from '../../../theme/theme.ts';

// Formats used only by the contract detail screen (the shared price/status formats live in
// ../shared/contractFormat.ts).





/** The UTC year an account was opened ('Member since 2024'). */
export function memberYear(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : String(d.getUTCFullYear());
}


export type SampleRow = Record<string, unknown>;

/** The sample rows of a contract: only the entries that are plain objects. */
export function sampleRows(sampleData: unknown): SampleRow[] {
  if (!Array.isArray(sampleData)) return [];
  return sampleData.filter((r): r is SampleRow => r != null && typeof r === 'object' && !Array.isArray(r));
}

/**
 * The table's columns are the keys of the first sample row. The database
 * stores rows as JSONB, which does not keep key order, so the keys are put in the order of the
 * data fields list where they appear in it; the others follow in their own order.
 */
export function sampleColumns(rows: SampleRow[], dataFields: readonly string[]): string[] {
  const first = rows[0];
  if (!first) return [];
  const rank = new Map(dataFields.map((f, i) => [f, i]));
  return Object.keys(first)
    .map((key, i) => ({ key, order: rank.get(key) ?? dataFields.length + i }))
    .sort((a, b) => a.order - b.order)
    .map((c) => c.key);
}

/** A sample cell as text: null and missing as '—', objects as JSON. */
export function cellText(value: unknown): string {
  if (value == null || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A bid amount as the server takes it: digits with at most two decimals ("123.45"); null when invalid. */
export function parseBidAmount(input: string): string | null {
  const text = input.trim();
  if (!/^\d{1,10}(\.\d{0,2})?$|^\.\d{1,2}$/.test(text)) return null;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) return null;
  return n.toFixed(2);
}
