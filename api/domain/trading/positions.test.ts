import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeContract, makeUser, toGlobalId } from '../../test/market-fixtures.ts';
import { createJobRunner } from '../../jobs/job-runner.ts';
import type { PositionUpdatedEvent } from '../../events/events.ts';
import { MARK_JOB, registerTradingJobs } from './positions.service.ts';

const SUCCESS_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };

// Paper positions (docs/decisions.md "Trading") over REST and GraphQL, per role (anonymous, the
// trader, another user, an administrator), with the market price moved by real sales.

describe.each(testDatabases())('positions on %s', (kind) => {
  let app: TestApp;
  const users: Record<string, { id: string }> = {};
  const db = () => app.database.prisma;
  const login = (username: string) => logIn(app, username);
  const post = (client: Client, path: string, body?: unknown) => client.json('POST', path, body);
  const contract = async (price: string, status: 'active' | 'pending_review' = 'active') =>
    (await makeContract(db(), users.prov!.id, { title: `Tape ${Math.random().toString(36).slice(2, 8)}`, category: 'financial', price, status })).id;
  /** A buyer pays `amount` for the contract: the market price becomes the sale price (a price tick). */
  const sellAt = async (contractId: string, amount: string, buyerName = 'bob') => {
    await db().contract.update({ where: { id: contractId }, data: { price: amount } });
    const buyer = await login(buyerName);
    const created = await post(buyer, '/api/payments', { contractId, paymentMethod: 'card' });
    expect(created.status).toBe(201);
    const escrow = await post(buyer, `/api/payments/${created.body.id}/escrow`, { card: SUCCESS_CARD });
    expect(escrow.status).toBe(200);
    return new Date();
  };
  const open = (client: Client, body: Record<string, unknown>) => post(client, '/api/positions', body);

  beforeAll(async () => {
    app = await startTestApp(kind);
    users.prov = await makeUser(db(), 'prov', { dueDiligenceStatus: 'approved' });
    users.ann = await makeUser(db(), 'ann');
    users.bob = await makeUser(db(), 'bob');
    users.boss = await makeUser(db(), 'boss', { isAdmin: true });
    users.cy = await makeUser(db(), 'cy');
  }, 120_000);
  afterAll(async () => app?.close());

  describe('POST /api/positions', () => {
    it('opens at the market price with the server’s margin; a client’s entryPrice and margin are ignored', async () => {
      const c = await contract('100.00');
      const ann = await login('ann');
      const res = await open(ann, { contractId: c, positionType: 'long', entryPrice: '1.00', quantity: '2.50', leverage: '3', margin: '0.01', stopLoss: '', takeProfit: null });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        contractId: c,
        positionType: 'long',
        status: 'open',
        entryPrice: '100.00',
        currentPrice: '100.00',
        quantity: '2.50',
        leverage: 3,
        margin: '83.33',
        stopLoss: null,
        takeProfit: null,
        pnl: '0.00',
        pnlPercent: '0.00',
        closedAt: null,
      });
      expect(res.body.contract.title).toMatch(/^Tape /);
      expect(await db().statusChange.findMany({ where: { subjectId: res.body.id } })).toMatchObject([{ subject: 'position', fromStatus: null, toStatus: 'open', actorId: users.ann!.id }]);
      // numbers as JSON numbers work too; the multiplier defaults to 1
      const plain = await open(ann, { contractId: c, positionType: 'short', quantity: 1 });
      expect(plain).toMatchObject({ status: 201, body: { leverage: 1, margin: '100.00', positionType: 'short' } });
    });

    it('refuses bad input with the rule’s message (400) and stores nothing', async () => {
      const c = await contract('50.00');
      const ann = await login('ann');
      const before = await db().position.count();
      const required = 'Please select a contract and enter quantity';
      expect(await open(ann, { positionType: 'long', quantity: '1' })).toMatchObject({ status: 400, body: { message: required } });
      expect(await open(ann, { contractId: c, positionType: 'long', quantity: '' })).toMatchObject({ status: 400, body: { message: required } });
      expect(await open(ann, { contractId: ' ', positionType: 'long' })).toMatchObject({ status: 400, body: { message: required } });
      expect(await open(ann, { contractId: c, positionType: 'sideways', quantity: '1' })).toMatchObject({ status: 400, body: { message: 'Position type must be long or short' } });
      for (const leverage of ['0', '6', '2.5', -1, 'x', [3]]) {
        expect(await open(ann, { contractId: c, positionType: 'long', quantity: '1', leverage })).toMatchObject({ status: 400, body: { message: 'Multiplier must be a whole number from 1 to 5' } });
      }
      for (const quantity of ['0', '-1', '1.234', 'abc', { n: 1 }]) {
        expect((await open(ann, { contractId: c, positionType: 'long', quantity })).status).toBe(400);
      }
      expect(await open(ann, { contractId: c, positionType: 'long', quantity: '0' })).toMatchObject({ body: { message: 'Quantity must be a number above 0 with at most two decimal places' } });
      expect(await open(ann, { contractId: c, positionType: 'long', quantity: '1', stopLoss: '60.00' })).toMatchObject({ status: 400, body: { message: 'Stop-loss must be below the entry price (50.00) for a long position' } });
      expect(await open(ann, { contractId: c, positionType: 'short', quantity: '1', takeProfit: '55' })).toMatchObject({ status: 400, body: { message: 'Take-profit must be below the entry price (50.00) for a short position' } });
      expect((await open(ann, { contractId: c, positionType: 'long', quantity: '1', stopLoss: '-5' })).status).toBe(400);
      expect((await open(ann, { contractId: c, positionType: 'long', quantity: '9999999' })).status).toBe(400);
      expect((await ann.request('/api/positions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' })).status).toBe(400);
      expect(await db().position.count()).toBe(before);
    });

    it('anonymous 401; an unknown contract 404; a contract not trading 409', async () => {
      const c = await contract('10.00');
      expect((await open(new Client(app), { contractId: c, positionType: 'long', quantity: '1' })).status).toBe(401);
      const ann = await login('ann');
      expect((await open(ann, { contractId: '0190f0f0-0000-7000-8000-000000000000', positionType: 'long', quantity: '1' })).status).toBe(404);
      expect((await open(ann, { contractId: 'not-an-id', positionType: 'long', quantity: '1' })).status).toBe(404);
      const waiting = await contract('10.00', 'pending_review');
      expect(await open(ann, { contractId: waiting, positionType: 'long', quantity: '1' })).toMatchObject({ status: 409, body: { message: 'This contract is not trading' } });
    });
  });

  describe('GET /api/positions and closing', () => {
    it('lists only the viewer’s positions, whatever userId the query names; others cannot close them', async () => {
      const c = await contract('20.00');
      const ann = await login('ann');
      const mine = (await open(ann, { contractId: c, positionType: 'long', quantity: '1' })).body;
      const bob = await login('bob');
      const bobs = (await open(bob, { contractId: c, positionType: 'short', quantity: '1' })).body;
      const list = await ann.json('GET', `/api/positions?userId=${users.bob!.id}`);
      expect(list.status).toBe(200);
      expect(list.body.map((p: { id: string }) => p.id)).toContain(mine.id);
      expect(list.body.map((p: { id: string }) => p.id)).not.toContain(bobs.id);
      expect((await new Client(app).json('GET', '/api/positions')).status).toBe(401);
      // another user and an administrator: 404, as for an unknown position; nothing changes
      expect((await post(bob, `/api/positions/${mine.id}/close`)).status).toBe(404);
      expect((await post(await login('boss'), `/api/positions/${mine.id}/close`)).status).toBe(404);
      expect((await post(new Client(app), `/api/positions/${mine.id}/close`)).status).toBe(401);
      expect((await post(ann, '/api/positions/0190f0f0-0000-7000-8000-000000000000/close')).status).toBe(404);
      expect((await db().position.findUniqueOrThrow({ where: { id: mine.id } })).status).toBe('open');
    });

    it('follows the market price; closes at it with the realised P/L, once (409 after)', async () => {
      const c = await contract('100.00');
      const ann = await login('ann');
      const long = (await open(ann, { contractId: c, positionType: 'long', quantity: '2', leverage: '5' })).body;
      const short = (await open(ann, { contractId: c, positionType: 'short', quantity: '2', leverage: '5' })).body;
      await sellAt(c, '110.00');
      const list = (await ann.json('GET', '/api/positions')).body as Array<Record<string, unknown>>;
      expect(list.find((p) => p.id === long.id)).toMatchObject({ currentPrice: '110.00', pnl: '100.00', pnlPercent: '50.00' });
      expect(list.find((p) => p.id === short.id)).toMatchObject({ currentPrice: '110.00', pnl: '-100.00', pnlPercent: '-50.00' });
      const closed = await post(ann, `/api/positions/${long.id}/close`);
      expect(closed).toMatchObject({ status: 200, body: { status: 'closed', exitPrice: '110.00', realizedPnl: '100.00', pnl: '100.00', closeReason: 'manual' } });
      expect(closed.body.closedAt).toBeTruthy();
      // the price moves on: a closed position keeps its exit price and realised P/L
      await sellAt(c, '90.00', 'cy');
      const after = (await ann.json('GET', '/api/positions')).body as Array<Record<string, unknown>>;
      expect(after.find((p) => p.id === long.id)).toMatchObject({ currentPrice: '110.00', pnl: '100.00' });
      expect(after.find((p) => p.id === short.id)).toMatchObject({ currentPrice: '90.00', pnl: '100.00' });
      expect(await post(ann, `/api/positions/${long.id}/close`)).toMatchObject({ status: 409, body: { message: 'This position is already closed' } });
      expect(await db().statusChange.count({ where: { subjectId: long.id, toStatus: 'closed' } })).toBe(1);
    });
  });

  describe('stop-loss and take-profit', () => {
    it('a sale that crosses a level closes the position once, at the tick’s price, and tells its trader', async () => {
      const c = await contract('100.00');
      const ann = await login('ann');
      const stop = (await open(ann, { contractId: c, positionType: 'long', quantity: '1', stopLoss: '95.00', takeProfit: '130.00' })).body;
      const target = (await open(ann, { contractId: c, positionType: 'short', quantity: '1', takeProfit: '96.00' })).body;
      const untouched = (await open(ann, { contractId: c, positionType: 'long', quantity: '1', stopLoss: '80.00' })).body;
      const heard: PositionUpdatedEvent[] = [];
      const stopListening = listen(app, users.ann!.id, heard);
      const at = await sellAt(c, '95.00');
      await app.jobs.runDue(new Date(at.getTime() + 1000));
      const row = (id: string) => db().position.findUniqueOrThrow({ where: { id } });
      expect(await row(stop.id)).toMatchObject({ status: 'closed', closeReason: 'stop_loss' });
      expect((await row(stop.id)).exitPrice?.toFixed(2)).toBe('95.00');
      expect((await row(stop.id)).realizedPnl?.toFixed(2)).toBe('-5.00');
      expect(await row(target.id)).toMatchObject({ status: 'closed', closeReason: 'take_profit' });
      expect((await row(target.id)).realizedPnl?.toFixed(2)).toBe('5.00');
      expect(await row(untouched.id)).toMatchObject({ status: 'open' });
      expect(await db().statusChange.findMany({ where: { subjectId: stop.id, toStatus: 'closed' } })).toMatchObject([{ actorId: null, note: 'Stop-loss reached at 95.00' }]);
      await waitFor(() => heard.length >= 3);
      expect(heard.filter((e) => e.change === 'closed').map((e) => e.positionId).sort()).toEqual([stop.id, target.id].sort());
      expect(heard.find((e) => e.positionId === untouched.id)).toMatchObject({ change: 'marked', status: 'open' });
      // running the same tick's job again changes nothing: one job per tick, already done
      await app.jobs.runDue(new Date(at.getTime() + 60_000));
      expect(await db().statusChange.count({ where: { subjectId: stop.id, toStatus: 'closed' } })).toBe(1);
      stopListening();
    });

    it('a trader who closed by hand first keeps their close; the tick’s job leaves it alone', async () => {
      const c = await contract('100.00');
      const ann = await login('ann');
      const p = (await open(ann, { contractId: c, positionType: 'long', quantity: '1', stopLoss: '99.00' })).body;
      const at = await sellAt(c, '98.00');
      // the job is due but has not run: the trader closes at the market price, 98.00
      expect((await post(ann, `/api/positions/${p.id}/close`)).body).toMatchObject({ closeReason: 'manual', exitPrice: '98.00' });
      await app.jobs.runDue(new Date(at.getTime() + 1000));
      expect(await db().position.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({ closeReason: 'manual' });
      expect(await db().job.findFirstOrThrow({ where: { kind: MARK_JOB, payload: { path: ['contractId'], equals: c } } })).toMatchObject({ status: 'done' });
    });

    it.runIf(kind === 'postgres')('three runners at once (two instances and this one) close each crossed position exactly once', async () => {
      const c = await contract('100.00');
      const ann = await login('ann');
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push((await open(ann, { contractId: c, positionType: i % 2 ? 'short' : 'long', quantity: '1', ...(i % 2 ? { stopLoss: '101.00' } : { takeProfit: '101.00' }) })).body.id);
      const at = await sellAt(c, '101.00');
      const runners = [0, 1].map((n) => {
        const r = createJobRunner({ db: db(), workerId: `trading-w${n}` });
        registerTradingJobs(r, { events: app.events });
        return r;
      });
      const when = new Date(at.getTime() + 1000);
      await Promise.all([runners[0]!.runDue(when), runners[1]!.runDue(when), app.jobs.runDue(when)]);
      for (const id of ids) {
        expect(await db().position.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'closed', closeReason: id === ids[0] || ids.indexOf(id) % 2 === 0 ? 'take_profit' : 'stop_loss' });
        expect(await db().statusChange.count({ where: { subjectId: id, toStatus: 'closed' } })).toBe(1);
      }
      await Promise.all(runners.map((r) => r.stop()));
    });
  });

  describe('GraphQL', () => {
    const FIELDS = 'positionId status entryPrice currentPrice margin pnl pnlPercent leverage contract { title }';
    it('viewer.positions is the viewer’s own; node() hides others’; the mutations answer their errors as results', async () => {
      const c = await contract('40.00');
      const ann = await login('ann');
      const opened = await ann.gql(
        `mutation ($input: OpenPositionInput!) { openPosition(input: $input) { __typename ... on MutationOpenPositionSuccess { data { id ${FIELDS} } } ... on Error { message } } }`,
        { input: { contractId: toGlobalId('Contract', c), positionType: 'long', quantity: '1.00', leverage: 2, stopLoss: null } },
      );
      const position = opened.data.openPosition.data;
      expect(position).toMatchObject({ status: 'open', entryPrice: '40.00', margin: '20.00', leverage: 2 });
      const own = await ann.gql(`{ viewer { positions(first: 50, status: open) { totalCount edges { node { positionId } } } } }`);
      expect(own.data.viewer.positions.edges.map((e: any) => e.node.positionId)).toContain(position.positionId);
      const bob = await login('bob');
      expect((await bob.gql(`query ($id: ID!) { node(id: $id) { id } }`, { id: position.id })).data.node).toBeNull();
      expect((await (await login('boss')).gql(`query ($id: ID!) { node(id: $id) { id } }`, { id: position.id })).data.node).toBeNull();
      expect((await ann.gql(`query ($id: ID!) { node(id: $id) { ... on Position { positionId } } }`, { id: position.id })).data.node.positionId).toBe(position.positionId);
      const missing = await ann.gql(`mutation { openPosition(input: { positionType: long }) { __typename ... on Error { message } } }`);
      expect(missing.data.openPosition).toEqual({ __typename: 'ValidationError', message: 'Please select a contract and enter quantity' });
      const stranger = await bob.gql(`mutation ($id: ID!) { closePosition(input: { positionId: $id }) { __typename } }`, { id: position.id });
      expect(stranger.data.closePosition.__typename).toBe('NotFoundError');
      const anonymous = await new Client(app).gql(`mutation ($id: ID!) { closePosition(input: { positionId: $id }) { __typename } }`, { id: position.id });
      expect(anonymous.data.closePosition.__typename).toBe('AuthenticationError');
      const closed = await ann.gql(`mutation ($id: ID!) { closePosition(input: { positionId: $id }) { __typename ... on MutationClosePositionSuccess { data { status realizedPnl closeReason } } } }`, { id: position.id });
      expect(closed.data.closePosition.data).toEqual({ status: 'closed', realizedPnl: '0.00', closeReason: 'manual' });
    });
  });
});

function listen(app: TestApp, userId: string, into: PositionUpdatedEvent[]) {
  const iterator = app.events.subscribe('positionUpdated', userId)[Symbol.asyncIterator]();
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const next = await iterator.next();
      if (next.done) return;
      into.push(next.value as PositionUpdatedEvent);
    }
  })();
  return () => {
    stopped = true;
    void iterator.return?.();
  };
}

async function waitFor(check: () => boolean, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
