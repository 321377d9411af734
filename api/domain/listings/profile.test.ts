import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { profileCsv, profileJson, splitCsvLine } from './profile.ts';

describe('profiling uploaded data', () => {
  it('splits CSV lines with quotes', () => {
    expect(splitCsvLine('a,"b,c","say ""hi""",')).toEqual(['a', 'b,c', 'say "hi"', '']);
  });

  it('profiles a CSV: records, field types, null shares, sample rows', async () => {
    const csv = ['id,price,active,day,city', '1,9.5,true,2026-01-01,Paris', '2,10,false,2026-01-02,', '3,,true,2026-01-03,"Lyon, FR"', ''].join('\n');
    const profile = await profileCsv(Readable.from([csv]));
    expect(profile).toEqual({
      recordCount: 3,
      fields: [
        { name: 'id', type: 'integer', nullShare: 0 },
        { name: 'price', type: 'number', nullShare: 0.333 },
        { name: 'active', type: 'boolean', nullShare: 0 },
        { name: 'day', type: 'date', nullShare: 0 },
        { name: 'city', type: 'string', nullShare: 0.333 },
      ],
      sampleRows: [
        { id: '1', price: '9.5', active: 'true', day: '2026-01-01', city: 'Paris' },
        { id: '2', price: '10', active: 'false', day: '2026-01-02', city: '' },
        { id: '3', price: '', active: 'true', day: '2026-01-03', city: 'Lyon, FR' },
      ],
    });
  });

  it('profiles a JSON array and NDJSON alike, counting fields missing from some records as null', async () => {
    const rows = [{ a: 1, b: 'x' }, { a: 2.5 }, { a: 3, b: null, c: true }];
    const fromArray = await profileJson(Readable.from([JSON.stringify(rows, null, 2)]), 100);
    const fromLines = await profileJson(Readable.from([rows.map((r) => JSON.stringify(r)).join('\n')]), 100);
    for (const profile of [fromArray, fromLines]) {
      expect(profile?.recordCount).toBe(3);
      expect(profile?.fields).toEqual([
        { name: 'a', type: 'number', nullShare: 0 },
        { name: 'b', type: 'string', nullShare: 0.667 },
        { name: 'c', type: 'boolean', nullShare: 0.667 },
      ]);
      expect(profile?.sampleRows).toHaveLength(3);
    }
  });

  it('counts every record of a large file, typing fields from the first 100,000', async () => {
    const rows = Array.from({ length: 150_000 }, (_, i) => `${i},${i % 2 ? '' : 'x'}`);
    const profile = await profileCsv(Readable.from([`id,flag\n${rows.join('\n')}\n`]));
    expect(profile?.recordCount).toBe(150_000);
    expect(profile?.fields).toEqual([
      { name: 'id', type: 'integer', nullShare: 0 },
      { name: 'flag', type: 'string', nullShare: 0.5 },
    ]);
  });

  it('gives no profile for what is not tabular', async () => {
    expect(await profileJson(Readable.from(['{"a":1}\nnot json']), 20)).toBeNull();
    expect(await profileCsv(Readable.from(['\n\n']))).toBeNull();
  });
});
