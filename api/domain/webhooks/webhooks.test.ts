import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeContract, makeUser, toGlobalId } from '../../test/market-fixtures.ts';
import { SUCCESS_CARD } from '../payments/payments.testbed.ts';
import { postWebhook } from './webhook-http.ts';
import { openSecret, sealSecret } from './webhook-secret.ts';
import { isPublicAddress, retryDelayMs, urlProblem, verifySignature, WEBHOOK_EVENT_TYPES } from './webhooks.rules.ts';

// Issue 27's "done when" (docs/decisions.md "Issue 27: webhooks and the event feed"): a receiver on
// loopback gets a bid's acceptance and a payment's release, signed; a 500 is retried with backoff;
// a delivery is redelivered; private targets are refused; a failing endpoint is disabled and its
// owner told; the event feed pages, filters and shows each person only their own events.

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback answering the statuses queued (then 200). */
async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = statuses.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? 'ok thanks' : `boom ${'x'.repeat(3000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, statuses, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const rules = { allowPrivateNetworks: false, requireHttps: false };

describe('webhook rules', () => {
  it('knows public addresses from loopback, private, link-local, CGNAT, multicast and mapped ones', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::7f00:1', 'ff02::1', 'not an ip'])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::6810:85e5', '::ffff:8.8.8.8']) expect(isPublicAddress(a), a).toBe(true);
  });

  it('refuses URLs that are not http(s), carry credentials, or name a private address; https in production', () => {
    expect(urlProblem('ftp://example.com/x', rules)).toMatch(/http/);
    expect(urlProblem('https://u:p@example.com/x', rules)).toMatch(/password/);
    expect(urlProblem('http://127.0.0.1:8080/x', rules)).toMatch(/public/);
    expect(urlProblem('http://[::1]/x', rules)).toMatch(/public/);
    expect(urlProblem('http://localhost/x', rules)).toMatch(/public/);
    expect(urlProblem('http://example.com/x', { ...rules, requireHttps: true })).toMatch(/https/);
    expect(urlProblem('https://example.com/x', rules)).toBeNull();
    expect(urlProblem('http://127.0.0.1:8080/x', { ...rules, allowPrivateNetworks: true })).toBeNull();
  });

  it('seals secrets under the session secret and backs off exponentially up to 12 hours', () => {
    const key = new TextEncoder().encode('k'.repeat(32));
    const sealed = sealSecret(key, 'whsec_abc');
    expect(sealed).not.toContain('whsec_abc');
    expect(openSecret(key, sealed)).toBe('whsec_abc');
    expect(() => openSecret(new TextEncoder().encode('z'.repeat(32)), sealed)).toThrow();
    expect([1, 2, 3, 4, 5, 6, 9].map(retryDelayMs)).toEqual([60_000, 240_000, 960_000, 3_840_000, 15_360_000, 43_200_000, 43_200_000]);
    expect(WEBHOOK_EVENT_TYPES).toEqual(expect.arrayContaining(['bid.received', 'bid.accepted', 'bid.declined', 'bid.withdrawn', 'payment.escrowed', 'payment.released', 'payment.refunded', 'dispute.opened', 'dispute.settled', 'listing.approved', 'listing.rejected', 'release.published', 'access.expiring', 'access.expired', 'message.received']));
  });

  it('the SSRF guard sends nothing to loopback, private, link-local or a name resolving to loopback when private networks are not allowed', async () => {
    const receiver = await startReceiver();
    const port = new URL(receiver.url).port;
    try {
      for (const url of [receiver.url, `http://10.0.0.1:${port}/`, `http://169.254.169.254/latest/meta-data`, `http://[::1]:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`]) {
        const outcome = await postWebhook({ url, body: '{}', headers: {}, allowPrivateNetworks: false, timeoutMs: 1000 });
        expect(outcome, url).toMatchObject({ statusCode: null, error: expect.stringMatching(/not a public address/) });
      }
      // A name whose resolution holds a loopback address among public ones (rebinding): refused.
      const rebinding = await postWebhook({
        url: `http://hooks.example.test:${port}/`,
        body: '{}',
        headers: {},
        allowPrivateNetworks: false,
        resolve: async () => [{ address: '93.184.216.34', family: 4 }, { address: '127.0.0.1', family: 4 }],
      });
      expect(rebinding.error).toMatch(/resolves to 127\.0\.0\.1/);
      expect(receiver.received).toEqual([]);
      // With the setting on, the same name reaches the receiver at the address checked.
      const allowed = await postWebhook({ url: `http://hooks.example.test:${port}/hooks`, body: '{}', headers: {}, allowPrivateNetworks: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
      expect(allowed).toMatchObject({ statusCode: 200, responseExcerpt: 'ok thanks', error: null });
      // A long answer is cut to 1 KB.
      receiver.statuses.push(500);
      const long = await postWebhook({ url: receiver.url, body: '{}', headers: {}, allowPrivateNetworks: true });
      expect(long.statusCode).toBe(500);
      expect(long.responseExcerpt!.length).toBeLessThanOrEqual(1024);
    } finally {
      await receiver.close();
    }
  });

  it('gives up on an endpoint that does not answer in time', async () => {
    const server = http.createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const outcome = await postWebhook({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, body: '{}', headers: {}, allowPrivateNetworks: true, timeoutMs: 300 });
      expect(outcome).toMatchObject({ statusCode: null, error: expect.stringMatching(/timed out/) });
      expect(outcome.durationMs).toBeLessThan(2000);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe.each(testDatabases())('webhooks and the event feed on %s', (kind) => {
  let app: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const users: Record<string, { id: string }> = {};
  const db = () => app.database.prisma;
  const call = (client: Client, method: string, path: string, body?: unknown) => client.json(method, path, body);

  beforeAll(async () => {
    app = await startTestApp(kind, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1' });
    receiver = await startReceiver();
    users.prov = await makeUser(db(), 'prov', { dueDiligenceStatus: 'approved' });
    users.ann = await makeUser(db(), 'ann');
    users.bob = await makeUser(db(), 'bob');
    users.other = await makeUser(db(), 'other', { dueDiligenceStatus: 'approved' });
    users.boss = await makeUser(db(), 'boss', { isAdmin: true });
  }, 120_000);
  afterAll(async () => {
    await receiver?.close();
    await app?.close();
  });

  const contract = async (price: string) => (await makeContract(db(), users.prov!.id, { title: `Data ${Math.random().toString(36).slice(2, 7)}`, category: 'financial', price })).id;
  const deliveriesOf = (endpointId: string) => db().webhookDelivery.findMany({ where: { endpointId }, include: { event: true, attemptLog: { orderBy: { number: 'asc' } } }, orderBy: { createdAt: 'asc' } });

  it('delivers a bid’s acceptance and a payment’s release, signed; retries a 500 with backoff; redelivers', async () => {
    const ann = await logIn(app, 'ann');
    const prov = await logIn(app, 'prov');
    const created = await call(ann, 'POST', '/api/webhooks', { url: receiver.url, eventTypes: ['bid.accepted', 'payment.released'], description: 'Order sync' });
    expect(created.status).toBe(201);
    // shown once: no cache, and no Idempotency-Key record, keeps the secret
    expect(created.headers.get('cache-control')).toBe('no-store');
    const { secret, endpoint } = created.body;
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(endpoint).toMatchObject({ url: receiver.url, eventTypes: ['bid.accepted', 'payment.released'], allEvents: false, enabled: true, description: 'Order sync' });
    // The secret is shown once: the list never has it.
    const listed = await call(ann, 'GET', '/api/webhooks');
    expect(listed.body).toEqual([endpoint]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(JSON.stringify(await db().webhookEndpoint.findMany())).not.toContain(secret);

    // A bid, accepted by the provider.
    const contractId = await contract('40.00');
    const bid = await ann.gql(`mutation($input: PlaceBidInput!) { placeBid(input: $input) { ... on MutationPlaceBidSuccess { data { bidId } } } }`, { input: { contractId: toGlobalId('Contract', contractId), amount: '35.00' } });
    const bidId = bid.data.placeBid.data.bidId as string;
    receiver.statuses.push(500);
    await prov.gql(`mutation($input: DecideBidInput!) { acceptBid(input: $input) { __typename } }`, { input: { bidId: toGlobalId('Bid', bidId) } });
    const start = new Date();
    await app.jobs.runDue(start);
    // bid.received went to the provider, who has no endpoint; ann's endpoint got bid.accepted only, answered 500.
    expect(receiver.received.map((r) => r.headers['datapit-event-type'])).toEqual(['bid.accepted']);
    let [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
    expect(delivery!.attemptLog[0]).toMatchObject({ number: 1, statusCode: 500, error: 'answered 500' });
    expect(delivery!.attemptLog[0]!.responseExcerpt!.length).toBeLessThanOrEqual(1024);
    // Retried one minute later, not before.
    expect(delivery!.nextAttemptAt!.getTime() - start.getTime()).toBe(60_000);
    await app.jobs.runDue(new Date(start.getTime() + 59_000));
    expect(receiver.received).toHaveLength(1);
    await app.jobs.runDue(new Date(start.getTime() + 60_000));
    expect(receiver.received).toHaveLength(2);
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 2, nextAttemptAt: null });
    expect(delivery!.attemptLog.map((a) => a.statusCode)).toEqual([500, 200]);

    // The same event both times, signed with the secret shown once.
    const [first, second] = receiver.received;
    expect(first!.body).toBe(second!.body);
    const sent = JSON.parse(second!.body);
    const event = await db().domainEvent.findFirstOrThrow({ where: { type: 'bid.accepted', data: { path: ['bidId'], equals: bidId } } });
    expect(sent).toEqual({ id: event.id, type: 'bid.accepted', createdAt: event.createdAt.toISOString(), data: { bidId, contractId } });
    expect(second!.headers).toMatchObject({ 'datapit-event-id': event.id, 'datapit-event-type': 'bid.accepted', 'user-agent': 'DataPit-Webhooks/1', 'content-type': 'application/json' });
    const signature = String(second!.headers['datapit-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(secret, second!.body, signature, Math.floor(Date.now() / 1000))).toBe(true);
    expect(verifySignature(secret, `${second!.body} `, signature, Math.floor(Date.now() / 1000))).toBe(false);
    expect(verifySignature('whsec_other', second!.body, signature, Math.floor(Date.now() / 1000))).toBe(false);

    // A payment, released from escrow by the timed job.
    const payment = await call(ann, 'POST', '/api/payments', { contractId: await contract('50.00'), paymentMethod: 'card' });
    const escrow = await call(ann, 'POST', `/api/payments/${payment.body.id}/escrow`, { card: SUCCESS_CARD });
    expect(escrow.status).toBe(200);
    await app.jobs.runDue();
    const released = new Date(new Date(escrow.body.escrowEndsAt).getTime() + 60_000);
    await app.jobs.runDue(released);
    const last = receiver.received.at(-1)!;
    expect(JSON.parse(last.body)).toMatchObject({ type: 'payment.released', data: { paymentId: payment.body.id } });
    expect(verifySignature(secret, last.body, String(last.headers['datapit-signature']), Math.floor(Date.now() / 1000))).toBe(true);
    // payment.escrowed concerns the provider only, and ann did not ask for it anyway.
    expect(receiver.received.map((r) => r.headers['datapit-event-type'])).toEqual(['bid.accepted', 'bid.accepted', 'payment.released']);

    // The delivery log over REST, newest first, with attempts; then a redelivery of the first.
    const log = await call(ann, 'GET', `/api/webhooks/${endpoint.id}/deliveries`);
    expect(log.status).toBe(200);
    expect(log.body.map((d: { eventType: string }) => d.eventType)).toEqual(['payment.released', 'bid.accepted']);
    expect(log.body[1]).toMatchObject({ id: delivery!.id, status: 'succeeded', attempts: 2, attemptLog: [{ number: 2, statusCode: 200 }, { number: 1, statusCode: 500 }] });
    expect(log.headers.get('x-total-count')).toBe('2');
    const again = await call(ann, 'POST', `/api/webhooks/${endpoint.id}/deliveries/${delivery!.id}/redeliver`);
    expect(again.status).toBe(202);
    await app.jobs.runDue();
    expect(receiver.received).toHaveLength(4);
    expect(receiver.received[3]!.body).toBe(first!.body);
    expect(receiver.received[3]!.headers['datapit-event-id']).toBe(event.id);
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3 });
    expect(delivery!.attemptLog.at(-1)).toMatchObject({ number: 3, manual: true, statusCode: 200 });

    // A test event, through the same path.
    const test = await call(ann, 'POST', `/api/webhooks/${endpoint.id}/test`);
    expect(test).toMatchObject({ status: 202, body: { eventType: 'webhook.test', status: 'pending' } });
    await app.jobs.runDue();
    expect(JSON.parse(receiver.received.at(-1)!.body)).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
  });

  it('disables an endpoint that keeps failing for 3 days, and tells its owner', async () => {
    const bob = await logIn(app, 'bob');
    const created = await call(bob, 'POST', '/api/webhooks', { url: receiver.url, eventTypes: ['*'] });
    expect(created.body.endpoint).toMatchObject({ allEvents: true, eventTypes: [] });
    const endpointId = created.body.endpoint.id;
    const before = receiver.received.length;
    receiver.statuses.push(...Array(30).fill(503));
    const test = await call(bob, 'POST', `/api/webhooks/${endpointId}/test`);
    const t0 = Date.now();
    let at = new Date(t0);
    for (let i = 0; i < 20; i += 1) {
      await app.jobs.runDue(at);
      const d = await db().webhookDelivery.findUniqueOrThrow({ where: { id: test.body.id } });
      if (!d.nextAttemptAt) break;
      at = d.nextAttemptAt;
    }
    const delivery = await db().webhookDelivery.findUniqueOrThrow({ where: { id: test.body.id }, include: { attemptLog: true } });
    expect(delivery.status).toBe('failed');
    expect(delivery.attemptLog.length).toBe(receiver.received.length - before);
    // The last attempt falls within 3 days of the first.
    expect(Math.max(...delivery.attemptLog.map((a) => a.at.getTime())) - t0).toBeLessThanOrEqual(3 * 24 * 3_600_000);
    expect(delivery.attemptLog.length).toBeGreaterThanOrEqual(10);
    const endpoint = await call(bob, 'GET', '/api/webhooks');
    expect(endpoint.body[0]).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('503') });
    await app.jobs.runDue(at);
    expect(await db().notification.findFirst({ where: { userId: users.bob!.id, type: 'webhook.disabled' } })).toMatchObject({ title: 'Webhook endpoint disabled', link: '/dashboard/developers' });
    // Nothing is sent to a disabled endpoint; a test is refused until it is enabled again.
    expect((await call(bob, 'POST', `/api/webhooks/${endpointId}/test`)).status).toBe(409);
    const enabled = await call(bob, 'POST', `/api/webhooks/${endpointId}/enable`);
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null, failureStreak: 0 });
    receiver.statuses.length = 0;
  });

  it('answers each person only their own endpoints, deliveries and events, per role', async () => {
    const ann = await logIn(app, 'ann');
    const [annEndpoint] = (await call(ann, 'GET', '/api/webhooks')).body;
    const [delivery] = (await call(ann, 'GET', `/api/webhooks/${annEndpoint.id}/deliveries`)).body;
    const paths: Array<[string, string]> = [
      ['GET', `/api/webhooks/${annEndpoint.id}/deliveries`],
      ['POST', `/api/webhooks/${annEndpoint.id}/test`],
      ['POST', `/api/webhooks/${annEndpoint.id}/enable`],
      ['POST', `/api/webhooks/${annEndpoint.id}/deliveries/${delivery.id}/redeliver`],
      ['DELETE', `/api/webhooks/${annEndpoint.id}`],
    ];
    const anonymous = new Client(app);
    for (const [method, path] of paths) expect((await call(anonymous, method, path)).status, `${method} ${path}`).toBe(401);
    for (const [method, path] of [['GET', '/api/webhooks'], ['GET', '/api/events'], ['POST', '/api/webhooks']] as const) expect((await call(anonymous, method, path, method === 'POST' ? { url: receiver.url, eventTypes: ['*'] } : undefined)).status).toBe(401);
    // Another user, a provider, an administrator: someone else's endpoint is nothing to them.
    for (const who of ['bob', 'prov', 'boss']) {
      const client = await logIn(app, who);
      for (const [method, path] of paths) expect((await call(client, method, path)).status, `${who} ${method} ${path}`).toBe(404);
      expect(JSON.stringify((await call(client, 'GET', '/api/webhooks')).body)).not.toContain(annEndpoint.id);
      const gql = await client.gql(`query($id: ID!) { node(id: $id) { id } }`, { id: toGlobalId('WebhookEndpoint', annEndpoint.id) });
      expect(gql.data.node).toBeNull();
    }
    // The owner's own unknown ids are 404 too, and bad input is a 400.
    expect((await call(ann, 'DELETE', '/api/webhooks/not-an-id')).status).toBe(404);
    expect((await call(ann, 'POST', `/api/webhooks/${annEndpoint.id}/deliveries/0196c4a0-0000-7000-8000-0000000000a1/redeliver`)).status).toBe(404);
    for (const bad of [{}, { url: receiver.url }, { url: receiver.url, eventTypes: [] }, { url: receiver.url, eventTypes: ['nope.never'] }, { url: 'ftp://x.example/', eventTypes: ['*'] }, { url: 42, eventTypes: ['*'] }, { url: receiver.url, eventTypes: ['*'], description: 'x'.repeat(201) }]) {
      const res = await call(ann, 'POST', '/api/webhooks', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await call(ann, 'GET', '/api/events?limit=0')).status).toBe(400);
    expect((await call(ann, 'GET', '/api/events?types=nope.never')).status).toBe(400);
    expect((await call(ann, 'GET', '/api/events?after=garbage')).status).toBe(400);
    // At most 10 endpoints.
    const carol = await logIn(app, 'other');
    for (let i = 0; i < 10; i += 1) expect((await call(carol, 'POST', '/api/webhooks', { url: `${receiver.url}/${i}`, eventTypes: ['*'] })).status).toBe(201);
    expect((await call(carol, 'POST', '/api/webhooks', { url: receiver.url, eventTypes: ['*'] })).status).toBe(409);
    // The owner deletes.
    const bobsList = (await call(await logIn(app, 'bob'), 'GET', '/api/webhooks')).body;
    const bob = await logIn(app, 'bob');
    expect((await call(bob, 'DELETE', `/api/webhooks/${bobsList[0].id}`)).status).toBe(204);
    expect((await call(bob, 'GET', '/api/webhooks')).body).toEqual([]);
  });

  it('GET /api/events pages oldest first after a cursor, filters by type, and shows each person only theirs', async () => {
    const ann = await logIn(app, 'ann');
    const all = await call(ann, 'GET', '/api/events?limit=100');
    expect(all.status).toBe(200);
    const types = all.body.events.map((e: { type: string }) => e.type);
    // Every event that concerned ann, her notification preferences aside: her bid accepted, the release, the escrow she paid.
    expect(types).toEqual(expect.arrayContaining(['bid.accepted', 'payment.released']));
    expect(types).not.toContain('bid.received');
    expect(types).not.toContain('webhook.test');
    const recipients = await db().eventRecipient.findMany({ where: { userId: users.ann!.id }, orderBy: { seq: 'asc' } });
    expect(all.body.events.map((e: { id: string }) => e.id)).toEqual(recipients.map((r) => r.eventId));
    expect(all.body.hasMore).toBe(false);

    // Page by page, one at a time, with the Link to the next page.
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 20; i += 1) {
      const page = await call(ann, 'GET', `/api/events?limit=1${after ? `&after=${after}` : ''}`);
      seen.push(...page.body.events.map((e: { id: string }) => e.id));
      if (page.body.hasMore) expect(page.headers.get('link')).toContain(`after=${page.body.nextCursor}`);
      after = page.body.nextCursor;
      if (!page.body.hasMore) break;
    }
    expect(seen).toEqual(recipients.map((r) => r.eventId));
    // Caught up: nothing after the last cursor, and the cursor stays.
    const caughtUp = await call(ann, 'GET', `/api/events?after=${after}`);
    expect(caughtUp.body).toEqual({ events: [], nextCursor: after, hasMore: false });

    const filtered = await call(ann, 'GET', '/api/events?types=payment.released');
    expect(filtered.body.events.map((e: { type: string }) => e.type)).toEqual(['payment.released']);

    // The provider's feed has the bid received, never ann's acceptance.
    const prov = await call(await logIn(app, 'prov'), 'GET', '/api/events?limit=100');
    const provTypes = prov.body.events.map((e: { type: string }) => e.type);
    expect(provTypes).toContain('bid.received');
    expect(provTypes).not.toContain('bid.accepted');
    const annIds = new Set(all.body.events.filter((e: { type: string }) => e.type === 'bid.accepted').map((e: { id: string }) => e.id));
    expect(prov.body.events.some((e: { id: string }) => annIds.has(e.id))).toBe(false);

    // GraphQL answers the same feed.
    const gql = await ann.gql(`{ eventFeed(first: 100) { events { eventId type } hasMore } }`);
    expect(gql.data.eventFeed.events.map((e: { eventId: string }) => e.eventId)).toEqual(recipients.map((r) => r.eventId));
  });
});
