import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../test/harness.ts';
import { testDatabases } from '../test/databases.ts';
import { makeContract, makeRoles, offsetCursor, toGlobalId } from '../test/market-fixtures.ts';
import { MAX_NODE_IDS } from './builder.ts';

// Relay's server specification, as integrators use it: nodes(ids:) beside node(id:), and `last`
// without `before` on every connection (docs/decisions.md "Relay: nodes and the end of a list").

const UNKNOWN = '00000000-0000-7000-8000-000000000000';
const NODES = `query($ids: [ID!]!) { nodes(ids: $ids) { id ... on Contract { title } } }`;
const LAST = `query($last: Int, $after: String, $filter: ContractFilter) {
  contracts(last: $last, after: $after, sort: NEWEST, filter: $filter) {
    totalCount edges { cursor node { title } } pageInfo { hasPreviousPage hasNextPage startCursor endCursor } } }`;

describe.each(testDatabases())('Relay server specification on %s', (kind) => {
  let app: TestApp;
  const as: Record<'anonymous' | 'user' | 'otherProvider' | 'provider' | 'admin', Client> = {} as never;
  const ids: Record<'active' | 'pending', string> = {} as never;

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.prisma;
    const { provider } = await makeRoles(db);
    // Five active contracts, newest first: "Set 4" ... "Set 0"; two of them in healthcare.
    for (let i = 0; i < 5; i++) {
      const c = await makeContract(db, provider.id, {
        title: `Set ${i}`,
        category: i % 2 ? 'healthcare' : 'financial',
        price: '10.00',
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
      if (i === 0) ids.active = c.id;
    }
    ids.pending = (await makeContract(db, provider.id, { title: 'Set pending', category: 'financial', price: '10.00', status: 'pending_review' })).id;
    as.anonymous = new Client(app);
    as.user = await logIn(app, 'buyer');
    as.otherProvider = await logIn(app, 'other');
    as.provider = await logIn(app, 'prov');
    as.admin = await logIn(app, 'boss');
  });
  afterAll(async () => app?.close());

  describe('nodes(ids:)', () => {
    const asked = () => [
      toGlobalId('Contract', ids.active),
      toGlobalId('Contract', ids.pending),
      toGlobalId('Contract', UNKNOWN),
      // A type that is no Node, and an id that is no record id: null, as node(id:) answers.
      toGlobalId('CategoryInfo', 'financial'),
      toGlobalId('Contract', 'not-a-record-id'),
    ];

    it('answers each id as node(id:) does, in order, with null for what one may not see', async () => {
      for (const who of ['anonymous', 'user', 'otherProvider'] as const) {
        const res = await as[who].gql(NODES, { ids: asked() });
        expect(res).toEqual({ data: { nodes: [{ id: toGlobalId('Contract', ids.active), title: 'Set 0' }, null, null, null, null] } });
        for (const [i, id] of asked().entries()) {
          const one = await as[who].gql(`query($id: ID!) { node(id: $id) { id ... on Contract { title } } }`, { id });
          expect(one.data.node).toEqual(res.data.nodes[i]);
        }
      }
      for (const who of ['provider', 'admin'] as const) {
        const res = await as[who].gql(NODES, { ids: asked() });
        expect(res.data.nodes).toEqual([
          { id: toGlobalId('Contract', ids.active), title: 'Set 0' },
          { id: toGlobalId('Contract', ids.pending), title: 'Set pending' },
          null,
          null,
          null,
        ]);
      }
    });

    it('answers an empty list for no ids, and refuses more ids than one call may ask', async () => {
      expect(await as.anonymous.gql(NODES, { ids: [] })).toEqual({ data: { nodes: [] } });
      const many = Array.from({ length: MAX_NODE_IDS + 1 }, () => toGlobalId('Contract', ids.active));
      const res = await as.anonymous.gql(NODES, { ids: many });
      expect(res.data).toBeNull();
      expect(res.errors?.[0]).toMatchObject({ message: `nodes takes at most ${MAX_NODE_IDS} ids`, extensions: { code: 'INVALID_INPUT' } });
      expect((await as.anonymous.gql(NODES, { ids: many.slice(1) })).data.nodes).toHaveLength(MAX_NODE_IDS);
    });

    it('is INVALID_INPUT for an id that is not a global id', async () => {
      const res = await as.anonymous.gql(NODES, { ids: ['%%%'] });
      expect(res.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
    });
  });

  describe('contracts(last:) without before', () => {
    it('is the end of the list, with offset cursors and page info', async () => {
      const res = await as.anonymous.gql(LAST, { last: 2 });
      expect(res.errors).toBeUndefined();
      expect(res.data.contracts).toEqual({
        totalCount: 5,
        edges: [
          { cursor: offsetCursor(3), node: { title: 'Set 1' } },
          { cursor: offsetCursor(4), node: { title: 'Set 0' } },
        ],
        pageInfo: { hasPreviousPage: true, hasNextPage: false, startCursor: offsetCursor(3), endCursor: offsetCursor(4) },
      });
    });

    it('counts only what the filter matches, and with `after` never starts before it', async () => {
      const filtered = await as.anonymous.gql(LAST, { last: 1, filter: { category: 'healthcare' } });
      expect(filtered.data.contracts.edges).toEqual([{ cursor: offsetCursor(1), node: { title: 'Set 1' } }]);
      const after = await as.anonymous.gql(LAST, { last: 4, after: offsetCursor(2) });
      expect(after.data.contracts.edges.map((e: { node: { title: string } }) => e.node.title)).toEqual(['Set 1', 'Set 0']);
      expect(after.data.contracts.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
      const all = await as.anonymous.gql(LAST, { last: 50 });
      expect(all.data.contracts.edges.map((e: { node: { title: string } }) => e.node.title)).toEqual(['Set 4', 'Set 3', 'Set 2', 'Set 1', 'Set 0']);
      expect(all.data.contracts.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: false });
    });

    it('works on a connection of the database layer too (a user\'s purchases)', async () => {
      const res = await as.user.gql(`{ viewer { purchases(last: 1) { edges { cursor } pageInfo { hasPreviousPage hasNextPage } } } }`);
      expect(res.errors).toBeUndefined();
      expect(res.data.viewer.purchases).toEqual({ edges: [], pageInfo: { hasPreviousPage: false, hasNextPage: false } });
    });
  });
});
