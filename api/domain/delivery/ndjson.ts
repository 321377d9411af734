// Rows of a data file as NDJSON (one JSON object a line), read and written piece by piece: memory
// holds one chunk and one record whatever the file's size.
import type { Readable } from 'node:stream';
import { parse as parseCsvRecord } from 'csv-parse/sync';
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

/**
 * CSV rows as objects keyed by the header row. The profiler's RecordSplitter finds where records
 * end (a line break inside double quotes belongs to its field) without looking at most bytes one
 * by one; a record without quotes is split on commas, one with quotes is parsed by csv-parse, so
 * both read a record the same way (relaxed quotes, ragged rows, blank lines skipped, BOM dropped).
 */
export async function* csvToNdjson(source: Readable): AsyncGenerator<Buffer> {
  let keys: string[] | null = null;
  let lines: string[] = [];
  let size = 0;
  const addRow = (cells: string[]) => {
    let line = '{';
    const n = Math.min(keys!.length, cells.length);
    for (let i = 0; i < n; i++) line += `${i ? ',' : ''}${keys![i]}${jsonString(cells[i]!)}`;
    line += '}\n';
    lines.push(line);
    size += line.length;
  };
  // The records the splitter found in one chunk, handled together: most data has no quotes at all,
  // and a batch without one is decoded once and split on line breaks and commas.
  let pending: Buffer[] = [];
  const flush = () => {
    if (!pending.length) return;
    let records = pending;
    pending = [];
    if (!keys) {
      keys = cellsOf(records[0]!).map((name) => `${JSON.stringify(name)}:`);
      records = records.slice(1);
      if (!records.length) return;
    }
    const joined = Buffer.concat(records.flatMap((r) => [r, NEWLINE]));
    if (joined.indexOf(0x22) >= 0) {
      for (const record of records) addRow(cellsOf(record));
      return;
    }
    const text = joined.toString('utf8');
    let from = 0;
    for (let at = text.indexOf('\n'); at >= 0; from = at + 1, at = text.indexOf('\n', from)) {
      const to = at > from && text.charCodeAt(at - 1) === 0x0d ? at - 1 : at;
      addRow(text.slice(from, to).split(','));
    }
  };
  const splitter = new RecordSplitter('csv', MAX_STREAM_RECORD_BYTES, (record) => pending.push(record!));
  try {
    for await (const chunk of withoutBom(source)) {
      if (!splitter.push(chunk)) throw new Error('A CSV record is longer than 16 MB');
      flush();
      if (size >= BATCH_BYTES) {
        yield Buffer.from(lines.join(''));
        lines = [];
        size = 0;
      }
    }
    splitter.end();
    flush();
    if (lines.length) yield Buffer.from(lines.join(''));
  } finally {
    source.destroy();
  }
}

const NEWLINE = Buffer.from('\n');
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;

/** A cell as a JSON string; most cells need no escaping, and skipping JSON.stringify for them is most of the speed. */
function jsonString(cell: string): string {
  return NEEDS_ESCAPE.test(cell) ? JSON.stringify(cell) : `"${cell}"`;
}
const CSV_OPTIONS = { relax_quotes: true, relax_column_count: true } as const;

function cellsOf(record: Buffer): string[] {
  const end = record[record.length - 1] === 0x0d ? record.length - 1 : record.length;
  const text = record.toString('utf8', 0, end);
  if (!text.includes('"')) return text.split(',');
  return (parseCsvRecord(text, CSV_OPTIONS) as string[][])[0] ?? [];
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
  try {
    for await (const chunk of withoutBom(source)) {
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

function linesOf(records: Buffer[]): Buffer {
  return Buffer.from(records.map((r) => `${JSON.stringify(JSON.parse(r.toString('utf8')))}\n`).join(''));
}
