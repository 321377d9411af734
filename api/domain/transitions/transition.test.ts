import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabases, type TestDatabase } from '../../test/databases.ts';
import { makeContract, makeUser } from '../../test/market-fixtures.ts';
import { BID_MACHINE } from '../market/bids.machine.ts';
import { LISTING_MACHINE } from '../listings/listings.machine.ts';
import { recordCreated, transition, updateInStatus } from './transition.ts';

describe.each(testDatabases())('transition on %s', (kind) => {
  let database: TestDatabase;
  let providerId: string;
  let buyerId: string;
  let contractId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const db = database.prisma;
    providerId = (await makeUser(db, 'prov', { dueDiligenceStatus: 'approved' })).id;
    buyerId = (await makeUser(db, 'buyer')).id;
    contractId = (await makeContract(db, providerId, { title: 'Ticks', category: 'financial', price: '100.00' })).id;
  }, 120_000);
  afterAll(async () => database?.destroy());

  const newBid = async () => {
    const db = database.prisma;
    return db.$transaction(async (tx) => {
      const bid = await tx.bid.create({ data: { contractId, bidderId: buyerId, amount: '90.00' } });
      await recordCreated(tx, { machine: BID_MACHINE, id: bid.id, status: bid.status, actorId: buyerId });
      return bid;
    });
  };
  const history = (id: string) => database.prisma.statusChange.findMany({ where: { subjectId: id }, orderBy: { createdAt: 'asc' } });

  it('moves the record, writes the other columns and a history row with actor and note', async () => {
    const db = database.prisma;
    const bid = await newBid();
    const decidedAt = new Date('2026-01-02T03:04:05.000Z');
    const result = await db.$transaction((tx) =>
      transition(tx, { machine: BID_MACHINE, id: bid.id, from: 'open', to: 'accepted', actorId: providerId, note: 'Deal', data: { decidedAt } }),
    );
    expect(result).toEqual({ from: 'open', to: 'accepted' });
    expect(await db.bid.findUniqueOrThrow({ where: { id: bid.id } })).toMatchObject({ status: 'accepted', decidedAt });
    expect((await history(bid.id)).map((h) => [h.subject, h.fromStatus, h.toStatus, h.actorId, h.note])).toEqual([
      ['bid', null, 'open', buyerId, null],
      ['bid', 'open', 'accepted', providerId, 'Deal'],
    ]);
  });

  it('refuses a move the machine does not allow, and writes nothing', async () => {
    const db = database.prisma;
    const bid = await newBid();
    await db.$transaction((tx) => transition(tx, { machine: BID_MACHINE, id: bid.id, to: 'declined', actorId: providerId }));
    const refused = db.$transaction((tx) => transition(tx, { machine: BID_MACHINE, id: bid.id, to: 'accepted', actorId: providerId }));
    await expect(refused).rejects.toMatchObject({ code: 'CONFLICT', reason: 'INVALID_TRANSITION', message: 'A bid that is declined cannot become accepted' });
    expect((await db.bid.findUniqueOrThrow({ where: { id: bid.id } })).status).toBe('declined');
    expect(await history(bid.id)).toHaveLength(2);
  });

  it('loses to a change made since the caller read the status (the guard), and rolls back its own writes', async () => {
    const db = database.prisma;
    const bid = await newBid();
    // The caller saw the bid open; someone declined it meanwhile.
    await db.bid.update({ where: { id: bid.id }, data: { status: 'declined' } });
    const stale = db.$transaction(async (tx) => {
      await tx.contract.update({ where: { id: contractId }, data: { salesCount: { increment: 1 } } });
      return transition(tx, { machine: BID_MACHINE, id: bid.id, from: 'open', to: 'accepted', actorId: providerId, messages: { raced: 'decided meanwhile' } });
    });
    await expect(stale).rejects.toMatchObject({ code: 'CONFLICT', reason: 'INVALID_TRANSITION', message: 'decided meanwhile' });
    expect((await db.bid.findUniqueOrThrow({ where: { id: bid.id } })).status).toBe('declined');
    expect((await db.contract.findUniqueOrThrow({ where: { id: contractId } })).salesCount).toBe(0);
    expect(await history(bid.id)).toHaveLength(1);
  });

  it('of two racing moves from the same status exactly one wins', async () => {
    const db = database.prisma;
    const bid = await newBid();
    const results = await Promise.allSettled(
      (['accepted', 'declined'] as const).map((to) => db.$transaction((tx) => transition(tx, { machine: BID_MACHINE, id: bid.id, from: 'open', to, actorId: providerId }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.reason)).toEqual(['INVALID_TRANSITION']);
    expect((await history(bid.id)).filter((h) => h.fromStatus === 'open')).toHaveLength(1);
  });

  it('an unknown record is NOT_FOUND when the caller names no status', async () => {
    const missing = database.prisma.$transaction((tx) => transition(tx, { machine: BID_MACHINE, id: '00000000-0000-7000-8000-000000000000', to: 'accepted', actorId: providerId }));
    await expect(missing).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Bid not found' });
  });

  it('updateInStatus edits only while the status holds, with no history row', async () => {
    const db = database.prisma;
    const listing = await makeContract(db, providerId, { title: 'Waiting', category: 'financial', price: '10.00', status: 'pending_review' });
    await db.$transaction((tx) => updateInStatus(tx, { machine: LISTING_MACHINE, id: listing.id, status: 'pending_review', data: { title: 'Edited' } }));
    expect((await db.contract.findUniqueOrThrow({ where: { id: listing.id } })).title).toBe('Edited');
    const stale = db.$transaction((tx) => updateInStatus(tx, { machine: LISTING_MACHINE, id: listing.id, status: 'rejected', data: { title: 'Nope' } }));
    await expect(stale).rejects.toMatchObject({ reason: 'INVALID_TRANSITION', message: 'The listing changed meanwhile; please reload' });
    expect(await history(listing.id)).toHaveLength(0);
  });

  it('a record starts only in an initial status', async () => {
    await expect(database.prisma.$transaction((tx) => recordCreated(tx, { machine: BID_MACHINE, id: 'x', status: 'accepted', actorId: null }))).rejects.toThrow('cannot start as accepted');
  });
});
