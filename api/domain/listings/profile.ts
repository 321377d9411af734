import { parse as parseCsv } from 'csv-parse/sync';
import { jsonDepth, MAX_STORED_JSON_DEPTH } from '../json-depth.ts';
import { csvCellEnd, ROW_LIMITS, rowLimitMessage, type RowLimit } from './row-limits.ts';

// Profiling an uploaded CSV or JSON file: record count, field names and types, null share,
// sample rows. Every cost is bounded (docs/decisions.md, "Profiling"): a record longer than
// maxRecordBytes, more fields than maxFields, or a file that takes longer than the time budget
// ends in a partial profile that says which bound applied, never in unbounded memory or time.
// A file that breaks a row limit (row-limits.ts: too many columns, a record too long) is flagged
// `notStreamable`, the verdict the stream answers 422 with.
// The functions here run anywhere; the server runs them in a worker thread (profile.worker.ts) so
// the request path's event loop never waits for them.

export type FieldType = 'integer' | 'number' | 'boolean' | 'date' | 'string' | 'object' | 'empty';

export interface FieldProfile {
  name: string;
  type: FieldType;
  /** Share of profiled records where the field is missing or null/empty, 0..1. */
  nullShare: number;
}

/** A bound that cut a profile short. */
export type ProfileLimit = 'record_too_long' | 'too_many_fields' | 'time_budget';

export interface DataProfile {
  /** Records in the file; null when a bound stopped the reading before the end of the file. */
  recordCount: number | null;
  fields: FieldProfile[];
  sampleRows: Record<string, unknown>[];
  /** Only when a bound applied: which ones, and how many records were read before reading stopped. */
  truncated?: { limits: ProfileLimit[]; recordsRead: number };
  /**
   * Only when the file breaks a row limit (api/domain/listings/row-limits.ts): GET
   * /api/data/stream refuses it with 422 and this message; the download serves it whole.
   */
  notStreamable?: { limit: RowLimit; message: string };
}

export const PROFILE_LIMITS = {
  /** One record (CSV record, NDJSON line, JSON array element) longer than this stops reading: the row limit. */
  maxRecordBytes: ROW_LIMITS.maxRecordBytes,
  /** A CSV header with more columns than this is not streamable (the row limit); it is still profiled. */
  maxColumns: ROW_LIMITS.maxColumns,
  /** Fields past this many (CSV columns, distinct JSON keys) are left out of the profile. */
  maxFields: 1000,
  /** Types and null shares come from the first records only; the rest are counted. */
  profiledRecords: 100_000,
  /** ... and from no more values (cells) than this, so a wide file types fewer records. */
  profiledCells: 500_000,
  /** Reading stops when the whole profile takes longer than this. */
  timeBudgetMs: 15_000,
  sampleRows: 5,
  /** Sample rows keep the first fields only, and cut long values: they travel with the listing. */
  sampleFields: 100,
  sampleValueChars: 200,
  fieldNameChars: 200,
};

export type ProfileLimits = typeof PROFILE_LIMITS;

export interface ProfileOptions {
  limits?: Partial<ProfileLimits>;
}

/** Anything a file arrives as: a Readable, or chunks in a test. */
export type ByteSource = AsyncIterable<Buffer | Uint8Array | string>;

const isNullish = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && /^(|null|na|n\/a|nan)$/i.test(v.trim()));

function typeOf(v: unknown): FieldType {
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'object') return 'object';
  const s = String(v).trim();
  // Numbers, booleans and dates are short; a long value is text whatever it starts with.
  if (s.length > 64) return 'string';
  if (/^-?\d+$/.test(s)) return 'integer';
  if (/^-?\d*\.\d+(e-?\d+)?$/i.test(s)) return 'number';
  if (/^(true|false)$/i.test(s)) return 'boolean';
  if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s)) return 'date';
  return 'string';
}

