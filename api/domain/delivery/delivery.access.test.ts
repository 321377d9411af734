import { describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { testDatabases } from '../../test/databases.ts';
import type { Client } from '../../test/harness.ts';
import { login, sha256, usagesOf } from './delivery.fixtures.ts';
import { ZIP_BYTES, deliveryWorld } from './delivery.world.ts';

// GET /api/data/access/{purchaseId}, key rotation and the same through GraphQL, over the whole app
// in-process (the shared listings and users are delivery.world.ts's).

describe.each(testDatabases())('data delivery on %s', (kind) => {
  const world = deliveryWorld(kind);
  const { contracts, get, statusOf, buy } = world;

  describe('access and keys', () => {
    it('a purchase without a key gets one on its first access read, shown in full that once; later reads show its prefix', async () => {
      const { purchase } = await buy('csv', { withKey: false });
      const first = await world.buyer.json('GET', `/api/data/access/${purchase.id}?buyer_id=${world.ids.buyer}`);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ id: purchase.id, hasAccess: true, accessExpired: false, downloadCount: 0, lastAccessedAt: null, contract: { id: contracts.csv, title: 'Data csv' } });
      expect(first.body.apiKey).toMatch(/^dpk_[A-Za-z0-9_-]{43}$/);
      expect(first.body.apiKeyPrefix).toBe(first.body.apiKey.slice(0, 12));
      const second = await world.buyer.json('GET', `/api/data/access/${purchase.id}`);
      expect(second.body.apiKey).toBeNull();
      expect(second.body.apiKeyPrefix).toBe(first.body.apiKeyPrefix);
      expect(await statusOf(`/api/data/download/${contracts.csv}`, first.body.apiKey)).toBe(200);
      const stored = await world.app.database.prisma.apiKey.findMany({ where: { purchaseId: purchase.id } });
      expect(stored).toHaveLength(1);
      expect(stored[0]!.keyHash).toBe(sha256(first.body.apiKey));
      expect(JSON.stringify(stored)).not.toContain(first.body.apiKey);
      const rows = await usagesOf(world.app, purchase.id, 3);
      expect(rows.map((r) => [r.action, r.outcome])).toEqual([
        ['access', 'issued'],
        ['access', 'ok'],
        ['download', 'ok'],
      ]);
    });

    it('never replaces or shows the escrow key on a read: it keeps working, and every answer shows its prefix', async () => {
      const { purchase, key: escrowKey } = await buy('csv');
      const first = await world.buyer.json('GET', `/api/data/access/${purchase.id}`);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ apiKey: null, apiKeyPrefix: escrowKey!.prefix, hasAccess: true });
      const second = await world.buyer.json('GET', `/api/data/access/${purchase.id}`);
      expect(second.body).toMatchObject({ apiKey: null, apiKeyPrefix: escrowKey!.prefix });
      expect(await statusOf(`/api/data/download/${contracts.csv}`, escrowKey!.key)).toBe(200);
      const keys = await world.app.database.prisma.apiKey.findMany({ where: { purchaseId: purchase.id } });
      expect(keys.map((k) => [k.id, k.revokedAt])).toEqual([[escrowKey!.id, null]]);
      const rows = await usagesOf(world.app, purchase.id, 3);
      expect(rows.map((r) => [r.action, r.outcome, r.apiKeyId])).toEqual([
        ['access', 'ok', escrowKey!.id],
        ['access', 'ok', escrowKey!.id],
        ['download', 'ok', escrowKey!.id],
      ]);
    });

    it('rotate shows a new key once and the old one stops working', async () => {
      const { purchase, key: old } = await buy('csv');
      const rotated = await world.buyer.json('POST', `/api/data/access/${purchase.id}/rotate`);
      expect(rotated.status).toBe(200);
      expect(rotated.body.apiKey).toMatch(/^dpk_/);
      expect(rotated.body.apiKey).not.toBe(old!.key);
      expect(await statusOf(`/api/data/download/${contracts.csv}`, old!.key)).toBe(401);
      expect(await statusOf(`/api/data/download/${contracts.csv}`, rotated.body.apiKey)).toBe(200);
      // The library's next access call shows the rotated key's prefix, not another new key.
      const next = await world.buyer.json('GET', `/api/data/access/${purchase.id}`);
      expect(next.body).toMatchObject({ apiKey: null, apiKeyPrefix: rotated.body.apiKeyPrefix });
      const denied = (await usagesOf(world.app, purchase.id, 4)).find((r) => r.apiKeyId === old!.id);
      expect(denied).toMatchObject({ outcome: 'denied', statusCode: 401 });
    });

    it("someone else's purchase is 404, a foreign buyer_id 403, anonymous 401, no access 403", async () => {
      const { purchase } = await buy('csv');
      expect((await world.other.json('GET', `/api/data/access/${purchase.id}`)).status).toBe(404);
      expect((await world.other.json('POST', `/api/data/access/${purchase.id}/rotate`)).status).toBe(404);
      expect((await world.buyer.json('GET', `/api/data/access/${purchase.id}?buyer_id=${world.ids.other}`)).status).toBe(403);
      expect((await world.app.fetch(`/api/data/access/${purchase.id}`)).status).toBe(401);
      expect((await world.buyer.json('GET', `/api/data/access/not-an-id`)).status).toBe(404);
      const refunded = await buy('csv', { paymentStatus: 'refunded' });
      const res = await world.buyer.json('GET', `/api/data/access/${refunded.purchase.id}`);
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/^Refunded/);
      expect((await world.buyer.json('POST', `/api/data/access/${refunded.purchase.id}/rotate`)).status).toBe(403);
      expect((await usagesOf(world.app, refunded.purchase.id, 1))[0]).toMatchObject({ action: 'access', outcome: 'denied' });
    });
  });

  describe('GraphQL', () => {
    const PURCHASE = `query($id: ID!) { node(id: $id) { ... on Purchase { hasAccess accessExpired apiKeyPrefix downloadPath streamPath accessPath
      accessLog(first: 50) { totalCount edges { node { time action bytes outcome statusCode ip } } } } } }`;
    const gid = (id: string) => encodeGlobalID('Purchase', id);

    it('shows access fields to the buyer and the access log to the provider and administrators (ip only to buyer and admins)', async () => {
      const { purchase, key: k } = await buy('xlsx');
      await (await get(`/api/data/download/${contracts.xlsx}`, k!.key)).arrayBuffer();
      await usagesOf(world.app, purchase.id, 1);
      const mine = await world.buyer.gql(PURCHASE, { id: gid(purchase.id) });
      expect(mine.errors).toBeUndefined();
      expect(mine.data.node).toMatchObject({
        hasAccess: true,
        accessExpired: false,
        apiKeyPrefix: k!.prefix,
        downloadPath: `/api/data/download/${contracts.xlsx}`,
        streamPath: `/api/data/stream/${contracts.xlsx}`,
        accessPath: `/api/data/access/${purchase.id}`,
        accessLog: { totalCount: 1, edges: [{ node: { action: 'download', bytes: ZIP_BYTES.length, outcome: 'ok', statusCode: 200, ip: '127.0.0.1' } }] },
      });
      const seller = await (await login(world.app, 'seller')).gql(PURCHASE, { id: gid(purchase.id) });
      expect(seller.data.node).toMatchObject({ apiKeyPrefix: null, accessLog: { totalCount: 1, edges: [{ node: { ip: null, bytes: ZIP_BYTES.length } }] } });
      const admin = await (await login(world.app, 'boss')).gql(PURCHASE, { id: gid(purchase.id) });
      expect(admin.data.node.accessLog.edges[0].node.ip).toBe('127.0.0.1');
      const stranger = await world.other.gql(PURCHASE, { id: gid(purchase.id) });
      expect(stranger.data?.node ?? null).toBeNull();
    });

    it("shows a link listing's URL and instructions while access is live, none for a file listing or without access", async () => {
      const EXTERNAL = `query($id: ID!) { node(id: $id) { ... on Purchase { externalAccess { url instructions } } } }`;
      const { purchase } = await buy('link');
      expect((await world.buyer.gql(EXTERNAL, { id: gid(purchase.id) })).data.node.externalAccess).toEqual({ url: 'https://data.example.com/x', instructions: 'Log in with your buyer email.' });
      const file = await buy('zip');
      expect((await world.buyer.gql(EXTERNAL, { id: gid(file.purchase.id) })).data.node.externalAccess).toBeNull();
      const ended = await buy('link', { accessExpiresAt: new Date(Date.now() - 1000) });
      expect((await world.buyer.gql(EXTERNAL, { id: gid(ended.purchase.id) })).data.node.externalAccess).toBeNull();
      expect((await world.other.gql(EXTERNAL, { id: gid(purchase.id) })).data?.node ?? null).toBeNull();
    });

    it('requestDataAccess never replaces the escrow key: it answers the prefix and the key keeps working', async () => {
      const { purchase, key: escrowKey } = await buy('csv');
      const REQUEST = `mutation($id: ID!) { requestDataAccess(input: { purchaseId: $id }) { __typename
        ... on MutationRequestDataAccessSuccess { data { apiKey apiKeyPrefix purchase { apiKeyPrefix } } } } }`;
      for (let i = 0; i < 2; i++) {
        const answer = await world.buyer.gql(REQUEST, { id: gid(purchase.id) });
        expect(answer.data.requestDataAccess.data).toEqual({ apiKey: null, apiKeyPrefix: escrowKey!.prefix, purchase: { apiKeyPrefix: escrowKey!.prefix } });
      }
      expect(await statusOf(`/api/data/stream/${contracts.csv}`, escrowKey!.key)).toBe(200);
    });

    it('requestDataAccess and rotateApiKey show the key once; errors are typed', async () => {
      const { purchase } = await buy('csv', { withKey: false });
      const REQUEST = `mutation($id: ID!) { requestDataAccess(input: { purchaseId: $id }) { __typename ... on Error { code reason message }
        ... on MutationRequestDataAccessSuccess { data { apiKey apiKeyPrefix purchase { hasAccess apiKeyPrefix } } } } }`;
      const ROTATE = `mutation($id: ID!) { rotateApiKey(input: { purchaseId: $id }) { __typename ... on Error { code }
        ... on MutationRotateApiKeySuccess { data { apiKey apiKeyPrefix } } } }`;
      const first = await world.buyer.gql(REQUEST, { id: gid(purchase.id) });
      expect(first.data.requestDataAccess.data.apiKey).toMatch(/^dpk_/);
      expect(first.data.requestDataAccess.data.purchase).toEqual({ hasAccess: true, apiKeyPrefix: first.data.requestDataAccess.data.apiKeyPrefix });
      expect((await world.buyer.gql(REQUEST, { id: purchase.id })).data.requestDataAccess.data.apiKey).toBeNull();
      const rotated = await world.buyer.gql(ROTATE, { id: gid(purchase.id) });
      expect(rotated.data.rotateApiKey.data.apiKey).toMatch(/^dpk_/);
      expect(rotated.data.rotateApiKey.data.apiKey).not.toBe(first.data.requestDataAccess.data.apiKey);
      expect((await world.other.gql(REQUEST, { id: gid(purchase.id) })).data.requestDataAccess).toMatchObject({ code: 'NOT_FOUND' });
      const anonymous = await new (world.buyer.constructor as typeof Client)(world.app).gql(ROTATE, { id: gid(purchase.id) });
      expect(anonymous.data.rotateApiKey).toMatchObject({ code: 'UNAUTHENTICATED' });
      const expired = await buy('csv', { accessExpiresAt: new Date(Date.now() - 1000) });
      expect((await world.buyer.gql(REQUEST, { id: gid(expired.purchase.id) })).data.requestDataAccess).toMatchObject({ code: 'FORBIDDEN', reason: 'ACCESS_EXPIRED' });
    });
  });

});
