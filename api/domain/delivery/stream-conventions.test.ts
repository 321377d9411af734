import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeUser } from '../../test/market-fixtures.ts';
import { negotiateStreamEncoding } from '../../http/compression.ts';
import { login, makeListing, makePurchase, uploadFile } from './delivery.fixtures.ts';
import { pickFields } from './pick-fields.ts';

// GET /api/data/stream compressed as the client accepts (Accept-Encoding), and `fields=a,b` to send
// only those fields (docs/decisions.md "Issue 27: API conventions").

describe('Accept-Encoding', () => {
  it('picks the accepted coding with the highest q, brotli first at equal q, none when refused', () => {
    expect(negotiateStreamEncoding(undefined)).toBeNull();
    expect(negotiateStreamEncoding('identity')).toBeNull();
    expect(negotiateStreamEncoding('gzip')).toBe('gzip');
    expect(negotiateStreamEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateStreamEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateStreamEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateStreamEncoding('*')).toBe('br');
    expect(negotiateStreamEncoding('*;q=0.1, br;q=0')).toBe('gzip');
    expect(negotiateStreamEncoding('x-gzip')).toBe('gzip');
    expect(negotiateStreamEncoding('gzip;q=abc')).toBeNull();
  });
});

describe('pickFields', () => {
  it('keeps the named fields in the order asked, across chunk boundaries', async () => {
    async function* chunks() {
      yield Buffer.from('{"a":1,"b":"x","c":true}\n{"a":2,');
      yield Buffer.from('"c":false,"b":"y"}\n[1,2]\n{"b":"z"}');
    }
    const out: Buffer[] = [];
    for await (const chunk of pickFields(chunks(), ['c', 'a'])) out.push(chunk);
    expect(Buffer.concat(out).toString()).toBe('{"c":true,"a":1}\n{"c":false,"a":2}\n[1,2]\n{}\n');
  });
});

describe.each(testDatabases())('the data stream on %s', (kind) => {
  let app: TestApp;
  let contractId = '';
  let rawContractId = '';
  let key = '';
  let rawKey = '';
  const rows = Array.from({ length: 3000 }, (_, i) => `${i},2026-01-${String((i % 28) + 1).padStart(2, '0')},${(i * 1.5).toFixed(2)},note ${i}`);
  const csv = `id,date,close,note\n${rows.join('\n')}\n`;
  const expected = rows.map((r) => {
    const [id, date, close, note] = r.split(',');
    return { id, date, close, note };
  });

  beforeAll(async () => {
    app = await startTestApp(kind);
    const seller = await makeUser(app.database.prisma, 'seller', { dueDiligenceStatus: 'approved' });
    const buyer = await makeUser(app.database.prisma, 'buyer');
    const provider = await login(app, 'seller');
    const file = await uploadFile(app, provider, 'prices.csv', csv);
    const contract = await makeListing(app, { providerId: seller.id, title: 'Prices', fileId: file.id });
    contractId = contract.id;
    key = (await makePurchase(app, { buyerId: buyer.id, sellerId: seller.id, contractId })).key!.key;
    const rawFile = await uploadFile(app, provider, 'prices.sql', csv);
    rawContractId = (await makeListing(app, { providerId: seller.id, title: 'Raw prices', fileId: rawFile.id })).id;
    rawKey = (await makePurchase(app, { buyerId: buyer.id, sellerId: seller.id, contractId: rawContractId })).key!.key;
  });
  afterAll(async () => app?.close());

  const stream = (query = '', headers: Record<string, string> = {}, id = contractId, apiKey = key) =>
    app.fetch(`/api/data/stream/${id}${query}`, { headers: { 'x-api-key': apiKey, ...headers } });
  const records = (text: string) => text.trim().split('\n').map((line) => JSON.parse(line));

  it('as it is without Accept-Encoding, saying it varies by it', async () => {
    const res = await stream();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(records(await res.text())).toEqual(expected);
  });

  for (const [coding, decode] of [['gzip', gunzipSync], ['br', brotliDecompressSync]] as const) {
    it(`compressed with ${coding}: the same records once decompressed, no Content-Length`, async () => {
      const res = await stream('', { 'accept-encoding': coding });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(coding);
      expect(res.headers.get('content-length')).toBeNull();
      const bytes = Buffer.from(await res.arrayBuffer());
      const text = decode(bytes).toString();
      expect(bytes.length).toBeLessThan(Buffer.byteLength(text) / 3);
      expect(records(text)).toEqual(expected);
    });
  }

  it('fields=a,b sends only those fields, in the order asked, compressed or not', async () => {
    const pick = expected.map((r) => ({ close: r.close, id: r.id }));
    expect(records(await (await stream('?fields=close,id')).text())).toEqual(pick);
    const lines = (await (await stream('?fields=close,id')).text()).split('\n');
    expect(lines[0]).toBe('{"close":"0.00","id":"0"}');
    const zipped = await stream('?fields=close,id', { 'accept-encoding': 'gzip' });
    expect(records(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString())).toEqual(pick);
  });

  it('an unknown field is a 400 that names it; an empty name too; a raw file takes none', async () => {
    const unknown = await stream('?fields=close,volume');
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toContain('"volume"');
    expect((await stream('?fields=close,,id')).status).toBe(400);
    const raw = await stream('?fields=close', {}, rawContractId, rawKey);
    expect(raw.status).toBe(400);
  });

  it('a raw file streams compressed too, without its Content-Length then', async () => {
    const plain = await stream('', {}, rawContractId, rawKey);
    expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(csv)));
    expect(await plain.text()).toBe(csv);
    const zipped = await stream('', { 'accept-encoding': 'gzip' }, rawContractId, rawKey);
    expect(zipped.headers.get('content-length')).toBeNull();
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(csv);
  });

  it('the download is never compressed: its Range positions are those of the file', async () => {
    const res = await app.fetch(`/api/data/download/${contractId}`, { headers: { 'x-api-key': key, 'accept-encoding': 'gzip, br' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(csv);
  });
});
