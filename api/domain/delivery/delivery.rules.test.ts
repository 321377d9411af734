import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { accessState, externalAccessOf } from './delivery.rules.ts';
import { decideRange } from './http-range.ts';
import { csvToNdjson } from './csv-to-ndjson.ts';
import { jsonToNdjson } from './json-to-ndjson.ts';
import { streamFormatOf } from './ndjson.ts';
import { generateApiKey, hashApiKey } from './api-keys.ts';

const now = new Date('2026-11-22T12:00:00Z');

describe('accessState', () => {
  const active = { status: 'active' as const, accessExpiresAt: null };
  it('opens an active purchase whose payment holds or released the money', () => {
    for (const status of ['escrowed', 'disputed', 'released'] as const) expect(accessState(active, { status }, now)).toEqual({ hasAccess: true, accessExpired: false, denial: null });
    expect(accessState(active, null, now).hasAccess).toBe(true);
  });
  it('denies a pending or failed payment, a refund, a revoked or ended purchase', () => {
    expect(accessState({ status: 'pending', accessExpiresAt: null }, { status: 'pending' }, now).denial).toBe('payment_pending');
    expect(accessState(active, { status: 'failed' }, now).denial).toBe('payment_pending');
    expect(accessState(active, { status: 'refunded' }, now).denial).toBe('revoked');
    expect(accessState({ status: 'revoked', accessExpiresAt: null }, { status: 'escrowed' }, now).denial).toBe('revoked');
    expect(accessState({ status: 'active', accessExpiresAt: now }, { status: 'released' }, now)).toEqual({ hasAccess: false, accessExpired: true, denial: 'expired' });
    expect(accessState({ status: 'expired', accessExpiresAt: null }, null, now).accessExpired).toBe(true);
    expect(accessState({ status: 'active', accessExpiresAt: new Date(now.getTime() + 1) }, null, now).hasAccess).toBe(true);
  });
});

describe('externalAccessOf', () => {
  const live = { hasAccess: true, accessExpired: false, denial: null };
  const link = { dataAccessType: 'external_link' as const, dataAccessUrl: 'https://api.example/v1', accessInstructions: 'Bearer token' };
  it('shows the link and instructions of a link listing (or both) while access is live', () => {
    expect(externalAccessOf(link, live)).toEqual({ url: 'https://api.example/v1', instructions: 'Bearer token' });
    expect(externalAccessOf({ ...link, dataAccessType: 'both', accessInstructions: null }, live)).toEqual({ url: 'https://api.example/v1', instructions: null });
  });
  it('has none for a file listing, a listing without a link or without access', () => {
    expect(externalAccessOf({ ...link, dataAccessType: 'file_upload' }, live)).toBeNull();
    expect(externalAccessOf({ ...link, dataAccessUrl: null }, live)).toBeNull();
    expect(externalAccessOf(link, { hasAccess: false, accessExpired: true, denial: 'expired' })).toBeNull();
  });
});

