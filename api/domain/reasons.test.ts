import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../db/generated/prisma/client.ts';
import { createTestDatabase, testDatabases, type TestDatabase } from '../test/databases.ts';
import { MemoryMailer } from '../test/harness.ts';
import { makeContract, makeUser } from '../test/market-fixtures.ts';
import { decideBid, placeBid } from './market/bids.service.ts';
import { createPurchase } from './market/purchases.service.ts';
import { latestApplication, reviewApplication, submitApplication } from './diligence/diligence.service.ts';
import { listingRefusal, reviewListing, updateListing } from './listings/listings.service.ts';
import { assertMayUpload } from './listings/upload.service.ts';

// Each refusal of the services names its reason, so clients can tell apart refusals that share
// a status (e.g. two 403s, two 409s).
describe.each(testDatabases())('domain reasons on %s', (kind) => {
  let database: TestDatabase;
  let provider: User;
  let buyer: User;
  let admin: User;
  const events = { publish: () => {} };
  const jobs = { schedule: async () => ({ id: 'none', created: true }) };
  const deps = () => ({ db: database.prisma, events, jobs, mailer: new MemoryMailer() });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const db = database.prisma;
    provider = await makeUser(db, 'prov', { dueDiligenceStatus: 'approved' });
    buyer = await makeUser(db, 'buyer');
    admin = await makeUser(db, 'boss', { isAdmin: true });
  }, 120_000);
  afterAll(async () => database?.destroy());

  it('listing and uploading need due diligence (403 DUE_DILIGENCE_REQUIRED); anonymous callers log in first', () => {
    expect(listingRefusal(buyer)).toMatchObject({ code: 'FORBIDDEN', reason: 'DUE_DILIGENCE_REQUIRED', message: 'Complete due diligence before listing data' });
    expect(listingRefusal(null)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'LOGIN_REQUIRED' });
    expect(listingRefusal(provider)).toBeNull();
    expect(listingRefusal(admin)).toBeNull();
    expect(() => assertMayUpload(buyer)).toThrow(expect.objectContaining({ reason: 'DUE_DILIGENCE_REQUIRED' }));
  });

  it('bids: own contract, contract not active, not the provider, already decided', async () => {
    const db = database.prisma;
    const live = await makeContract(db, provider.id, { title: 'Live', category: 'financial', price: '100.00' });
    const waiting = await makeContract(db, provider.id, { title: 'Waiting', category: 'financial', price: '100.00', status: 'pending_review' });
    await expect(placeBid(deps(), provider, { contractId: live.id, amount: '90' })).rejects.toMatchObject({ code: 'FORBIDDEN', reason: 'OWN_CONTRACT' });
    // An admin sees a pending contract, so the refusal is about its state, not its existence.
    await expect(placeBid(deps(), admin, { contractId: waiting.id, amount: '90' })).rejects.toMatchObject({ code: 'CONFLICT', reason: 'CONTRACT_NOT_ACTIVE' });
    await expect(createPurchase(db, provider, { contractId: live.id })).rejects.toMatchObject({ code: 'FORBIDDEN', reason: 'OWN_CONTRACT' });
    await expect(createPurchase(db, admin, { contractId: waiting.id })).rejects.toMatchObject({ code: 'CONFLICT', reason: 'CONTRACT_NOT_ACTIVE' });
    const bid = await placeBid(deps(), buyer, { contractId: live.id, amount: '90' });
    await expect(decideBid(deps(), buyer, bid.id, 'accepted')).rejects.toMatchObject({ code: 'FORBIDDEN', reason: 'NOT_OWNER' });
    await decideBid(deps(), provider, bid.id, 'declined');
    await expect(decideBid(deps(), provider, bid.id, 'accepted')).rejects.toMatchObject({ code: 'CONFLICT', reason: 'INVALID_TRANSITION', message: 'This bid is already declined' });
  });

  it('listings: only the provider edits, only waiting or rejected ones; reviews follow the machine', async () => {
    const db = database.prisma;
    const live = await makeContract(db, provider.id, { title: 'Live 2', category: 'financial', price: '100.00' });
    await expect(updateListing(deps(), admin, live.id, {})).rejects.toMatchObject({ code: 'FORBIDDEN', reason: 'NOT_OWNER' });
    await expect(updateListing(deps(), provider, live.id, {})).rejects.toMatchObject({ code: 'CONFLICT', reason: 'INVALID_TRANSITION' });
    await expect(reviewListing(deps(), provider, live.id, { status: 'rejected' })).rejects.toMatchObject({ code: 'FORBIDDEN', reason: 'ADMIN_REQUIRED' });
    await expect(reviewListing(deps(), admin, live.id, { status: 'rejected' })).rejects.toMatchObject({
      code: 'CONFLICT',
      reason: 'INVALID_TRANSITION',
      message: 'A listing that is active cannot become rejected',
    });
  });

  it('due diligence: administrators are exempt, one application at a time, own application only', async () => {
    await expect(submitApplication(deps(), admin, {})).rejects.toMatchObject({ code: 'CONFLICT', reason: 'ADMIN_EXEMPT' });
    await expect(latestApplication(database.prisma, buyer, provider.id)).rejects.toMatchObject({ code: 'FORBIDDEN', reason: 'NOT_OWNER' });
    await expect(reviewApplication(deps(), buyer, 'x', { status: 'approved' })).rejects.toMatchObject({ code: 'FORBIDDEN', reason: 'ADMIN_REQUIRED' });
  });
});
