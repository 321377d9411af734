// What a CSV or JSON data file must be for the server to read it as rows. One set of limits for
// the upload's profile, which flags a file that breaks one (`notStreamable`), and the stream
// (GET /api/data/stream), which refuses such a file with 422 before sending anything: a file the
// upload accepted as rows streams, a file the stream refuses was flagged at upload. The download
// serves any file whole. (docs/decisions.md, "Hardening: hostile files, slow clients and deep JSON".)

export const ROW_LIMITS = {
  /**
   * Columns of a CSV header, and so keys of every streamed row. Excel's widest sheet: any table
   * saved as CSV fits. The stream builds one key per column before the first row and writes them
   * with every row; 7.5 million of them once took the server down.
   */
  maxColumns: 16_384,
  /**
   * One record: a CSV record (the header row included), an NDJSON line, a JSON array element. The
   * stream holds one at a time and does work in proportion to it on the request's thread.
   */
  maxRecordBytes: 1024 * 1024,
};

export type RowLimits = typeof ROW_LIMITS;

/** Which limit a file breaks. */
export type RowLimit = 'too_many_columns' | 'header_too_long' | 'record_too_long';

const bytes = (n: number) => (n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MiB` : `${n.toLocaleString('en-US')} bytes`);

export function rowLimitMessage(limit: RowLimit, limits: RowLimits = ROW_LIMITS): string {
  switch (limit) {
    case 'too_many_columns':
      return `The file has more than ${limits.maxColumns.toLocaleString('en-US')} columns, the most the stream sends as rows`;
    case 'header_too_long':
      return `The file's header row is longer than ${bytes(limits.maxRecordBytes)}, the most the stream reads as one row`;
    case 'record_too_long':
      return `A record of the file is longer than ${bytes(limits.maxRecordBytes)}, the most the stream sends as one row`;
  }
}

/** A file that breaks a row limit, found by the profile or the stream. */
export class RowLimitError extends Error {
  constructor(
    readonly limit: RowLimit,
    limits: RowLimits = ROW_LIMITS,
  ) {
    super(rowLimitMessage(limit, limits));
    this.name = 'RowLimitError';
  }
}

const QUOTE = 0x22;
const COMMA = 0x2c;

/**
 * Where the `cells`-th cell of one CSV record ends: the index of the comma after it, or -1 when
 * the record has no more than `cells` cells. Quotes are read as the profiler's RecordSplitter and
 * csv-parse (relax_quotes) read them: a quote opens a quoted field only at the start of a field,
 * `""` inside one is a quote, a comma inside one belongs to the field. Jumps from comma to comma
 * with indexOf, so it costs per cell, not per byte; the record is at most maxRecordBytes.
 */
export function csvCellEnd(record: Buffer, cells: number): number {
  const n = record.length;
  let count = 1;
  let i = 0;
  while (i < n) {
    if (record[i] === QUOTE) {
      i += 1;
      for (;;) {
        const q = record.indexOf(QUOTE, i);
        if (q < 0) return -1; // a quoted field that does not close in this record
        if (record[q + 1] === QUOTE) {
          i = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
    }
    const comma = record.indexOf(COMMA, i);
    if (comma < 0) return -1;
    if (count === cells) return comma;
    count += 1;
    i = comma + 1;
  }
  return -1;
}
