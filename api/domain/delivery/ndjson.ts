// Rows of a data file as NDJSON (one JSON object a line), read and written piece by piece: memory
// holds one chunk and one record whatever the file's size. What a row may be (columns, bytes) is
// the row limits' (api/domain/listings/row-limits.ts), the same the upload's profile checks.
import type { Readable } from 'node:stream';
import { parse as parseCsvRecord } from 'csv-parse/sync';
import type { DataProfile } from '../listings/profile.ts';
import { RecordSplitter } from '../listings/record-splitter.ts';
import { csvCellEnd, ROW_LIMITS, RowLimitError, type RowLimit } from '../listings/row-limits.ts';

/** Lines are handed on in batches of about this many bytes (one write per row would be slow). */
const BATCH_BYTES = 64 * 1024;

export type StreamFormat = 'csv' | 'json' | 'raw';

/** How the stream route sends a file: rows for CSV and JSON, the bytes as they are otherwise. */
export function streamFormatOf(file: { fileName: string; contentType: string }): StreamFormat {
  const name = file.fileName.toLowerCase();
  if (name.endsWith('.csv') || file.contentType === 'text/csv') return 'csv';
  if (name.endsWith('.json') || name.endsWith('.ndjson') || name.endsWith('.jsonl') || file.contentType === 'application/json') return 'json';
  return 'raw';
}

/**
 * The rows of a CSV or JSON file as NDJSON, or the row limit that keeps the stream from sending
 * them. Decided before the first byte goes out, so the route can answer 422 instead of a stream
 * that breaks off: from the upload's profile when it recorded a verdict, else from the file's
 * first record, read here (at most maxRecordBytes): a CSV header longer than that or with more
 * columns than maxColumns. A limit first met further on (a file without a profile) still ends the
 * stream with an error there, after bounded work. Refused or not, `source` is the caller's to
 * destroy if the rows are never read (HEAD); reading them to the end or returning closes it.
 */
export async function ndjsonRows(format: 'csv' | 'json', source: Readable, profile?: DataProfile | null): Promise<AsyncGenerator<Buffer> | RowLimitError> {
  const refuse = (limit: RowLimit) => {
    source.destroy();
    return new RowLimitError(limit);
  };
  if (profile?.notStreamable) return refuse(profile.notStreamable.limit);
  const chunks = withoutBom(source)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  // Profiles written before `notStreamable` existed said record_too_long at the same 1 MiB bound.
  const longRecord = profile?.truncated?.limits.includes('record_too_long') ?? false;
  if (format === 'json') {
    let first: number | undefined;
    while (first === undefined) {
      const next = await chunks.next();
      if (next.done) break;
      head.push(next.value);
      first = next.value.find((b) => !isSpace(b));
    }
    // NDJSON passes through as it is: only an array is cut into records.
    if (first === 0x5b && longRecord) return refuse('record_too_long');
    return jsonLines(replay(head, chunks), source);
  }
  if (longRecord) return refuse('record_too_long');
  // Set by the splitter's callback (TypeScript cannot see that).
  let header = null as Buffer | null;
  const splitter = new RecordSplitter('csv', ROW_LIMITS.maxRecordBytes, (record) => {
    header ??= record;
    splitter.keep = false;
  });
  while (!header) {
    const next = await chunks.next();
    if (next.done) {
      // A file of one line without a line break: that line. (A quote never closed is the
      // conversion's to report, as it always was.)
      try {
        splitter.end();
      } catch {}
      break;
    }
    head.push(next.value);
    if (!splitter.push(next.value)) return refuse('header_too_long');
  }
  if (header && csvCellEnd(withoutCr(header), ROW_LIMITS.maxColumns) >= 0) return refuse('too_many_columns');
  return csvLines(replay(head, chunks), source);
}

const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
const withoutCr = (record: Buffer) => (record[record.length - 1] === 0x0d ? record.subarray(0, -1) : record);

