import { afterAll, beforeAll, expect } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { makeContract, makeUser } from '../../test/market-fixtures.ts';

// What the payments test files share: one app per file on a fresh database, a provider (prov),
// two buyers (ann, bob), an administrator (boss), and the steps every payment test takes.

export const SUCCESS_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };
export const DECLINED_CARD = { number: '4000 0000 0000 0002', expMonth: 12, expYear: 2099, cvc: '123' };

export function paymentsTestbed(kind: 'pglite' | 'postgres') {
  let started: TestApp | undefined;
  const app = () => started!;
  const ids: Record<string, string> = {};
  const users: Record<string, { id: string }> = {};
  const db = () => app().database.prisma;
  const login = (username: string) => logIn(app(), username);
  const anonymous = () => new Client(app());
  const post = (client: Client, path: string, body: unknown, headers: Record<string, string> = {}) =>
    client
      .request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
      .then(async (res) => ({ status: res.status, body: await res.json() }));
  /** A new contract of the provider at `price`, so each test starts from a clean market. */
  const contract = async (price: string, title = `Data set ${Math.random().toString(36).slice(2, 8)}`) =>
    (await makeContract(db(), users.prov!.id, { title, category: 'financial', price })).id;
  /** Creates and confirms a card payment (REST); answers the escrow's body. */
  const pay = async (client: Client, contractId: string, extra: Record<string, unknown> = {}) => {
    const created = await post(client, '/api/payments', { contractId, paymentMethod: 'card', ...extra });
    expect(created.status).toBe(201);
    const escrow = await post(client, `/api/payments/${created.body.id}/escrow`, { card: SUCCESS_CARD });
    expect(escrow.status).toBe(200);
    return escrow.body;
  };

  beforeAll(async () => {
    started = await startTestApp(kind);
    users.prov = await makeUser(db(), 'prov', { dueDiligenceStatus: 'approved' });
    users.ann = await makeUser(db(), 'ann');
    users.bob = await makeUser(db(), 'bob');
    users.boss = await makeUser(db(), 'boss', { isAdmin: true });
    ids.pending = (await makeContract(db(), users.prov.id, { title: 'Waiting Review', category: 'financial', price: '10.00', status: 'pending_review' })).id;
  }, 120_000);
  afterAll(async () => started?.close());

  return { app, ids, users, db, login, anonymous, post, contract, pay };
}
