import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PROFILE_LIMITS, profileCsv, profileJson } from './profile.ts';

/** A lazily generated file: `parts` yields strings; counts the bytes the profiler pulled. */
function lazy(parts: () => Generator<string>) {
  const source = { pulled: 0, stream: null as unknown as Readable };
  source.stream = Readable.from(
    (function* () {
      for (const part of parts()) {
        source.pulled += Buffer.byteLength(part);
        yield part;
      }
    })(),
    { objectMode: false },
  );
  return source;
}

const MiB = 1024 * 1024;

describe('profiling uploaded data', () => {
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

  it('counts a line break inside quotes as part of the field, not a new record', async () => {
    const csv = 'id,note,tail\r\n1,"b,c","say ""hi"""\r\n2,"two\r\nlines",x\r\n3,"a\nb\n\nc",\r\n';
    const profile = await profileCsv(Readable.from([csv]));
    expect(profile?.recordCount).toBe(3);
    expect(profile?.sampleRows).toEqual([
      { id: '1', note: 'b,c', tail: 'say "hi"' },
      { id: '2', note: 'two\r\nlines', tail: 'x' },
      { id: '3', note: 'a\nb\n\nc', tail: '' },
    ]);
    // The same past the profiled records, where records are only counted.
    const counted = await profileCsv(Readable.from([csv]), { limits: { profiledRecords: 1 } });
    expect(counted?.recordCount).toBe(3);
    // And whatever the chunks the file arrives in.
    const bytes = Buffer.from(csv);
    const oneByOne = await profileCsv(Readable.from(Array.from(bytes, (b) => Buffer.from([b]))));
    expect(oneByOne?.recordCount).toBe(3);
  });

  it('names repeated or empty CSV columns apart', async () => {
    const profile = await profileCsv(Readable.from(['\uFEFFa,a,,b\n1,2,3,4\n']));
    expect(profile?.fields.map((f) => f.name)).toEqual(['a', 'a_2', 'column_3', 'b']);
    expect(profile?.sampleRows).toEqual([{ a: '1', a_2: '2', column_3: '3', b: '4' }]);
  });

  it('profiles a JSON array and NDJSON alike, counting fields missing from some records as null', async () => {
    const rows = [{ a: 1, b: 'x' }, { a: 2.5 }, { a: 3, b: null, c: true }];
    const fromArray = await profileJson(Readable.from([JSON.stringify(rows, null, 2)]));
    const fromLines = await profileJson(Readable.from([rows.map((r) => JSON.stringify(r)).join('\n')]));
    for (const profile of [fromArray, fromLines]) {
      expect(profile?.recordCount).toBe(3);
      expect(profile?.fields).toEqual([
        { name: 'a', type: 'number', nullShare: 0 },
        { name: 'b', type: 'string', nullShare: 0.667 },
        { name: 'c', type: 'boolean', nullShare: 0.667 },
      ]);
      expect(profile?.sampleRows).toHaveLength(3);
      expect(profile?.truncated).toBeUndefined();
    }
  });

  it('reads JSON strings holding brackets, commas and escaped quotes as values', async () => {
    const rows = [{ s: '],[{"x": 1}', t: 'a\\"b' }, { s: '\\', t: '{' }];
    const profile = await profileJson(Readable.from([JSON.stringify(rows)]));
    expect(profile?.recordCount).toBe(2);
    expect(profile?.sampleRows).toEqual(rows);
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
    expect(await profileJson(Readable.from(['{"a":1}\nnot json']))).toBeNull();
    expect(await profileJson(Readable.from(['[{"a":1}, {"b":']))).toBeNull();
    expect(await profileJson(Readable.from(['"just a string"']))).toBeNull();
    expect(await profileJson(Readable.from(['[1, 2, 3]']))).toBeNull();
    expect(await profileCsv(Readable.from(['\n\n']))).toBeNull();
    expect(await profileCsv(Readable.from(['a,b\n1,"never closed\n2,3\n']))).toBeNull();
  });

  describe('bounds: a file that hits one gives a partial profile that says so, or none', () => {
    it('a 200 MB second line stops reading after about 1 MiB: the header and no count', async () => {
      const source = lazy(function* () {
        yield 'id,payload\n';
        const block = 'x'.repeat(64 * 1024);
        for (let i = 0; i < 3200; i++) yield block;
        yield '\n1,2\n';
      });
      const profile = await profileCsv(source.stream);
      expect(profile).toEqual({
        recordCount: null,
        fields: [
          { name: 'id', type: 'empty', nullShare: 0 },
          { name: 'payload', type: 'empty', nullShare: 0 },
        ],
        sampleRows: [],
        truncated: { limits: ['record_too_long'], recordsRead: 0 },
        // The stream could not send that record either: flagged at upload.
        notStreamable: { limit: 'record_too_long', message: 'A record of the file is longer than 1 MiB, the most the stream sends as one row' },
      });
      expect(source.pulled).toBeLessThan(PROFILE_LIMITS.maxRecordBytes + 4 * MiB);
    });

    it('the same for a 200 MB NDJSON line or JSON array element, after the records before it', async () => {
      for (const [open, sep, close] of [['', '\n', '\n'], ['[', ',', ']']]) {
        const source = lazy(function* () {
          yield `${open}{"a":1}${sep}{"a":2}${sep}{"a":"`;
          const block = 'y'.repeat(64 * 1024);
          for (let i = 0; i < 3200; i++) yield block;
          yield `"}${close}`;
        });
        const profile = await profileJson(source.stream);
        expect(profile).toMatchObject({ recordCount: null, fields: [{ name: 'a', type: 'integer', nullShare: 0 }], truncated: { limits: ['record_too_long'], recordsRead: 2 } });
        // The stream cuts an array into records, and cannot send that one; NDJSON lines pass through it as they are.
        expect(profile?.notStreamable?.limit).toBe(open === '[' ? 'record_too_long' : undefined);
        expect(source.pulled).toBeLessThan(PROFILE_LIMITS.maxRecordBytes + 4 * MiB);
      }
    });

    it('a header line past the bound: no fields, and flagged as not streamable', async () => {
      const profile = await profileCsv(Readable.from([`${'h,'.repeat(10)}${'z'.repeat(200)}\n1\n`]), { limits: { maxRecordBytes: 100 } });
      expect(profile).toEqual({
        recordCount: null,
        fields: [],
        sampleRows: [],
        truncated: { limits: ['record_too_long'], recordsRead: 0 },
        notStreamable: { limit: 'header_too_long', message: "The file's header row is longer than 100 bytes, the most the stream reads as one row" },
      });
    });

    it('a header of 400,000 columns: the first 1,000 named in a moment, flagged as not streamable, rows still counted', async () => {
      const started = performance.now();
      // Repeated names too: naming them apart once cost time in the square of the columns.
      const profile = await profileCsv(Readable.from([`${'a,'.repeat(400_000)}a\n1,2\n3,4\n`]));
      expect(profile?.recordCount).toBe(2);
      expect(profile?.fields).toHaveLength(PROFILE_LIMITS.maxFields);
      expect(profile?.fields.slice(0, 3).map((f) => f.name)).toEqual(['a', 'a_2', 'a_3']);
      expect(profile?.truncated?.limits).toEqual(['too_many_fields']);
      expect(profile?.notStreamable).toEqual({ limit: 'too_many_columns', message: 'The file has more than 16,384 columns, the most the stream sends as rows' });
      expect(performance.now() - started).toBeLessThan(5000);
      // At the bound exactly: streamable.
      const widest = await profileCsv(Readable.from([`${'c,'.repeat(PROFILE_LIMITS.maxColumns - 1)}c\n1\n`]));
      expect(widest?.notStreamable).toBeUndefined();
    });

    it('10,000 columns x 4,000 rows: the first 1,000 columns, every record counted', async () => {
      const columns = 10_000;
      const source = lazy(function* () {
        yield `${Array.from({ length: columns }, (_, i) => `c${i}`).join(',')}\n`;
        const row = `${Array.from({ length: columns }, (_, i) => (i % 3 ? '7' : '')).join(',')}\n`;
        for (let r = 0; r < 4000; r++) yield row;
      });
      const profile = await profileCsv(source.stream);
      expect(profile?.recordCount).toBe(4000);
      expect(profile?.fields).toHaveLength(PROFILE_LIMITS.maxFields);
      expect(profile?.fields.slice(0, 3)).toEqual([
        { name: 'c0', type: 'empty', nullShare: 1 },
        { name: 'c1', type: 'integer', nullShare: 0 },
        { name: 'c2', type: 'integer', nullShare: 0 },
      ]);
      expect(profile?.truncated).toEqual({ limits: ['too_many_fields'], recordsRead: 4000 });
      // Sample rows keep the first fields only.
      expect(Object.keys(profile!.sampleRows[0]!)).toHaveLength(PROFILE_LIMITS.sampleFields);
    });

    it('records that each add a new key: the first 1,000 keys, every record counted', async () => {
      const records = Array.from({ length: 15_000 }, (_, i) => JSON.stringify({ id: i, [`key_${i}`]: i }));
      for (const text of [records.join('\n'), `[${records.join(',')}]`]) {
        const profile = await profileJson(Readable.from([text]));
        expect(profile?.recordCount).toBe(15_000);
        expect(profile?.fields).toHaveLength(PROFILE_LIMITS.maxFields);
        expect(profile?.fields[0]).toEqual({ name: 'id', type: 'integer', nullShare: 0 });
        expect(profile?.fields[1]).toEqual({ name: 'key_0', type: 'integer', nullShare: 1 });
        expect(profile?.truncated).toEqual({ limits: ['too_many_fields'], recordsRead: 15_000 });
      }
    });

    it('past the time budget: what was read so far, and no count', async () => {
      const csv = `a,b\n${'1,2\n'.repeat(100_000)}`;
      const profile = await profileCsv(Readable.from([csv]), { limits: { timeBudgetMs: 0 } });
      expect(profile?.recordCount).toBeNull();
      expect(profile?.fields.map((f) => f.name)).toEqual(['a', 'b']);
      expect(profile?.truncated?.limits).toEqual(['time_budget']);
      expect(profile?.truncated?.recordsRead).toBeGreaterThan(0);
      expect(profile?.truncated?.recordsRead).toBeLessThan(100_000);
    });

    it('long values and names are cut in sample rows and field names', async () => {
      const long = 'v'.repeat(5000);
      const profile = await profileJson(Readable.from([JSON.stringify([{ [`k${'n'.repeat(500)}`]: long, nested: { deep: long }, n: 1 }])]));
      const [name, nested] = profile!.fields;
      expect(name!.name).toHaveLength(PROFILE_LIMITS.fieldNameChars + 1);
      expect(nested).toEqual({ name: 'nested', type: 'object', nullShare: 0 });
      const row = profile!.sampleRows[0]!;
      expect(row[name!.name]).toBe(`${'v'.repeat(PROFILE_LIMITS.sampleValueChars)}…`);
      expect(row.nested).toBe(`${JSON.stringify({ deep: long }).slice(0, PROFILE_LIMITS.sampleValueChars)}…`);
      expect(row.n).toBe(1);
    });

    it('a sample value nested as deep as a listing allows a sample row is kept as its text', async () => {
      // A sample row is one level of the 10 a listing's sample rows may nest; its values, 9.
      const nested = (levels: number): unknown => (levels ? { a: nested(levels - 1) } : 1);
      const profile = await profileJson(Readable.from([JSON.stringify([{ fits: nested(9), deeper: nested(10) }])]));
      expect(profile!.sampleRows[0]).toEqual({ fits: nested(9), deeper: JSON.stringify(nested(10)) });
    });
  });
});
