import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApp, type TestApp, logIn } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeContract, makeUser, toGlobalId } from '../../test/market-fixtures.ts';
import { makeTrade } from '../earnings/earnings.fixtures.ts';
import { reviewProvider, recomputeProviderRating } from './reviews.service.ts';
import type { PaymentStatus } from '../../db/generated/prisma/enums.ts';

// After release the buyer reviews the provider once per purchase; the provider's rating and
// review count come from the reviews (the product decision "Reviews").

const REVIEW = `mutation($input: ReviewProviderInput!) { reviewProvider(input: $input) { __typename
  ... on Error { message code reason } ... on MutationReviewProviderSuccess { data { rating text reviewer { userId } provider { userId rating reviewCount } } } } }`;
const PURCHASE = `query($id: ID!) { node(id: $id) { ... on Purchase { canReview review { rating text } } } }`;

describe.each(testDatabases())('reviews (%s)', (kind) => {
  let app: TestApp;
  let n = 0;
  const users: Record<string, Awaited<ReturnType<typeof makeUser>>> = {};
  let contractId = '';

  const login = (username: string) => logIn(app, username);
  /** A fresh trade of the contract by `buyer` (default: the buyer) in `status`. */
  const trade = async (status: PaymentStatus, buyer = users.buyer!, sellerId = users.provider!.id, cId = contractId) =>
    (await makeTrade(app.database.prisma, { buyerId: buyer.id, sellerId, contractId: cId, price: '120.00', status })).purchase;

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.prisma;
    for (const name of ['provider', 'buyer', 'other', 'admin']) {
      users[name] = await makeUser(db, `${name}${kind}`, name === 'admin' ? { isAdmin: true } : name === 'provider' ? { dueDiligenceStatus: 'approved' } : {});
    }
    contractId = (await makeContract(db, users.provider!.id, { title: 'Rated set', category: 'other', price: '120.00' })).id;
  });
  afterAll(async () => app?.close());

  it('refuses anonymous callers (401) and anyone but the buyer (404)', async () => {
    const purchase = await trade('released');
    const body = { purchaseId: purchase.id, rating: 5 };
    expect((await new Client(app).json('POST', '/api/reviews', body)).status).toBe(401);
    expect((await new Client(app).gql(REVIEW, { input: body })).data.reviewProvider.__typename).toBe('AuthenticationError');
    for (const who of ['other', 'provider', 'admin']) {
      const client = await login(users[who]!.username);
      const res = await client.json('POST', '/api/reviews', body);
      expect(res.status, who).toBe(404);
      expect(res.body.message).toBe('Purchase not found');
      expect((await client.gql(REVIEW, { input: body })).data.reviewProvider.__typename).toBe('NotFoundError');
    }
    expect((await (await login(users.buyer!.username)).json('POST', '/api/reviews', { purchaseId: '019a0000-0000-7000-8000-000000000000', rating: 5 })).status).toBe(404);
    expect(await app.database.prisma.review.count({ where: { purchaseId: purchase.id } })).toBe(0);
  });

  it('refuses the buyer before release with 409, for every status but released', async () => {
    const buyer = await login(users.buyer!.username);
    for (const status of ['pending', 'escrowed', 'disputed', 'refunded', 'failed'] as const) {
      const purchase = await trade(status);
      const res = await buyer.json('POST', '/api/reviews', { purchaseId: purchase.id, rating: 4 });
      expect(res.status, status).toBe(409);
      expect(res.body.message).toBe('You can review the provider once the payment has been released');
      const gql = await buyer.gql(PURCHASE, { id: toGlobalId('Purchase', purchase.id) });
      expect(gql.data.node.canReview).toBe(false);
    }
    // A purchase recorded before any payment (POST /api/purchases) cannot be reviewed either.
    const bare = await app.database.prisma.purchase.create({ data: { buyerId: users.buyer!.id, contractId, amount: '120.00' } });
    expect((await buyer.json('POST', '/api/reviews', { purchaseId: bare.id, rating: 4 })).status).toBe(409);
  });

  it('takes 1-5 whole stars and text up to 2000 characters (400 otherwise)', async () => {
    const purchase = await trade('released');
    const buyer = await login(users.buyer!.username);
    for (const rating of [0, 6, 4.5, -1, '4', null, 1e12]) {
      const res = await buyer.json('POST', '/api/reviews', { purchaseId: purchase.id, rating });
      expect(res.status, String(rating)).toBe(400);
      expect(res.body.message).toBe('Rating must be a whole number of stars from 1 to 5');
    }
    expect((await buyer.json('POST', '/api/reviews', { rating: 4 })).status).toBe(400);
    expect((await buyer.json('POST', '/api/reviews', { purchaseId: purchase.id, rating: 4, comment: 'x'.repeat(2001) })).status).toBe(400);
    expect((await buyer.json('POST', '/api/reviews', { purchaseId: purchase.id, rating: 4, comment: 42 })).status).toBe(400);
    for (const rating of [0, 6]) {
      const res = await buyer.gql(REVIEW, { input: { purchaseId: purchase.id, rating } });
      expect(res.data.reviewProvider).toMatchObject({ __typename: 'ValidationError', code: 'INVALID_INPUT' });
    }
    expect(await app.database.prisma.review.count({ where: { purchaseId: purchase.id } })).toBe(0);
  });

  it('the buyer reviews after release, once; the rating comes from the reviews', async () => {
    const db = app.database.prisma;
    const provider = await makeUser(db, `solo${kind}`, { dueDiligenceStatus: 'approved' });
    const cId = (await makeContract(db, provider.id, { title: 'Solo set', category: 'other', price: '120.00' })).id;
    const purchase = await trade('released', users.buyer!, provider.id, cId);
    const buyer = await login(users.buyer!.username);
    const before = await buyer.gql(PURCHASE, { id: toGlobalId('Purchase', purchase.id) });
    expect(before.data.node).toEqual({ canReview: true, review: null });
    // The provider has no stars until reviewed.
    expect((await db.user.findUniqueOrThrow({ where: { id: provider.id } })).rating).toBeNull();

    const res = await buyer.json('POST', '/api/reviews', { purchaseId: purchase.id, rating: 5, comment: '  Clean, well documented.  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ purchaseId: purchase.id, contractId: cId, providerId: provider.id, reviewerId: users.buyer!.id, rating: 5, comment: 'Clean, well documented.' });
    expect(await db.user.findUniqueOrThrow({ where: { id: provider.id } })).toMatchObject({ reviewCount: 1 });
    expect((await db.user.findUniqueOrThrow({ where: { id: provider.id } })).rating!.toFixed(2)).toBe('5.00');

    const after = await buyer.gql(PURCHASE, { id: toGlobalId('Purchase', purchase.id) });
    expect(after.data.node).toEqual({ canReview: false, review: { rating: 5, text: 'Clean, well documented.' } });
    const again = await buyer.json('POST', '/api/reviews', { purchaseId: purchase.id, rating: 1 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'You have already reviewed this purchase', code: 'ALREADY_EXISTS' });
    expect((await buyer.gql(REVIEW, { input: { purchaseId: toGlobalId('Purchase', purchase.id), rating: 2 } })).data.reviewProvider.__typename).toBe('ConflictError');

    // GraphQL, with a global id and without text; 5, 4, 4 average 4.33 exactly.
    for (const rating of [4, 4]) {
      const p = await trade('released', users.buyer!, provider.id, cId);
      const gql = await buyer.gql(REVIEW, { input: { purchaseId: toGlobalId('Purchase', p.id), rating } });
      expect(gql.data.reviewProvider.__typename).toBe('MutationReviewProviderSuccess');
      expect(gql.data.reviewProvider.data).toMatchObject({ rating, text: null, reviewer: { userId: users.buyer!.id } });
    }
    const rated = await db.user.findUniqueOrThrow({ where: { id: provider.id } });
    expect([rated.rating!.toFixed(2), rated.reviewCount]).toEqual(['4.33', 3]);
    const pub = await new Client(app).gql(`query($id: ID!) { node(id: $id) { ... on User { rating reviewCount reviewsReceived(first: 10) { totalCount edges { node { rating reviewer { name } } } } } } }`, {
      id: toGlobalId('User', provider.id),
    });
    expect(pub.data.node).toMatchObject({ rating: 4.33, reviewCount: 3, reviewsReceived: { totalCount: 3 } });
  });

  it('recomputing from the rows changes nothing (the stored figures are the rows’)', async () => {
    const db = app.database.prisma;
    const before = await db.user.findMany({ select: { id: true, rating: true, reviewCount: true }, orderBy: { id: 'asc' } });
    await db.$transaction(async (tx) => {
      for (const u of before) await recomputeProviderRating(tx, u.id);
    });
    const after = await db.user.findMany({ select: { id: true, rating: true, reviewCount: true }, orderBy: { id: 'asc' } });
    expect(after.map((u) => [u.id, u.rating?.toFixed(2) ?? null, u.reviewCount])).toEqual(before.map((u) => [u.id, u.rating?.toFixed(2) ?? null, u.reviewCount]));
  });

  it.runIf(kind === 'postgres')('concurrent reviews of one provider all count, and the average is exact', async () => {
    const db = app.database.prisma;
    const provider = await makeUser(db, `busy${kind}`, { dueDiligenceStatus: 'approved' });
    const cId = (await makeContract(db, provider.id, { title: 'Busy set', category: 'other', price: '120.00' })).id;
    const ratings = [5, 4, 4, 3, 5, 2, 5, 4, 1, 5, 4, 3];
    const buyers = await Promise.all(ratings.map(() => makeUser(db, `crowd${++n}${kind}`)));
    const purchases = [];
    for (const b of buyers) purchases.push(await trade('released', b, provider.id, cId));
    await Promise.all(purchases.map((p, i) => reviewProvider({ db }, buyers[i]!, { purchaseId: p.id, rating: ratings[i] })));
    const rated = await db.user.findUniqueOrThrow({ where: { id: provider.id } });
    const sum = ratings.reduce((s, r) => s + r, 0); // 45 / 12 = 3.75
    expect(sum).toBe(45);
    expect([rated.rating!.toFixed(2), rated.reviewCount]).toEqual(['3.75', 12]);

    // The same purchase reviewed twice at once: one review.
    const p = await trade('released', buyers[0]!, provider.id, cId);
    const results = await Promise.allSettled([1, 2, 3].map((r) => reviewProvider({ db }, buyers[0]!, { purchaseId: p.id, rating: r })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) expect((r as PromiseRejectedResult).reason.message).toBe('You have already reviewed this purchase');
    expect((await db.user.findUniqueOrThrow({ where: { id: provider.id } })).reviewCount).toBe(13);
  });
});
