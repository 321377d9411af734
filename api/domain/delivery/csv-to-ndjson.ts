import type { Readable } from 'node:stream';
import { RecordSplitter } from '../listings/record-splitter.ts';
import { ROW_LIMITS, RowLimitError } from '../listings/row-limits.ts';
import { QuoteFreeRows } from './quote-free-rows.ts';
import { BATCH_BYTES, withoutBom } from './stream-bytes.ts';

const NEWLINE = Buffer.from('\n');

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

export async function* csvLines(chunks: AsyncIterable<Buffer>, source: Readable): AsyncGenerator<Buffer> {
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