// When values disagree, the field takes the wider type.
const WIDTH: FieldType[] = ['empty', 'boolean', 'integer', 'number', 'date', 'string', 'object'];
function widen(a: FieldType, b: FieldType): FieldType {
  if (a === 'empty') return b;
  if (b === 'empty' || a === b) return a;
  if ((a === 'integer' && b === 'number') || (a === 'number' && b === 'integer')) return 'number';
  return WIDTH.indexOf(a) > WIDTH.indexOf(b) ? (a === 'object' ? 'object' : 'string') : b === 'object' ? 'object' : 'string';
}

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}…` : s);

interface Field {
  name: string;
  type: FieldType;
  present: number;
}

/** Types and null shares, linear in the values it sees: each record costs its own fields only. */
class Profiler {
  private fields: Field[] = [];
  private byName = new Map<string, Field>();
  private profiled = 0;
  private cells = 0;
  fieldsOmitted = false;
  sampleRows: Record<string, unknown>[] = [];

  constructor(private readonly limits: ProfileLimits) {}

  /** Whether the next record still feeds types and null shares (else it is only counted). */
  get profiling(): boolean {
    return this.profiled < this.limits.profiledRecords && this.cells < this.limits.profiledCells;
  }

  get fieldCount() {
    return this.fields.length;
  }

  private field(name: string): Field | undefined {
    let f = this.byName.get(name);
    if (!f) {
      if (this.fields.length >= this.limits.maxFields) {
        this.fieldsOmitted = true;
        return undefined;
      }
      f = { name, type: 'empty', present: 0 };
      this.fields.push(f);
      this.byName.set(name, f);
    }
    return f;
  }

  /** Fields known before any record (a CSV header), in their order. */
  declare(names: readonly string[]) {
    for (const name of names) this.field(name);
  }

  /** One record as parallel names and values; `cells` is what parsing it cost (all its values). */
  add(names: readonly string[], values: readonly unknown[], cells: number) {
    this.profiled += 1;
    this.cells += cells;
    const sample: Record<string, unknown> | null = this.sampleRows.length < this.limits.sampleRows ? {} : null;
    let sampled = 0;
    for (let k = 0; k < names.length; k++) {
      const f = this.field(names[k]!);
      if (!f) continue;
      const v = values[k] ?? null;
      if (sample && sampled < this.limits.sampleFields) {
        sample[f.name] = this.sampleValue(v);
        sampled += 1;
      }
      if (!isNullish(v)) {
        f.present += 1;
        f.type = widen(f.type, typeOf(v));
      }
    }
    if (sample) this.sampleRows.push(sample);
  }

  private sampleValue(v: unknown): unknown {
    const max = this.limits.sampleValueChars;
    if (typeof v === 'string') return cut(v, max);
    if (v && typeof v === 'object') {
      // Sample rows become the listing's, where a row nests at most MAX_STORED_JSON_DEPTH levels
      // (it is one of them): a value nested deeper is kept as its text.
      const text = JSON.stringify(v);
      return text.length > max || jsonDepth(v, MAX_STORED_JSON_DEPTH) >= MAX_STORED_JSON_DEPTH ? cut(text, max) : v;
    }
    return v;
  }

  result(recordCount: number | null, recordsRead: number, stopped: ProfileLimit | null, notStreamable: RowLimit | null = null): DataProfile {
    const limits: ProfileLimit[] = [];
    if (stopped) limits.push(stopped);
    if (this.fieldsOmitted) limits.push('too_many_fields');
    const profiled = this.profiled;
    return {
      recordCount,
      fields: this.fields.map((f) => ({
        name: f.name,
        type: f.type,
        nullShare: profiled ? Math.round(((profiled - f.present) / profiled) * 1000) / 1000 : 0,
      })),
      sampleRows: this.sampleRows,
      ...(limits.length ? { truncated: { limits, recordsRead } } : {}),
      ...(notStreamable ? { notStreamable: { limit: notStreamable, message: rowLimitMessage(notStreamable, this.limits) } } : {}),
    };
  }
}

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const COMMA = 0x2c;
const BACKSLASH = 0x5c;
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === LF || c === CR;

// CSV scanner states.
const FIELD_START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
const QUOTE_IN_QUOTED = 3;

/**
 * Cuts a byte stream into records without holding more than one record: CSV records (a line
 * break inside double quotes belongs to the field), lines (NDJSON), or the elements of a
 * top-level JSON array. It only finds where records end, so it counts a 500 MB file in a
 * second or two; the records that are profiled are parsed by csv-parse or JSON.parse.
 * Blank records are skipped. A record longer than maxRecordBytes stops it (`tooLong`).
 */
export class RecordSplitter {
  /** Whether records are handed over with their bytes (else only counted). */
  keep = true;
  tooLong = false;
  private parts: Buffer[] = [];
  private length = 0;
  private blank = true;
  private csvState = FIELD_START;
  // JSON array state.
  private depth = 0;
  private inString = false;
  /** The last chunk ended inside a string after an odd run of backslashes. */
  private escaped = false;
  private opened = false;
  /** Where the next quote of the current chunk is (CSV). */
  private nextQuote = -1;
  /** A JSON array was closed (anything after it is ignored). */
  closed = false;

  constructor(
    private readonly mode: 'csv' | 'lines' | 'array',
    private readonly maxRecordBytes: number,
    private readonly onRecord: (record: Buffer | null) => void,
  ) {}

  /** Feeds a chunk. False when a record passed the bound: stop reading. */
  push(b: Buffer): boolean {
    let start = 0;
    this.nextQuote = -1;
    if (this.mode === 'array' && !this.opened) {
      while (start < b.length && isSpace(b[start]!)) start++;
      if (start === b.length) return true;
      if (b[start] !== 0x5b) throw new NotTabular('a JSON array must start with [');
      this.opened = true;
      this.depth = 1;
      start += 1;
    }
    while (start < b.length && !this.closed) {
      const end = this.scan(b, start);
      if (!this.collect(b, start, end < 0 ? b.length : end)) return false;
      if (end < 0) break;
      this.emit();
      start = end + 1;
    }
    return true;
  }

  /** The end of the input: the last record, unless it ran past the bound. */
  end(): boolean {
    if (this.mode === 'array' && this.opened && !this.closed) throw new NotTabular('the JSON array is not closed');
    if (this.mode === 'csv' && this.csvState === QUOTED) throw new NotTabular('a quoted CSV field is not closed');
    this.emit();
    return true;
  }

  private collect(b: Buffer, from: number, to: number): boolean {
    if (to <= from) return true;
    this.length += to - from;
    if (this.length > this.maxRecordBytes) {
      this.tooLong = true;
      return false;
    }
    if (this.blank) {
      for (let i = from; i < to; i++) {
        if (!isSpace(b[i]!)) {
          this.blank = false;
          break;
        }
      }
    }
    if (this.keep) this.parts.push(b.subarray(from, to));
    return true;
  }

  private emit() {
    if (!this.blank) {
      const record = this.keep ? (this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts)) : null;
      this.onRecord(record);
    }
    this.parts = [];
    this.length = 0;
    this.blank = true;
  }

  /** The index of the byte that ends the record that continues at `i`, or -1 past the chunk. */
  private scan(b: Buffer, i: number): number {
    if (this.mode === 'lines') return b.indexOf(LF, i);
    if (this.mode === 'csv') return this.scanCsv(b, i);
    return this.scanArray(b, i);
  }

  // A quote opens a quoted field only at the start of a field (as csv-parse with relax_quotes);
  // inside one, "" is a quote and a line break is part of the value. Jumps with indexOf: the
  // bytes between quotes and line breaks are never looked at one by one.
  private scanCsv(b: Buffer, i: number): number {
    const n = b.length;
    while (i < n) {
      if (this.csvState === QUOTED) {
        const q = b.indexOf(QUOTE, i);
        if (q < 0) return -1;
        this.csvState = QUOTE_IN_QUOTED;
        i = q + 1;
        continue;
      }
      if (this.csvState === QUOTE_IN_QUOTED) {
        const c = b[i]!;
        if (c === QUOTE) this.csvState = QUOTED;
        else if (c === LF) {
          this.csvState = FIELD_START;
          return i;
        } else this.csvState = c === COMMA ? FIELD_START : UNQUOTED;
        i += 1;
        continue;
      }
      if (this.nextQuote < i) {
        const q = b.indexOf(QUOTE, i);
        this.nextQuote = q < 0 ? n : q;
      }
      const lf = b.indexOf(LF, i);
      const stop = lf < 0 ? n : lf;
      if (this.nextQuote >= stop) {
        if (lf >= 0) {
          this.csvState = FIELD_START;
          return lf;
        }
        this.csvState = b[n - 1] === COMMA ? FIELD_START : UNQUOTED;
        return -1;
      }
      const q = this.nextQuote;
      const atFieldStart = q === i ? this.csvState === FIELD_START : b[q - 1] === COMMA;
      this.csvState = atFieldStart ? QUOTED : UNQUOTED;
      i = q + 1;
    }
    return -1;
  }

  // Strings are skipped with indexOf; a quote preceded by an odd run of backslashes is escaped.
  private scanArray(b: Buffer, i: number): number {
    const n = b.length;
    while (i < n) {
      if (this.inString) {
        let q = b.indexOf(QUOTE, i);
        while (q >= 0 && this.escapedAt(b, i, q)) q = b.indexOf(QUOTE, q + 1);
        if (q < 0) {
          this.escaped = this.escapedAt(b, i, n);
          return -1;
        }
        this.inString = false;
        this.escaped = false;
        i = q + 1;
        continue;
      }
      const c = b[i]!;
      if (c === QUOTE) this.inString = true;
      else if (c === 0x7b || c === 0x5b) this.depth += 1;
      else if (c === 0x7d || c === 0x5d) {
        this.depth -= 1;
        if (this.depth === 0) {
          this.closed = true;
          return i;
        }
      } else if (c === COMMA && this.depth === 1) return i;
      i += 1;
    }
    return -1;
  }

  /** Whether the byte at `at` follows an odd run of backslashes (counting those carried from the last chunk). */
  private escapedAt(b: Buffer, from: number, at: number): boolean {
    let run = 0;
    let k = at - 1;
    while (k >= from && b[k] === BACKSLASH) {
      run += 1;
      k -= 1;
    }
    if (k < from && this.escaped) run += 1;
    return run % 2 === 1;
  }
}

/** The file is not the tabular data its extension says: no profile. */
class NotTabular extends Error {}

const toBuffer = (chunk: Buffer | Uint8Array | string) => (typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));

/** Chunks as Buffers, without a UTF-8 byte-order mark, in pieces of at most 64 KiB. */
async function* bytes(source: ByteSource): AsyncGenerator<Buffer> {
  let first = true;
  for await (const chunk of source) {
    let b = toBuffer(chunk);
    if (first && b.length) {
      first = false;
      if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) b = b.subarray(3);
    }
    // Small pieces keep the time-budget checks frequent whatever the source's chunk size.
    for (let i = 0; i < b.length; i += 64 * 1024) yield b.subarray(i, i + 64 * 1024);
  }
}

const decode = (record: Buffer) => {
  const end = record.length && record[record.length - 1] === CR ? record.length - 1 : record.length;
  return record.toString('utf8', 0, end);
};

/** Unique, bounded column names: a repeated or empty name gets a suffix. */
function headerNames(cells: string[], limits: ProfileLimits): string[] {
  const seen = new Set<string>();
  return cells.map((raw, i) => {
    let name = cut(raw.trim(), limits.fieldNameChars) || `column_${i + 1}`;
    for (let n = 2; seen.has(name); n++) name = `${cut(raw.trim(), limits.fieldNameChars) || `column_${i + 1}`}_${n}`;
    seen.add(name);
    return name;
  });
}

const CSV_OPTIONS = { relax_quotes: true, relax_column_count: true, skip_empty_lines: true } as const;

/** Reads the source to its end or to a bound, handing each chunk to `push`. */
async function drive(source: ByteSource, limits: ProfileLimits, push: (b: Buffer) => boolean, afterChunk: () => void): Promise<ProfileLimit | null> {
  const deadline = performance.now() + limits.timeBudgetMs;
  for await (const b of bytes(source)) {
    if (!push(b)) return 'record_too_long';
    afterChunk();
    if (performance.now() > deadline) return 'time_budget';
  }
  return null;
}

export async function profileCsv(source: ByteSource, opts: ProfileOptions = {}): Promise<DataProfile | null> {
  const limits = { ...PROFILE_LIMITS, ...opts.limits };
  const profiler = new Profiler(limits);
  let header: string[] | null = null;
  let records = 0;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  const parseBatch = () => {
    if (!batch.length || !header) return;
    const rows = parseCsv(batch.map(decode).join('\n'), CSV_OPTIONS) as string[][];
    batch = [];
    batchBytes = 0;
    for (const row of rows) if (profiler.profiling) profiler.add(header, row, row.length);
    splitter.keep = profiler.profiling;
  };
  let tooWide = false;
  const splitter = new RecordSplitter('csv', limits.maxRecordBytes, (record) => {
    if (!header) {
      // Counted as the stream counts them, then only the profiled columns are decoded and named.
      const bytes = record![record!.length - 1] === CR ? record!.subarray(0, -1) : record!;
      tooWide = csvCellEnd(bytes, limits.maxColumns) >= 0;
      const cut = csvCellEnd(bytes, limits.maxFields);
      const cells = (parseCsv(decode(cut >= 0 ? bytes.subarray(0, cut) : bytes), CSV_OPTIONS) as string[][])[0] ?? [];
      header = headerNames(cells, limits);
      if (cut >= 0) profiler.fieldsOmitted = true;
      profiler.declare(header);
      return;
    }
    records += 1;
    if (record) {
      batch.push(record);
      batchBytes += record.length;
      if (batchBytes >= 256 * 1024) parseBatch();
    }
  });
  try {
    const stopped = await drive(source, limits, (b) => splitter.push(b), () => {});
    if (!stopped) splitter.end();
    parseBatch();
    const rowLimit: RowLimit | null = stopped === 'record_too_long' ? (header ? 'record_too_long' : 'header_too_long') : tooWide ? 'too_many_columns' : null;
    // A header past the bound: no fields, but the verdict is kept.
    if (!header) return rowLimit ? profiler.result(null, 0, stopped, rowLimit) : null;
    return profiler.result(stopped ? null : records, records, stopped, rowLimit);
  } catch (error) {
    if (error instanceof NotTabular || (error as { code?: string }).code?.startsWith('CSV_')) return null;
    throw error;
  }
}

/**
 * A JSON array of objects, or newline-delimited JSON (one object a line). Array elements and
 * lines are cut by RecordSplitter and the profiled ones parsed with JSON.parse.
 */
export async function profileJson(source: ByteSource, opts: ProfileOptions = {}): Promise<DataProfile | null> {
  const limits = { ...PROFILE_LIMITS, ...opts.limits };
  const profiler = new Profiler(limits);
  let records = 0;
  let objects = 0;
  const onRecord = (record: Buffer | null) => {
    records += 1;
    if (!record || !profiler.profiling) return;
    let value: unknown;
    try {
      value = JSON.parse(record.toString('utf8'));
    } catch {
      throw new NotTabular('not JSON');
    }
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      objects += 1;
      const names = Object.keys(value);
      profiler.add(
        names.map((k) => cut(k, limits.fieldNameChars)),
        names.map((k) => (value as Record<string, unknown>)[k]),
        names.length,
      );
    }
    splitter!.keep = profiler.profiling;
  };
  let splitter: RecordSplitter | null = null;
  let array = false;
  try {
    const stopped = await drive(
      source,
      limits,
      (b) => {
        if (!splitter) {
          // The first character says which: `[` an array, `{` one object a line.
          let i = 0;
          while (i < b.length && isSpace(b[i]!)) i++;
          if (i === b.length) return true;
          if (b[i] !== 0x5b && b[i] !== 0x7b) throw new NotTabular('not a JSON array or objects');
          array = b[i] === 0x5b;
          splitter = new RecordSplitter(array ? 'array' : 'lines', limits.maxRecordBytes, onRecord);
        }
        return splitter.push(b);
      },
      () => {},
    );
    if (!splitter) return null;
    if (!stopped) (splitter as RecordSplitter).end();
    // The stream cuts arrays into records (NDJSON passes through as it is): an element past the
    // bound is one it cannot send, even the first.
    const rowLimit: RowLimit | null = stopped === 'record_too_long' && array ? 'record_too_long' : null;
    if (!objects) return rowLimit ? profiler.result(null, records, stopped, rowLimit) : null;
    return profiler.result(stopped ? null : records, records, stopped, rowLimit);
  } catch (error) {
    if (error instanceof NotTabular) return null;
    throw error;
  }
}

export type ProfileKind = 'csv' | 'json';

export function profileSource(kind: ProfileKind, source: ByteSource, opts: ProfileOptions = {}) {
  return kind === 'csv' ? profileCsv(source, opts) : profileJson(source, opts);
}
