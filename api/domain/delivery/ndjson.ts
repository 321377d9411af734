// Rows of a data file as NDJSON (one JSON object a line), read and written piece by piece: memory
// holds one chunk and one record whatever the file's size. What a row may be (columns, bytes) is
// the row limits' (api/domain/listings/row-limits.ts), the same the upload's profile checks.
// Here the stream route's side: which format a file streams as, and whether it can be streamed at
// all; the conversions themselves are csv-to-ndjson.ts and json-to-ndjson.ts.
import type { Readable } from 'node:stream';
import type { DataProfile } from '../listings/profile.ts';
import { RecordSplitter } from '../listings/record-splitter.ts';
import { csvCellEnd, ROW_LIMITS, RowLimitError, type RowLimit } from '../listings/row-limits.ts';
import { csvLines } from './csv-to-ndjson.ts';
import { jsonLines } from './json-to-ndjson.ts';
import { isSpace, withoutBom, withoutCr } from './stream-bytes.ts';

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

/** The chunks read ahead, then the rest. */
async function* replay(head: Buffer[], rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield* head;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}
