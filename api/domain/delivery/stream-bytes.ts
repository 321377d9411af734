import type { Readable } from 'node:stream';

// Byte-level pieces the CSV and JSON conversions (csv-to-ndjson.ts, json-to-ndjson.ts) and the
// stream's first look at a file (ndjson.ts) share.

/** Lines are handed on in batches of about this many bytes (one write per row would be slow). */
export const BATCH_BYTES = 64 * 1024;

export const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
export const withoutCr = (record: Buffer) => (record[record.length - 1] === 0x0d ? record.subarray(0, -1) : record);

/** The source's chunks without a UTF-8 byte-order mark, however the first bytes are cut. */
export async function* withoutBom(source: Readable): AsyncGenerator<Buffer> {
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
