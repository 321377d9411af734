import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, signUp, startTestApp, STRONG_PASSWORD, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeContract, makeUser } from '../../test/market-fixtures.ts';
import { makePurchase } from '../delivery/delivery.fixtures.ts';

// Deleting an account (issue 25; docs/decisions.md "Issue 25: account settings"): password and
// the word DELETE; refused while money or access is open; personal data replaced, payments and
// sales kept under "Deleted user"; every session ends.
describe.each(testDatabases())('delete account on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(async () => app?.close());

  const db = () => app.database.prisma;
  const remove = (client: Client, body: Record<string, unknown> = { password: STRONG_PASSWORD, confirm: 'DELETE' }) => client.json('POST', '/api/auth/delete-account', body);
  const userIdOf = async (client: Client) => (await client.json('GET', '/api/auth/user')).body.id as string;

  it('anonymous callers get 401', async () => {
    const anon = new Client(app);
    expect((await remove(anon)).status).toBe(401);
    const gql = await anon.gql(`mutation { deleteAccount(input: { password: "x", confirm: "DELETE" }) { __typename } }`);
    expect(gql.data.deleteAccount.__typename).toBe('AuthenticationError');
  });

  it('asks for the password and the typed word; an administrator is refused', async () => {
    const user = await signUp(app, { email: 'careful@example.com', username: 'careful' });
    const wrong = await remove(user, { password: 'Wrong#Pass1', confirm: 'DELETE' });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'WRONG_CURRENT_PASSWORD']);
    for (const confirm of ['', 'delete', 'yes']) {
      const res = await remove(user, { password: STRONG_PASSWORD, confirm });
      expect([res.status, res.body.code]).toEqual([400, 'CONFIRMATION_REQUIRED']);
    }
    expect((await remove(user, {})).status).toBe(400);
    expect((await user.json('GET', '/api/auth/user')).status).toBe(200);

    await makeUser(db(), 'boss-d', { isAdmin: true });
    const admin = await logIn(app, 'boss-d');
    const refused = await remove(admin);
    expect([refused.status, refused.body.code]).toEqual([409, 'ADMIN_ACCOUNT']);
  });

  it('is blocked, naming what to settle, by escrow as buyer or seller, open disputes, listings with buyers, accepted bids', async () => {
    const seller = await makeUser(db(), 'seller-d', { dueDiligenceStatus: 'approved' });
    const buyer = await makeUser(db(), 'buyer-d');
    const listing = await makeContract(db(), seller.id, { title: 'Escrowed Feed', category: 'financial', price: '100.00' });
    const { payment } = await makePurchase(app, { buyerId: buyer.id, sellerId: seller.id, contractId: listing.id, paymentStatus: 'escrowed' });
    const [asBuyer, asSeller] = [await logIn(app, 'buyer-d'), await logIn(app, 'seller-d')];

    const b = await remove(asBuyer);
    expect([b.status, b.body.code]).toEqual([409, 'ACCOUNT_HAS_OPEN_OBLIGATIONS']);
    expect(b.body.message).toMatch(/1 payment in escrow/);
    const s = await remove(asSeller);
    expect(s.body.message).toMatch(/1 payment in escrow.*1 active listing with buyers who still have access/);

    // Disputed: the dispute is named.
    await db().payment.update({ where: { id: payment.id }, data: { status: 'disputed' } });
    await db().dispute.create({ data: { paymentId: payment.id, raisedById: buyer.id, reason: 'data_quality', description: 'Rows missing' } });
    expect((await remove(asBuyer)).body.message).toMatch(/1 open dispute/);

    // Settled and released: the buyer may go; the seller still has a listing buyers can use.
    await db().dispute.update({ where: { paymentId: payment.id }, data: { status: 'released' } });
    await db().payment.update({ where: { id: payment.id }, data: { status: 'released' } });
    const sellerAgain = await remove(asSeller);
    expect(sellerAgain.body.message).not.toMatch(/escrow|dispute/);
    expect(sellerAgain.body.message).toMatch(/active listing/);

    // An accepted bid waiting for payment blocks both of its parties.
    const bid = await db().bid.create({ data: { contractId: listing.id, bidderId: buyer.id, amount: '80.00', status: 'accepted' } });
    expect((await remove(asBuyer)).body.message).toMatch(/1 accepted bid waiting for payment/);
    await db().bid.update({ where: { id: bid.id }, data: { status: 'settled' } });

    // Off the market, the seller may go too (buyers keep what they paid for).
    await db().contract.update({ where: { id: listing.id }, data: { status: 'inactive' } });
    expect((await remove(asSeller)).status).toBe(200);
    expect((await remove(asBuyer)).status).toBe(200);
  });

  it('replaces personal data, keeps payments and sales under "Deleted user", ends every session, and the old login fails', async () => {
    const seller = await makeUser(db(), 'seller-k', { dueDiligenceStatus: 'approved' });
    const leaver = await signUp(app, { name: 'Lea Ver', email: 'leaver@example.com', username: 'leaver' });
    const elsewhere = await logIn(app, 'leaver');
    const leaverId = await userIdOf(leaver);
    const bought = await makeContract(db(), seller.id, { title: 'Bought Feed', category: 'financial', price: '100.00' });
    const { payment, key } = await makePurchase(app, { buyerId: leaverId, sellerId: seller.id, contractId: bought.id, paymentStatus: 'released' });
    const openBid = await db().bid.create({ data: { contractId: bought.id, bidderId: leaverId, amount: '50.00' } });
    // Their own listing, pending review, and a bid someone placed on another, active one.
    await db().user.update({ where: { id: leaverId }, data: { dueDiligenceStatus: 'approved', profileImage: 'https://img.example.com/lea.png' } });
    const pending = await makeContract(db(), leaverId, { title: 'Pending Feed', category: 'financial', price: '10.00', status: 'pending_review' });
    const live = await makeContract(db(), leaverId, { title: 'Live Feed', category: 'financial', price: '10.00' });
    const bidOnMine = await db().bid.create({ data: { contractId: live.id, bidderId: seller.id, amount: '5.00' } });
    await db().notification.create({ data: { userId: leaverId, type: 'bid.accepted', title: 'Bid accepted', body: 'Yours' } });
    await db().position.create({ data: { userId: leaverId, contractId: bought.id, positionType: 'long', entryPrice: '100', quantity: '1', leverage: 1, margin: '100' } });

    const ended = app.events.subscribe('sessionEnded')[Symbol.asyncIterator]();
    const next = ended.next();
    const res = await remove(leaver);
    expect(res.status).toBe(200);
    expect((await next).value).toEqual({ userId: leaverId, exceptSessionId: null });
    await ended.return?.();

    // Logged out here and everywhere; the old credentials and the old email no longer log in.
    expect((await leaver.json('GET', '/api/auth/user')).status).toBe(401);
    expect((await elsewhere.json('GET', '/api/auth/user')).status).toBe(401);
    for (const usernameOrEmail of ['leaver', 'leaver@example.com']) {
      expect((await new Client(app).json('POST', '/api/auth/login', { usernameOrEmail, password: STRONG_PASSWORD })).status).toBe(401);
    }

    const row = await db().user.findUniqueOrThrow({ where: { id: leaverId } });
    expect(row).toMatchObject({ name: 'Deleted user', email: `deleted-${leaverId}@deleted.invalid`, username: `deleted-${leaverId}`, profileImage: null, emailVerifiedAt: null });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.passwordHash.startsWith('scrypt$')).toBe(false);
    expect(await db().session.count({ where: { userId: leaverId } })).toBe(0);
    expect(await db().emailToken.count({ where: { userId: leaverId } })).toBe(0);
    expect(await db().position.count({ where: { userId: leaverId } })).toBe(0);
    expect(await db().notification.count({ where: { userId: leaverId } })).toBe(0);
    expect((await db().apiKey.findFirstOrThrow({ where: { purchaseId: (await db().purchase.findFirstOrThrow({ where: { paymentId: payment.id } })).id } })).revokedAt).toBeInstanceOf(Date);
    expect(key).not.toBeNull();

    // What the other party and the law need stays: the payment, its purchase, under the new name.
    const kept = await db().payment.findUniqueOrThrow({ where: { id: payment.id }, include: { buyer: true, purchase: true } });
    expect([kept.status, kept.buyer.name, kept.purchase?.buyerId]).toEqual(['released', 'Deleted user', leaverId]);
    // Open bids end; listings leave the market with their history.
    expect((await db().bid.findUniqueOrThrow({ where: { id: openBid.id } })).status).toBe('withdrawn');
    expect((await db().bid.findUniqueOrThrow({ where: { id: bidOnMine.id } })).status).toBe('declined');
    expect((await db().contract.findUniqueOrThrow({ where: { id: pending.id } })).status).toBe('rejected');
    expect((await db().contract.findUniqueOrThrow({ where: { id: live.id } })).status).toBe('inactive');
    expect(await db().statusChange.count({ where: { subjectId: live.id, toStatus: 'inactive', note: 'Account deleted' } })).toBe(1);

    // The email and the username are free again.
    await signUp(app, { email: 'leaver@example.com', username: 'leaver' });
  });

  it('the GraphQL mutation logs the caller out and another user is untouched', async () => {
    const bystander = await signUp(app, { email: 'bystander@example.com', username: 'bystander' });
    const quitter = await signUp(app, { email: 'quitter@example.com', username: 'quitter' });
    const res = await quitter.gql(
      `mutation($input: DeleteAccountInput!) { deleteAccount(input: $input) { __typename ... on MutationDeleteAccountSuccess { data { message } } } }`,
      { input: { password: STRONG_PASSWORD, confirm: 'DELETE' } },
    );
    expect(res.data.deleteAccount.__typename).toBe('MutationDeleteAccountSuccess');
    expect((await quitter.gql('{ viewer { id } }')).data.viewer).toBeNull();
    expect((await bystander.json('GET', '/api/auth/user')).body.name).toBe('bystander');
  });
});
