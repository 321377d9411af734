import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvToNdjson } from './csv-to-ndjson.ts';
import { jsonToNdjson } from './json-to-ndjson.ts';
import { ndjsonRows } from './ndjson.ts';
import { ROW_LIMITS, RowLimitError } from '../listings/row-limits.ts';

// CSV -> NDJSON must give the same rows whichever path a chunk takes (bytes copied as they are,
// strings for rows that need escaping, the record splitter once a quote is seen) and wherever the
// file is cut into chunks. The reference is csv-parse reading the whole file at once.

/** What the stream must send: one object a record, keyed by the header row (ragged rows cut). */
function expected(csv: string): string {
  const [header, ...records] = parse(csv, { relax_quotes: true, relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][];
  if (!header) return '';
  return records
    .map((cells) => `{${cells.slice(0, header.length).map((cell, i) => `${JSON.stringify(header[i])}:${JSON.stringify(cell)}`).join(',')}}\n`)
    .join('');
}

async function converted(bytes: Buffer, chunkSizes: (i: number) => number): Promise<string> {
  const chunks: Buffer[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = chunkSizes(i);
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  const out: Buffer[] = [];
  for await (const piece of csvToNdjson(Readable.from(chunks))) out.push(piece);
  const text = Buffer.concat(out).toString('utf8');
  // every line is JSON on its own
  for (const line of text.split('\n').filter(Boolean)) JSON.parse(line);
  return text;
}

const CASES: Record<string, string> = {
  'plain rows': 'id,name,price\n1,alpha,1.50\n2,beta,2.00\n3,gamma,3.25\n',
  'no final line break': 'id,name\n1,alpha\n2,beta',
  'CRLF line ends and a blank line': 'id,name\r\n1,alpha\r\n\r\n2,beta\r\n3,gamma\r\n',
  'blank lines': '\nid,name\n\n1,alpha\n\n\n2,beta\n',
  'ragged rows': 'a,b,c\n1,2\n1,2,3,4,5\n,,\n1\n',
  'cells JSON must escape': 'id,text\n1,tab\there\n2,back\\slash\n3,bell\u0007\n4,plain\n5,cr\rinside\n',
  'quotes from the middle on': 'id,text\n1,plain\n2,"quoted, with comma"\n3,"line\nbreak"\n4,"say ""hi"""\n5,after\n',
  'quoted header': '"id","the name"\n1,alpha\n2,"b"\n',
  'multi-byte characters': 'id,city\n1,Zürich\n2,東京\n3,São Paulo 🚀\n',
  'BOM': '\ufeffid,name\n1,alpha\n',
  'header only': 'id,name\n',
  'empty file': '',
  'whitespace cells': 'a,b\n , \n  x  ,y\n',
  'ragged quoted rows (extra cells are never decoded)': 'a,b\n"1",2,"3,4",5\n"x\ny","z",,,\n,"only"\n',
};

describe('csvToNdjson', () => {
  for (const [name, csv] of Object.entries(CASES)) {
    it(`${name}: the same rows however the file is cut`, async () => {
      const bytes = Buffer.from(csv, 'utf8');
      const want = expected(csv);
      expect(await converted(bytes, () => bytes.length || 1)).toBe(want);
      for (const size of [1, 2, 3, 5, 7, 16]) expect(await converted(bytes, () => size), `chunks of ${size}`).toBe(want);
      let seed = 7;
      const random = () => ((seed = (seed * 48271) % 2147483647) % 9) + 1;
      expect(await converted(bytes, random), 'random chunks').toBe(want);
    });
  }

  it('a large quote-free file comes out row for row', async () => {
    const lines = ['id,symbol,price,volume,note'];
    for (let i = 0; i < 20_000; i++) lines.push(`${i},SYM${i % 97},${(i / 7).toFixed(2)},${i * 31},note ${i}${i % 1000 === 0 ? '\\x' : ''}`);
    const csv = `${lines.join('\n')}\n`;
    const text = await converted(Buffer.from(csv), () => 65_536);
    expect(text).toBe(expected(csv));
    expect(text.split('\n').length - 1).toBe(20_000);
  });
});

/** The stream's output as text, or the error it ended with. */
async function drain(rows: AsyncIterable<Buffer>): Promise<string> {
  const out: Buffer[] = [];
  for await (const piece of rows) out.push(piece);
  return Buffer.concat(out).toString('utf8');
}

describe('row limits (api/domain/listings/row-limits.ts)', () => {
  const MiB = 1024 * 1024;
  const header = (columns: number, quoted = false) => Array.from({ length: columns }, (_, i) => (quoted ? `"c${i}"` : `c${i}`)).join(',');

  it('a header past maxColumns: ndjsonRows refuses it before any row, and the conversion refuses it too (quoted or not)', async () => {
    for (const quoted of [false, true]) {
      const csv = Buffer.from(`${header(ROW_LIMITS.maxColumns + 1, quoted)}\n1,2\n`);
      const source = Readable.from([csv]);
      const refused = await ndjsonRows('csv', source);
      expect(refused).toBeInstanceOf(RowLimitError);
      expect((refused as RowLimitError).limit).toBe('too_many_columns');
      expect(source.destroyed).toBe(true);
      await expect(drain(csvToNdjson(Readable.from([csv])))).rejects.toMatchObject({ limit: 'too_many_columns' });
    }
    // At the limit: rows.
    const widest = await ndjsonRows('csv', Readable.from([Buffer.from(`${header(ROW_LIMITS.maxColumns)}\n1,2\n`)]));
    expect(await drain(widest as AsyncGenerator<Buffer>)).toBe('{"c0":"1","c1":"2"}\n');
  });

  it('a header of 7.5 million columns is refused after reading 1 MiB of it, without building a key', async () => {
    let pulled = 0;
    const source = Readable.from(
      (function* () {
        const block = Buffer.from('a,'.repeat(32 * 1024));
        for (let i = 0; i < 230; i++) {
          pulled += block.length;
          yield block;
        }
        yield Buffer.from('a\n1\n');
      })(),
    );
    const refused = await ndjsonRows('csv', source);
    expect((refused as RowLimitError).limit).toBe('header_too_long');
    expect(pulled).toBeLessThan(ROW_LIMITS.maxRecordBytes + 256 * 1024);
  });

  it('a record longer than maxRecordBytes ends the conversion with the limit, on every path', async () => {
    const long = 'x'.repeat(ROW_LIMITS.maxRecordBytes + 1);
    for (const csv of [`a,b\n1,${long}\n`, `a,b\n"1",${long}\n`, `a,b\n1,\\${long}\n`]) {
      for (const size of [64 * 1024, 3 * MiB]) {
        const chunks: Buffer[] = [];
        const bytes = Buffer.from(csv);
        for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
        await expect(drain(csvToNdjson(Readable.from(chunks))), csv.slice(0, 8)).rejects.toMatchObject({ limit: 'record_too_long' });
      }
    }
    await expect(drain(jsonToNdjson(Readable.from([Buffer.from(`[1,"${long}"]`)])))).rejects.toMatchObject({ limit: 'record_too_long' });
    // NDJSON passes through whatever its lines.
    expect(await drain(jsonToNdjson(Readable.from([Buffer.from(`{"a":"${long}"}\n`)])))).toHaveLength(long.length + 9);
  });

  it('short rows under long keys are handed on a batch at a time, not as one piece per chunk', async () => {
    // Every row repeats the keys: 200 rows of 4 bytes under a 512 KB key make 100 MB of output.
    const key = 'k'.repeat(512 * 1024);
    for (const csv of [`a,${key}\n${'1,2\n'.repeat(200)}`, `a,${key}\n${'"1",2\n'.repeat(200)}`, `a,${key}\n${'1,\\2\n'.repeat(200)}`]) {
      let rows = 0;
      let largest = 0;
      for await (const piece of csvToNdjson(Readable.from([Buffer.from(csv)]))) {
        largest = Math.max(largest, piece.length);
        for (let at = piece.indexOf(0x0a); at >= 0; at = piece.indexOf(0x0a, at + 1)) rows++;
      }
      expect(rows, csv.slice(-8)).toBe(200);
      expect(largest, csv.slice(-8)).toBeLessThan(2 * MiB);
    }
  });

  it("a profile's verdict refuses without reading; one from before the verdict existed too, for CSV and JSON arrays", async () => {
    const flagged = { recordCount: null, fields: [], sampleRows: [], notStreamable: { limit: 'too_many_columns' as const, message: '' } };
    const source = Readable.from([Buffer.from('a,b\n1,2\n')]);
    expect(((await ndjsonRows('csv', source, flagged)) as RowLimitError).limit).toBe('too_many_columns');
    expect(source.destroyed).toBe(true);
    const older = { recordCount: null, fields: [], sampleRows: [], truncated: { limits: ['record_too_long' as const], recordsRead: 3 } };
    expect(((await ndjsonRows('csv', Readable.from([Buffer.from('a\n1\n')]), older)) as RowLimitError).limit).toBe('record_too_long');
    expect(((await ndjsonRows('json', Readable.from([Buffer.from('  [{"a":1}]')]), older)) as RowLimitError).limit).toBe('record_too_long');
    // NDJSON lines pass through the stream whatever their length.
    expect(await drain((await ndjsonRows('json', Readable.from([Buffer.from('{"a":1}\n')]), older)) as AsyncGenerator<Buffer>)).toBe('{"a":1}\n');
  });

  it('rows read ahead to decide are sent all the same, a BOM dropped once', async () => {
    const csv = `\ufeff\n\nid,name\n${Array.from({ length: 5000 }, (_, i) => `${i},"n ${i}"`).join('\n')}\n`;
    const rows = await ndjsonRows('csv', Readable.from([Buffer.from(csv)].flatMap((b) => Array.from({ length: Math.ceil(b.length / 7) }, (_, i) => b.subarray(i * 7, i * 7 + 7)))));
    expect(await drain(rows as AsyncGenerator<Buffer>)).toBe(expected(csv));
    const json = await ndjsonRows('json', Readable.from(['\ufeff', '  \n', ' [{"a":\n1},\r\n {"b":"x y"}]'].map((t) => Buffer.from(t))));
    expect(await drain(json as AsyncGenerator<Buffer>)).toBe('{"a": 1}\n{"b":"x y"}\n');
  });
});
