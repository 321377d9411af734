import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database.ts';
import type { User } from '../../db/generated/prisma/client.ts';
import { scratchPostgresDatabase } from '../../test/databases.ts';
import { makeContract, makeUser } from '../../test/market-fixtures.ts';
import { simulatedPaymentProvider } from './payment-provider.ts';
import type { PaymentDeps } from './payments.deps.ts';
import { confirmPayment } from './payments.escrow.ts';
import { openTrade } from './payments.trade.ts';

// A payment queued behind a busy connection pool waits its turn instead of failing. With Prisma's
// default 2 s wait for a transaction's connection, 200 buyers paying at once on the default pool
// of 10 got 500 "Unable to start a transaction in the given time" (bench/payments.ts). Here the
// pool has one connection, held for longer than that default while a buyer pays.

const HOLD_MS = 2_600;

describe.skipIf(!process.env.TEST_DATABASE_URL)('payments behind a busy pool (PostgreSQL)', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgresDatabase>>;
  let database: Database;
  let buyer: User;
  let contractId: string;

  beforeAll(async () => {
    scratch = await scratchPostgresDatabase();
    database = await openDatabase({ url: scratch.url, poolMax: 1 });
    await database.migrate();
    const provider = await makeUser(database.prisma, 'pool_prov', { dueDiligenceStatus: 'approved' });
    buyer = await makeUser(database.prisma, 'pool_buyer');
    contractId = (await makeContract(database.prisma, provider.id, { title: 'Pool Feed', category: 'financial', price: '50.00' })).id;
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  /** Takes the pool's only connection for HOLD_MS, as a long burst of other payments would. */
  function holdThePool(): Promise<unknown> {
    return database.prisma.$transaction(async (tx) => tx.$queryRawUnsafe(`SELECT 1 AS held FROM pg_sleep(${HOLD_MS / 1000})`), { timeout: 20_000 });
  }
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('creating a payment waits for a connection longer than 2 s instead of failing', async () => {
    const hold = holdThePool();
    await sleep(100);
    const started = Date.now();
    const created = await openTrade(database.prisma, buyer, { contractId, paymentMethod: 'card' });
    await hold;
    expect(created.payment.status).toBe('pending');
    // It did wait behind the held connection, longer than Prisma's default would have allowed.
    expect(Date.now() - started).toBeGreaterThan(2_000);
  }, 30_000);

  it('confirming a payment waits for a connection longer than 2 s instead of failing', async () => {
    const { payment } = await openTrade(database.prisma, buyer, { contractId, paymentMethod: 'card' });
    const simulated = simulatedPaymentProvider();
    let hold: Promise<unknown> = Promise.resolve();
    let started = 0;
    const deps: PaymentDeps = {
      db: database.prisma,
      events: { publish: () => {} } as unknown as PaymentDeps['events'],
      jobs: { schedule: async () => ({ id: 'job', created: true }), cancel: async () => true },
      mailer: { send: async () => {} } as unknown as PaymentDeps['mailer'],
      // The pool gets busy while the provider charges: the escrow transaction comes right after.
      provider: {
        ...simulated,
        async confirm(request) {
          hold = holdThePool();
          await sleep(100);
          started = Date.now();
          return simulated.confirm(request);
        },
      },
    };
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
    const escrowed = await confirmPayment(deps, buyer, { paymentId: payment.id, card });
    await hold;
    expect(escrowed.payment.status).toBe('escrowed');
    expect(escrowed.purchase.status).toBe('active');
    expect(Date.now() - started).toBeGreaterThan(2_000);
  }, 30_000);
});
