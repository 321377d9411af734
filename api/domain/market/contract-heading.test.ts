import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { makeContract, makeUser } from '../../test/market-fixtures.ts';
import { publicContractTitle } from './contract-heading.ts';

// The boot frame of a contract's page names it only when anyone may see it
// (docs/decisions.md "The first paint names the page").
describe('publicContractTitle', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('pglite');
  });
  afterAll(async () => app?.close());

  it('names an active contract, and nothing the public may not see', async () => {
    const db = app.database.prisma;
    const provider = await makeUser(db, 'heading-provider');
    const active = await makeContract(db, provider.id, { title: 'Open Tape', category: 'other', price: '10.00' });
    const pending = await makeContract(db, provider.id, { title: 'Secret Pending', category: 'other', price: '10.00', status: 'pending_review' });
    const rejected = await makeContract(db, provider.id, { title: 'Secret Rejected', category: 'other', price: '10.00', status: 'rejected' });
    expect(await publicContractTitle(db, active.id)).toBe('Open Tape');
    expect(await publicContractTitle(db, pending.id)).toBeNull();
    expect(await publicContractTitle(db, rejected.id)).toBeNull();
    expect(await publicContractTitle(db, '01a18bf3-cdc4-7de2-b096-8250beba70c6')).toBeNull();
    expect(await publicContractTitle(db, 'not-an-id\u0000')).toBeNull();
  });
});
