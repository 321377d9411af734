import { parse as parseCsv } from 'csv-parse/sync';
import { csvCellEnd, ROW_LIMITS, type RowLimit } from './row-limits.ts';
import { cut, Profiler } from './profiler.ts';
import { CR, isSpace, NotTabular, RecordSplitter } from './record-splitter.ts';

// Profiling an uploaded CSV or JSON file: record count, field names and types, null share,
// sample rows. Every cost is bounded (docs/decisions.md, "Profiling"): a record longer than
// maxRecordBytes, more fields than maxFields, or a file that takes longer than the time budget
// ends in a partial profile that says which bound applied, never in unbounded memory or time.
// A file that breaks a row limit (row-limits.ts: too many columns, a record too long) is flagged
// `notStreamable`, the verdict the stream answers 422 with.
// The functions here run anywhere; the server runs them in a worker thread (profile.worker.ts) so
// the request path's event loop never waits for them.
// Here: the profile's shape, its bounds, and reading a file to them. Where records end is
// record-splitter.ts's (the stream cuts files the same way); what the values say is profiler.ts's.

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
