// What a buyer sees before paying (docs/decisions.md "Issue 26: before paying"): the field
// dictionary (each field's name, type, null share and example values) and the sample rows, as a
// download in CSV or JSON. Pure: no I/O. The types and null shares come from the profile of the
// latest release (else the listing's own profile); the examples from the listing's sample rows,
// the ones the contract page shows. Nothing here reads the data file: the sample is never the file.

export interface DictionaryEntry {
  name: string;
  /** The profiler's type (integer, number, boolean, date, string, object, empty); null when no file was profiled. */
  type: string | null;
  /** Share of records without a value, 0..1; null when no file was profiled. */
  nullShare: number | null;
  /** A few distinct values from the sample rows, as text. */
  examples: string[];
}

export const DICTIONARY_EXAMPLES = 3;
const EXAMPLE_CHARS = 80;

type Row = Record<string, unknown>;

const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The sample rows of a listing: objects only, whatever else the JSON column holds. */
export function sampleRowsOf(sampleData: unknown): Row[] {
  return Array.isArray(sampleData) ? sampleData.filter(isRow) : [];
}

/** The fields a profile names, with their type and null share; [] for anything that is not a profile. */
function profiledFields(profile: unknown): { name: string; type: string; nullShare: number }[] {
  if (!isRow(profile) || !Array.isArray(profile.fields)) return [];
  return profile.fields.filter(isRow).flatMap((f) =>
    typeof f.name === 'string' && typeof f.type === 'string' && typeof f.nullShare === 'number' ? [{ name: f.name, type: f.type, nullShare: f.nullShare }] : [],
  );
}

/** A value as one line of text: what a cell of the CSV sample holds. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function examplesOf(rows: Row[], name: string): string[] {
  const seen = new Set<string>();
  for (const row of rows) {
    const text = cellText(row[name]);
    if (text === '') continue;
    seen.add(text.length > EXAMPLE_CHARS ? `${text.slice(0, EXAMPLE_CHARS - 1)}…` : text);
    if (seen.size >= DICTIONARY_EXAMPLES) break;
  }
  return [...seen];
}

/** Column names of sample rows: `preferred` first (those the rows hold), then other keys in the rows' order. */
export function sampleColumns(rows: Row[], preferred: readonly string[] = []): string[] {
  const inRows = new Set(rows.flatMap((r) => Object.keys(r)));
  const columns = preferred.filter((name) => inRows.has(name));
  const taken = new Set(columns);
  for (const row of rows) for (const key of Object.keys(row)) if (!taken.has(key)) (taken.add(key), columns.push(key));
  return columns;
}

/**
 * The field dictionary: the profiled fields (the latest release's profile, else the listing's),
 * else the fields the provider listed, else the sample rows' columns; examples from the sample rows.
 */
export function fieldDictionary(input: { profile: unknown; sampleData: unknown; dataFields: readonly string[] }): DictionaryEntry[] {
  const rows = sampleRowsOf(input.sampleData);
  const profiled = profiledFields(input.profile);
  if (profiled.length > 0) return profiled.map((f) => ({ ...f, examples: examplesOf(rows, f.name) }));
  const names = input.dataFields.length > 0 ? [...input.dataFields] : sampleColumns(rows);
  return names.map((name) => ({ name, type: null, nullShare: null, examples: examplesOf(rows, name) }));
}

/** One CSV record (RFC 4180): a cell with a comma, a quote, a line break or edge spaces is quoted, quotes doubled. */
export function csvRecord(cells: readonly string[]): string {
  return cells.map((cell) => (/[",\r\n]|^\s|\s$/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',');
}

/**
 * The sample rows as a CSV file: a header of the columns, one record a row, CRLF line ends (RFC
 * 4180). Values are the data's own, unchanged (no formula guard: a sample shows the data as it is).
 */
export function sampleCsv(rows: Row[], preferred: readonly string[] = []): string {
  const columns = sampleColumns(rows, preferred);
  if (columns.length === 0) return '';
  return [csvRecord(columns), ...rows.map((row) => csvRecord(columns.map((c) => cellText(row[c]))))].map((line) => `${line}\r\n`).join('');
}

/** A file name for the sample of a listing: its title made safe, then `-sample.<ext>`. */
export function sampleFileName(title: string, format: 'csv' | 'json'): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'listing'}-sample.${format}`;
}
