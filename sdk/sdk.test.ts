import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../api/test/harness.ts';
import { makeUser } from '../api/test/market-fixtures.ts';
import { startSocketApp, type SocketApp } from '../api/test/socket-app.ts';
import { makeListing } from '../api/domain/delivery/delivery.fixtures.ts';
import { createDataPitClient } from './index.ts';

// The SDK (sdk/index.ts, types generated from the OpenAPI document) against a listening server, as
// an integrator runs it: every call of a buyer's journey goes through the typed client, from
// registration to a resumed download and the record stream.

const PASSWORD = 'Sup3r#Secret-sdk';
const ROWS = Array.from({ length: 400 }, (_, i) => `${i},station-${i},${(i * 1.5).toFixed(1)}`);
const CSV = Buffer.from(['id,station,reading', ...ROWS].join('\n') + '\n');

describe('the SDK against a listening server', () => {
  let live: SocketApp;
  let contractId = '';

  beforeAll(async () => {
    live = await startSocketApp('pglite', { name: 'sdk' });
    const db = live.database.prisma;
    const seller = await makeUser(db, 'sdkseller', { dueDiligenceStatus: 'approved' });
    const storageKey = `uploads/${seller.id}/readings.csv`;
    await live.storage.write(storageKey, Readable.from([CSV]));
    const file = await db.dataFile.create({
      data: { uploaderId: seller.id, fileName: 'readings.csv', contentType: 'text/csv', size: BigInt(CSV.length), sha256: crypto.createHash('sha256').update(CSV).digest('hex'), storageKey },
    });
    contractId = (await makeListing({ database: live.database } as unknown as TestApp, { providerId: seller.id, title: 'Station readings', fileId: file.id })).id;
  }, 240_000);

  afterAll(async () => {
    await live?.close();
  });

  it('registers, verifies, logs in, browses, pays, reads its access, resumes a download and streams', async () => {
    const pit = createDataPitClient({ baseUrl: live.base, keepCookies: true });

    const registered = await pit.POST('/auth/register', { body: { name: 'Sam Integrator', email: 'sam@sdk.example.com', username: 'samsdk', password: PASSWORD, confirmPassword: PASSWORD } });
    expect(registered.response.status, JSON.stringify(registered.error)).toBe(201);
    const token = live.mailer.tokenFor('sam@sdk.example.com');
    const verified = await pit.GET('/auth/verify-email', { params: { query: { token } } });
    expect(verified.response.ok, JSON.stringify(verified.error)).toBe(true);

    const refused = await pit.POST('/auth/login', { body: { usernameOrEmail: 'samsdk', password: 'wrong password' } });
    expect(refused.response.status).toBe(401);
    expect(refused.error?.message).toBeTruthy();
    const login = await pit.POST('/auth/login', { body: { usernameOrEmail: 'samsdk', password: PASSWORD } });
    expect(login.response.status, JSON.stringify(login.error)).toBe(200);
    const me = await pit.GET('/auth/user');
    const userId = me.data!.id;
    expect(me.data?.username).toBe('samsdk');

    // Browse: the market's page, then the contract, revalidated with its ETag.
    const market = await pit.GET('/contracts', { params: { query: { search: 'Station', limit: '10' } } });
    expect(market.data?.map((c) => c.id)).toContain(contractId);
    const contract = await pit.GET('/contracts/{id}', { params: { path: { id: contractId } } });
    expect(contract.data?.status).toBe('active');
    const etag = contract.response.headers.get('etag')!;
    const again = await pit.GET('/contracts/{id}', { params: { path: { id: contractId }, header: { 'If-None-Match': etag } } });
    expect(again.response.status).toBe(304);

    // Pay: a payment (its retry with the same Idempotency-Key is the same payment), then escrow.
    const key = crypto.randomUUID();
    const payment = await pit.POST('/payments', { params: { header: { 'Idempotency-Key': key } }, body: { contractId, paymentMethod: 'card' } });
    expect(payment.response.status, JSON.stringify(payment.error)).toBe(201);
    const retried = await pit.POST('/payments', { params: { header: { 'Idempotency-Key': key } }, body: { contractId, paymentMethod: 'card' } });
    expect(retried.data?.id).toBe(payment.data!.id);
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };
    const paid = await pit.POST('/payments/{id}/escrow', { params: { path: { id: payment.data!.id } }, body: { card } });
    expect(paid.response.status, JSON.stringify(paid.error)).toBe(200);
    expect(paid.data?.status).toBe('escrowed');
    const apiKey = paid.data!.apiKey;
    expect(apiKey).toMatch(/^dpk_/);

    // Access: the library (the buyer's purchases) and the purchase's access, which names the key by its prefix.
    const library = await pit.GET('/users/{userId}/purchases', { params: { path: { userId } } });
    const purchase = library.data?.find((p) => p.contractId === contractId);
    expect(purchase?.hasAccess).toBe(true);
    const access = await pit.GET('/data/access/{purchaseId}', { params: { path: { purchaseId: purchase!.id } } });
    expect(access.data?.apiKey).toBeNull();
    expect(apiKey.startsWith(access.data!.apiKeyPrefix!)).toBe(true);
    expect(access.data?.downloadPath).toBe(`/api/data/download/${contractId}`);

    // Download with the data key alone (a fresh client, no session): the first part, then the rest
    // resumed with Range and If-Range; the two parts are the file.
    const data = createDataPitClient({ baseUrl: live.base, apiKey });
    const head = await data.GET('/data/download/{contractId}', { params: { path: { contractId }, header: { Range: 'bytes=0-99' } }, parseAs: 'arrayBuffer' });
    expect(head.response.status).toBe(206);
    expect(head.response.headers.get('content-type')).toMatch(/^text\/csv/);
    // ... a type the document names for that answer.
    const document = (await (await fetch(`${live.base}/api/openapi.json`)).json()) as { paths: Record<string, any> };
    expect(Object.keys(document.paths['/data/download/{contractId}'].get.responses['206'].content)).toContain('text/csv');
    const fileTag = head.response.headers.get('etag')!;
    const rest = await data.GET('/data/download/{contractId}', { params: { path: { contractId }, header: { Range: 'bytes=100-', 'If-Range': fileTag } }, parseAs: 'arrayBuffer' });
    expect(rest.response.status).toBe(206);
    expect(rest.response.headers.get('content-range')).toBe(`bytes 100-${CSV.length - 1}/${CSV.length}`);
    expect(Buffer.concat([Buffer.from(head.data as ArrayBuffer), Buffer.from(rest.data as ArrayBuffer)]).equals(CSV)).toBe(true);

    // Stream the records as NDJSON, line by line as they arrive.
    const stream = await data.GET('/data/stream/{contractId}', { params: { path: { contractId } }, parseAs: 'stream' });
    expect(stream.response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    let text = '';
    for await (const chunk of stream.data as unknown as AsyncIterable<Uint8Array>) text += Buffer.from(chunk).toString('utf8');
    const records = text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toHaveLength(ROWS.length);
    expect(records[1]).toMatchObject({ station: 'station-1' });

    // A wrong key is refused with the documented error body.
    const stranger = createDataPitClient({ baseUrl: live.base, apiKey: 'dpk_not-a-key' });
    const denied = await stranger.GET('/data/download/{contractId}', { params: { path: { contractId } } });
    expect(denied.response.status).toBe(401);
    expect(denied.error?.code).toBe('INVALID_API_KEY');
  });
});