describe('decideRange', () => {
  const file = { size: 1000, etag: '"abc"', lastModified: 'Sun, 22 Nov 2026 12:00:00 GMT' };
  it('reads first-last, open ends and suffixes', () => {
    expect(decideRange('bytes=0-99', null, file)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(decideRange('bytes=100-', null, file)).toEqual({ kind: 'partial', start: 100, end: 999 });
    expect(decideRange('bytes=-100', null, file)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(decideRange('bytes=-5000', null, file)).toEqual({ kind: 'partial', start: 0, end: 999 });
    expect(decideRange('bytes=990-5000', null, file)).toEqual({ kind: 'partial', start: 990, end: 999 });
  });
  it('is unsatisfiable past the end, for -0 and for an empty file', () => {
    expect(decideRange('bytes=1000-', null, file)).toEqual({ kind: 'unsatisfiable' });
    expect(decideRange('bytes=-0', null, file)).toEqual({ kind: 'unsatisfiable' });
    expect(decideRange('bytes=0-', null, { ...file, size: 0 })).toEqual({ kind: 'unsatisfiable' });
  });
  it('ignores what it does not serve: none, several ranges, other units, nonsense, a stale If-Range', () => {
    for (const range of [undefined, '', 'bytes=0-1,5-6', 'items=0-1', 'bytes=5-3', 'bytes=-', 'bytes=x-y']) expect(decideRange(range, null, file)).toEqual({ kind: 'full' });
    expect(decideRange('bytes=0-9', '"old"', file)).toEqual({ kind: 'full' });
    expect(decideRange('bytes=0-9', '"abc"', file).kind).toBe('partial');
    expect(decideRange('bytes=0-9', file.lastModified, file).kind).toBe('partial');
  });
  it('applies a range only for the version If-Range names: an empty or weak validator matches nothing', () => {
    // A client resuming a part of another version gets the whole file, never the tail of this one.
    expect(decideRange('bytes=500-', '', file)).toEqual({ kind: 'full' });
    expect(decideRange('bytes=500-', 'W/"abc"', file)).toEqual({ kind: 'full' });
    // A complete file of another version (its size past this one's end) is sent whole, not 416.
    expect(decideRange('bytes=5000-', '"old"', file)).toEqual({ kind: 'full' });
    // A complete file of this version: nothing left to send.
    expect(decideRange('bytes=1000-', '"abc"', file)).toEqual({ kind: 'unsatisfiable' });
  });
});

async function text(gen: AsyncIterable<Buffer>) {
  const parts: Buffer[] = [];
  for await (const b of gen) parts.push(b);
  return Buffer.concat(parts).toString('utf8');
}

/** The source in pieces of `size` bytes, so records and strings are cut across chunks. */
const inPieces = (s: string, size: number) => {
  const b = Buffer.from(s);
  const parts: Buffer[] = [];
  for (let i = 0; i < b.length; i += size) parts.push(b.subarray(i, i + size));
  return Readable.from(parts, { objectMode: false });
};

describe('NDJSON', () => {
  it('turns CSV rows into objects, quoted line breaks and quotes kept, cut anywhere', async () => {
    const csv = '\uFEFFid,note\r\n1,"a\r\nb"\r\n2,"say ""hi"""\r\n\r\n';
    for (const size of [1, 3, 1000]) {
      expect(await text(csvToNdjson(inPieces(csv, size)))).toBe('{"id":"1","note":"a\\r\\nb"}\n{"id":"2","note":"say \\"hi\\""}\n');
    }
  });
  it('writes each element of a JSON array on one line, strings with brackets and escapes intact', async () => {
    const value = [{ a: '],[{', b: 'x\\"y' }, 2, 'three', [4], { nested: { deep: [1, 2] } }];
    const json = `  ${JSON.stringify(value, null, 2)}\n`;
    for (const size of [1, 7, 100_000]) {
      const out = await text(jsonToNdjson(inPieces(json, size)));
      expect(out.split('\n').filter(Boolean).map((l) => JSON.parse(l))).toEqual(value);
    }
    expect(await text(jsonToNdjson(inPieces('[]', 1)))).toBe('');
  });
  it('passes newline-delimited JSON through; drops a byte-order mark however it is cut', async () => {
    const nd = '{"a":1}\n{"a":2}\n';
    expect(await text(jsonToNdjson(inPieces(nd, 3)))).toBe(nd);
    for (const size of [1, 2, 5]) {
      expect(await text(jsonToNdjson(inPieces(`\uFEFF${nd}`, size)))).toBe(nd);
      expect(await text(jsonToNdjson(inPieces('\uFEFF[{"a":1}]', size)))).toBe('{"a":1}\n');
    }
  });
  it('escapes what JSON must in unquoted cells: backslashes, tabs, control characters; keeps other text', async () => {
    const csv = 'a,b\nC:\\data,x\ty\nüñí 中,\u0001\n';
    const out = await text(csvToNdjson(inPieces(csv, 5)));
    expect(out.split('\n').filter(Boolean).map((l) => JSON.parse(l))).toEqual([
      { a: 'C:\\data', b: 'x\ty' },
      { a: 'üñí 中', b: '\u0001' },
    ]);
  });
  it('keeps the cells a ragged CSV row has and drops extra ones', async () => {
    expect(await text(csvToNdjson(inPieces('a,b,c\n1,2\n3,4,5,6\n', 4)))).toBe('{"a":"1","b":"2"}\n{"a":"3","b":"4","c":"5"}\n');
  });
  it('fails on a JSON array that is cut short', async () => {
    await expect(text(jsonToNdjson(inPieces('[{"a":1},', 4)))).rejects.toThrow();
  });
  it('picks rows for CSV and JSON, bytes otherwise', () => {
    expect(streamFormatOf({ fileName: 'x.CSV', contentType: 'text/csv' })).toBe('csv');
    expect(streamFormatOf({ fileName: 'x.json', contentType: 'application/json' })).toBe('json');
    expect(streamFormatOf({ fileName: 'x.xlsx', contentType: 'application/zip' })).toBe('raw');
    expect(streamFormatOf({ fileName: 'x.parquet', contentType: 'application/vnd.apache.parquet' })).toBe('raw');
  });
});

describe('API keys', () => {
  it('are dpk_ and 43 base64url characters; the shown prefix is 12 characters; only the sha256 is kept', () => {
    const a = generateApiKey();
    expect(a.key).toMatch(/^dpk_[A-Za-z0-9_-]{43}$/);
    expect(a.prefix).toBe(a.key.slice(0, 12));
    expect(a.keyHash).toBe(hashApiKey(a.key));
    expect(a.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(generateApiKey().key).not.toBe(a.key);
  });
});
