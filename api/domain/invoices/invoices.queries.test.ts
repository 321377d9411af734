import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, startTestApp, type Client, type TestApp } from '../../test/harness.ts';
import { makeContract, makeUser } from '../../test/market-fixtures.ts';
import { SUCCESS_CARD } from '../payments/payments.testbed.ts';

// The lists that show "Invoice (PDF)" (the seller's sales, the buyer's purchases) read every row's
// invoice and credit note with the rows: the statements do not grow with the number of rows.
describe('statements of reading invoices in lists', () => {
  let app: TestApp;
  let prov: Client;
  let ann: Client;
  let providerId = '';
  const statements: string[] = [];
  let counting = false;

  beforeAll(async () => {
    app = await startTestApp('pglite', {}, { onQuery: (sql) => counting && statements.push(sql) });
    providerId = (await makeUser(app.database.prisma, 'prov', { dueDiligenceStatus: 'approved' })).id;
    await makeUser(app.database.prisma, 'ann');
    [prov, ann] = [await logIn(app, 'prov'), await logIn(app, 'ann')];
  }, 120_000);
  afterAll(async () => app?.close());

  async function sell(price: string) {
    const c = await makeContract(app.database.prisma, providerId, { title: `Set ${price}`, category: 'financial', price });
    const created = await ann.json('POST', '/api/payments', { contractId: c.id, paymentMethod: 'card' });
    expect((await ann.json('POST', `/api/payments/${created.body.id}/escrow`, { card: SUCCESS_CARD })).status).toBe(200);
  }

  async function counted(client: Client, query: string) {
    await client.gql(query);
    await new Promise((resolve) => setTimeout(resolve, 200));
    statements.length = 0;
    counting = true;
    const result = await client.gql(query);
    counting = false;
    expect(result.errors).toBeUndefined();
    return statements.length;
  }

  const SALES = '{ viewer { sales(first: 20) { edges { node { amount invoice { number url } creditNote { number url } } } } } }';
  const PURCHASES = '{ viewer { purchases(first: 20) { edges { node { amount payment { invoice { number url } creditNote { number url } } } } } } }';

  it('one sale or three: the same statements', async () => {
    await sell('10.00');
    const one = [await counted(prov, SALES), await counted(ann, PURCHASES)];
    await sell('11.00');
    await sell('12.00');
    expect([await counted(prov, SALES), await counted(ann, PURCHASES)]).toEqual(one);
  });
});
