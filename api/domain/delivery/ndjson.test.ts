import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvToNdjson } from './ndjson.ts';

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
