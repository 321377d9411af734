import type { Readable } from 'node:stream';
import { RecordSplitter } from '../listings/record-splitter.ts';
import { ROW_LIMITS, RowLimitError } from '../listings/row-limits.ts';
import { BATCH_BYTES, isSpace, withoutBom } from './stream-bytes.ts';

/**
 * JSON data: a top-level array is sent element by element, each on its own line (an element that
 * spans lines in the file is re-written on one); newline-delimited JSON, which already is one
 * object a line, passes through as it is.
 */
export function jsonToNdjson(source: Readable): AsyncGenerator<Buffer> {
  return jsonLines(withoutBom(source), source);
}

export async function* jsonLines(chunks: AsyncIterable<Buffer>, source: Readable): AsyncGenerator<Buffer> {
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