/** The chunks read ahead, then the rest. */
async function* replay(head: Buffer[], rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield* head;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/**
 * CSV rows as objects keyed by the header row.
 *
 * Most data has no quotes at all, and its rows can be copied into the output byte for byte: a
 * chunk without a quote, a backslash or a control character is cut on line breaks and commas with
 * Buffer.indexOf and written by QuoteFreeRows (no text decoding, no strings per cell), which keeps
 * the stream within reach of a plain file copy. A chunk that needs escaping goes through strings;
 * once a quote is seen, the rest of the file goes through the profiler's RecordSplitter (a line
 * break inside double quotes belongs to its field) and csv-parse for quoted records, so both paths
 * read a record the same way (relaxed quotes, ragged rows, blank lines skipped, BOM dropped).
 */
export function csvToNdjson(source: Readable): AsyncGenerator<Buffer> {
  return csvLines(withoutBom(source), source);
}

async function* csvLines(chunks: AsyncIterable<Buffer>, source: Readable): AsyncGenerator<Buffer> {
  const rows = new QuoteFreeRows();
  // The part of the last chunk after its last line break (quote-free mode only).
  let carry: Buffer | null = null;
  let splitter: RecordSplitter | null = null;
  let pending: Buffer[] = [];
  // Output is handed on whenever a batch is full, between two rows: every row repeats the header's
  // keys, so a chunk of short rows under long keys would otherwise become one piece many times its size.
  function* lines(data: Buffer, end: number) {
    for (let from = 0; from < end; ) {
      from = rows.addLines(data, from, end);
      if (rows.size >= BATCH_BYTES) yield rows.take();
    }
  }
  function* quoted() {
    const records = pending;
    pending = [];
    for (const record of records) {
      rows.addRecord(record);
      if (rows.size >= BATCH_BYTES) yield rows.take();
    }
  }
  // Which limit a record too long breaks: the header's, unless a header came before it.
  const tooLong = () => {
    if (!rows.hasHeader && pending.length) rows.addRecord(pending[0]!);
    return new RowLimitError(rows.hasHeader ? 'record_too_long' : 'header_too_long');
  };
  try {
    for await (const chunk of chunks) {
      if (!splitter) {
        const data: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
        carry = null;
        if (data.indexOf(0x22) < 0) {
          const end = data.lastIndexOf(0x0a) + 1;
          yield* lines(data, end);
          if (end < data.length) {
            carry = data.subarray(end);
            if (carry.length > ROW_LIMITS.maxRecordBytes) throw tooLong();
          }
        } else {
          // From here on records may hold quoted line breaks. `data` starts at a record boundary.
          splitter = new RecordSplitter('csv', ROW_LIMITS.maxRecordBytes, (record) => pending.push(record!));
          if (!splitter.push(data)) throw tooLong();
          yield* quoted();
        }
      } else {
        if (!splitter.push(chunk)) throw tooLong();
        yield* quoted();
      }
    }
    if (splitter) {
      splitter.end();
      yield* quoted();
    } else if (carry) {
      yield* lines(Buffer.concat([carry, NEWLINE]), carry.length + 1);
    }
    if (rows.size) yield rows.take();
  } finally {
    source.destroy();
  }
}

/** NDJSON lines written into a growing buffer: one object a CSV row, keyed by the header row. */
class QuoteFreeRows {
  /** `"key":"` for the first column, `,"key":"` for the others, as bytes. */
  private prefixes: Buffer[] | null = null;
  private keys: string[] | null = null;
  /** Bytes a row adds besides its cells: the prefixes, closing quotes, `{`, `}` and the line break. */
  private overhead = 0;
  private buf = Buffer.allocUnsafe(0);
  private pos = 0;

  get size() {
    return this.pos;
  }

  get hasHeader() {
    return this.prefixes !== null;
  }

  /** The lines written so far; the next ones go into a new buffer. */
  take(): Buffer {
    const out = this.buf.subarray(0, this.pos);
    this.buf = Buffer.allocUnsafe(0);
    this.pos = 0;
    return out;
  }

  /**
   * Rows of `data[from, end)`, which holds no quote and ends with a line break, until a batch is
   * full. Returns where it stopped (`end` when every row is written).
   */
  addLines(data: Buffer, from: number, end: number): number {
    while (from < end && this.pos < BATCH_BYTES) {
      if (this.prefixes) {
        from = this.copyRows(data, from, end);
        if (from >= end || this.pos >= BATCH_BYTES) break;
      }
      // The header row, or a row with a byte JSON must escape: through strings.
      const at = data.indexOf(0x0a, from);
      const to = at > from && data[at - 1] === 0x0d ? at - 1 : at;
      if (to > from) this.addRecord(data.subarray(from, to));
      from = at + 1;
    }
    return from;
  }

  /**
   * Copies rows of `data[from, end)` byte by byte (for cells of a few bytes, native copies cost
   * more in calls than they save) until a row holds a byte a JSON string cannot (a control
   * character, a CR not before LF, a backslash), or a batch is full. Returns where the next row to
   * write starts, else `end`.
   */
  private copyRows(data: Buffer, from: number, end: number): number {
    const prefixes = this.prefixes!;
    let j = from;
    while (j < end) {
      if (this.pos >= BATCH_BYTES) return j;
      const start = j;
      if (data[j] === 0x0a) {
        j++; // a blank line
        continue;
      }
      if (data[j] === 0x0d && data[j + 1] === 0x0a) {
        j += 2;
        continue;
      }
      this.reserve(end - j + this.overhead);
      const buf = this.buf;
      let pos = this.pos;
      buf[pos++] = 0x7b; // {
      let prefix = prefixes[0]!;
      for (let i = 0; i < prefix.length; i++) buf[pos++] = prefix[i]!;
      let k = 1;
      let dropping = false; // past the header's columns: ragged cells are dropped
      for (; ; j++) {
        const b = data[j]!;
        if (b === 0x0a) break;
        if (b === 0x2c) {
          if (dropping) continue;
          if (k === prefixes.length) {
            dropping = true;
            continue;
          }
          buf[pos++] = 0x22; // "
          prefix = prefixes[k++]!;
          for (let i = 0; i < prefix.length; i++) buf[pos++] = prefix[i]!;
          continue;
        }
        if (b < 0x20 || b === 0x5c) {
          if (b === 0x0d && data[j + 1] === 0x0a) continue; // the CR of CRLF
          if (!dropping) return start;
          continue;
        }
        if (!dropping) buf[pos++] = b;
      }
      if (j - start > ROW_LIMITS.maxRecordBytes) throw new RowLimitError('record_too_long');
      j++; // the line break
      buf[pos++] = 0x22; // "
      buf[pos++] = 0x7d; // }
      buf[pos++] = 0x0a;
      this.pos = pos;
    }
    return end;
  }

  /**
   * One record read through strings (the header, quoted records, rows that need escaping), its
   * line break (and CR) left out. Its length and cells are bounded here, before it is decoded: the
   * header by the row limits, a row by the header's width (cells past it are dropped anyway, and
   * a record of a million empty cells would otherwise become a million strings).
   */
  addRecord(record: Buffer) {
    if (record.length > ROW_LIMITS.maxRecordBytes) throw new RowLimitError(this.prefixes ? 'record_too_long' : 'header_too_long');
    const cells = cellsOf(record, this.prefixes ? this.prefixes.length : ROW_LIMITS.maxColumns + 1);
    if (this.prefixes) this.addCells(cells);
    else if (cells.length > ROW_LIMITS.maxColumns) throw new RowLimitError('too_many_columns');
    else this.setKeys(cells);
  }

  private addCells(cells: string[]) {
    let line = '{';
    const n = Math.min(this.prefixes!.length, cells.length);
    for (let i = 0; i < n; i++) line += `${i ? ',' : ''}${this.keys![i]}${jsonString(cells[i]!)}`;
    line += '}\n';
    this.reserve(Buffer.byteLength(line));
    this.pos += this.buf.write(line, this.pos);
  }

  private setKeys(names: string[]) {
    this.keys = names.map((name) => `${JSON.stringify(name)}:`);
    this.prefixes = this.keys.map((key, i) => Buffer.from(`${i ? ',' : ''}${key}"`));
    this.overhead = this.prefixes.reduce((sum, p) => sum + p.length + 1, 3);
  }

  private reserve(bytes: number) {
    if (this.pos + bytes <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(2 * BATCH_BYTES, 2 * (this.pos + bytes)));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }
}

const NEWLINE = Buffer.from('\n');
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;

/** A cell as a JSON string; most cells need no escaping, and skipping JSON.stringify for them is most of the speed. */
function jsonString(cell: string): string {
  return NEEDS_ESCAPE.test(cell) ? JSON.stringify(cell) : `"${cell}"`;
}
const CSV_OPTIONS = { relax_quotes: true, relax_column_count: true } as const;

/** The first `max` cells of one CSV record (a trailing CR dropped): only those are decoded. */
function cellsOf(record: Buffer, max: number): string[] {
  let bytes = withoutCr(record);
  const cut = csvCellEnd(bytes, max);
  if (cut >= 0) bytes = bytes.subarray(0, cut);
  const text = bytes.toString('utf8');
  if (!text.includes('"')) return text.split(',');
  return (parseCsvRecord(text, CSV_OPTIONS) as string[][])[0] ?? [];
}

/**
 * JSON data: a top-level array is sent element by element, each on its own line (an element that
 * spans lines in the file is re-written on one); newline-delimited JSON, which already is one
 * object a line, passes through as it is.
 */
export function jsonToNdjson(source: Readable): AsyncGenerator<Buffer> {
  return jsonLines(withoutBom(source), source);
}

async function* jsonLines(chunks: AsyncIterable<Buffer>, source: Readable): AsyncGenerator<Buffer> {
  let splitter: RecordSplitter | null = null;
  let passThrough = false;
  let records: Buffer[] = [];
  try {
    for await (const chunk of chunks) {
      if (passThrough) {
        yield chunk;
        continue;
      }
      if (!splitter) {
        let i = 0;
        while (i < chunk.length && (chunk[i] === 0x20 || chunk[i] === 0x09 || chunk[i] === 0x0a || chunk[i] === 0x0d)) i++;
        if (i === chunk.length) continue;
        if (chunk[i] !== 0x5b) {
          passThrough = true;
          yield chunk;
          continue;
        }
        splitter = new RecordSplitter('array', ROW_LIMITS.maxRecordBytes, (record) => records.push(record!));
      }
      for (let at = 0; at < chunk.length; at += BATCH_BYTES) {
        if (!splitter.push(chunk.subarray(at, at + BATCH_BYTES))) throw new RowLimitError('record_too_long');
        if (records.length) {
          yield linesOf(records);
          records = [];
        }
      }
    }
    if (splitter) {
      splitter.end();
      if (records.length) yield linesOf(records);
    }
  } finally {
    source.destroy();
  }
}

/** The source's chunks without a UTF-8 byte-order mark, however the first bytes are cut. */
async function* withoutBom(source: Readable): AsyncGenerator<Buffer> {
  let head: Buffer | null = Buffer.alloc(0);
  for await (const raw of source as AsyncIterable<Buffer>) {
    if (!head) {
      yield raw;
      continue;
    }
    head = Buffer.concat([head, raw]);
    if (head.length < 3 && [0xef, 0xbb, 0xbf].slice(0, head.length).every((b, i) => head![i] === b)) continue;
    const rest: Buffer = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? head.subarray(3) : head;
    head = null;
    if (rest.length) yield rest;
  }
  if (head?.length) yield head;
}

/**
 * Each array element on a line of its own. A line break can only stand between tokens of valid
 * JSON (never raw inside a string), so turning CR and LF into spaces keeps the element's meaning:
 * no parse and re-serialisation, so an element costs one native copy and scan, whatever its keys.
 * The stream frames records; it does not judge them (the upload's profile parsed the file).
 */
function linesOf(records: Buffer[]): Buffer {
  const lines: Buffer[] = [];
  for (const record of records) {
    let from = 0;
    let to = record.length;
    while (from < to && isSpace(record[from]!)) from++;
    while (to > from && isSpace(record[to - 1]!)) to--;
    const line = Buffer.allocUnsafe(to - from + 1);
    record.copy(line, 0, from, to);
    for (let at = line.indexOf(0x0a); at >= 0 && at < line.length - 1; at = line.indexOf(0x0a, at + 1)) line[at] = 0x20;
    for (let at = line.indexOf(0x0d); at >= 0; at = line.indexOf(0x0d, at + 1)) line[at] = 0x20;
    line[line.length - 1] = 0x0a;
    lines.push(line);
  }
  return Buffer.concat(lines);
}
