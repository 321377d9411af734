import { parse as parseCsvRecord } from 'csv-parse/sync';
import { csvCellEnd, ROW_LIMITS, RowLimitError } from '../listings/row-limits.ts';
import { BATCH_BYTES, withoutCr } from './stream-bytes.ts';

// CSV rows written as NDJSON (csv-to-ndjson.ts decides which rows come here and in what pieces).

/** NDJSON lines written into a growing buffer: one object a CSV row, keyed by the header row. */
export class QuoteFreeRows {
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
