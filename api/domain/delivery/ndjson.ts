// Rows of a data file as NDJSON (one JSON object a line), read and written piece by piece: memory
// holds one chunk and one record whatever the file's size.
import type { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import { RecordSplitter } from '../listings/profile.ts';

/** One record (a CSV row, an array element) longer than this ends the stream with an error. */
export const MAX_STREAM_RECORD_BYTES = 16 * 1024 * 1024;
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

/** CSV rows as objects keyed by the header row (csv-parse: quoted fields may hold line breaks). */
export async function* csvToNdjson(source: Readable): AsyncGenerator<Buffer> {
  const parser = parseCsv({ columns: true, bom: true, relax_quotes: true, relax_column_count: true, skip_empty_lines: true });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let lines: string[] = [];
  let size = 0;
  try {
    for await (const row of parser as AsyncIterable<Record<string, string>>) {
      const line = `${JSON.stringify(row)}\n`;
      lines.push(line);
      size += line.length;
      if (size >= BATCH_BYTES) {
        yield Buffer.from(lines.join(''));
        lines = [];
        size = 0;
      }
    }
    if (lines.length) yield Buffer.from(lines.join(''));
  } finally {
    source.unpipe(parser);
    source.destroy();
    parser.destroy();
  }
}

/**
 * JSON data: a top-level array is sent element by element, each on its own line (an element that
 * spans lines in the file is re-written on one); newline-delimited JSON, which already is one
 * object a line, passes through as it is.
 */
export async function* jsonToNdjson(source: Readable): AsyncGenerator<Buffer> {
  let splitter: RecordSplitter | null = null;
  let passThrough = false;
  let records: Buffer[] = [];
  let bom = true;
  try {
    for await (const raw of source as AsyncIterable<Buffer>) {
      let chunk = raw;
      if (bom) {
        bom = false;
        if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
      }
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
        splitter = new RecordSplitter('array', MAX_STREAM_RECORD_BYTES, (record) => records.push(record!));
      }
      for (let at = 0; at < chunk.length; at += BATCH_BYTES) {
        if (!splitter.push(chunk.subarray(at, at + BATCH_BYTES))) throw new Error('A record of the JSON array is longer than 16 MB');
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

function linesOf(records: Buffer[]): Buffer {
  return Buffer.from(records.map((r) => `${JSON.stringify(JSON.parse(r.toString('utf8')))}\n`).join(''));
}
