// Finding where records end in a byte stream, for profiling (profile.ts) and for the stream
// (api/domain/delivery/ndjson.ts) alike, so both cut a file into the same records.

const LF = 0x0a;
export const CR = 0x0d;
const QUOTE = 0x22;
const COMMA = 0x2c;
const BACKSLASH = 0x5c;
export const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === LF || c === CR;

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
export class NotTabular extends Error {}
