import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, startTestApp, STRONG_PASSWORD, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeContract, makeUser, toGlobalId } from '../../test/market-fixtures.ts';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe.ts';

// A recorded event is told, by the job runner, to the people concerned: in the bell and by mail
// as their preferences say, once even when the fan-out runs again.
describe.each(testDatabases())('notifications fan-out on %s', (kind) => {
  let app: TestApp;
  let sellerId = '';
  let buyerId = '';
  let contractId = '';

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.prisma;
    sellerId = (await makeUser(db, 'seller', { dueDiligenceStatus: 'approved' })).id;
    buyerId = (await makeUser(db, 'buyer')).id;
    contractId = (await makeContract(db, sellerId, { title: 'Container Rates', category: 'transportation', price: '40.00' })).id;
  });
  afterAll(async () => app?.close());

  const placeBid = async (amount: string) => {
    const res = await (await logIn(app, 'buyer')).gql(`mutation($input: PlaceBidInput!) { placeBid(input: $input) { ... on MutationPlaceBidSuccess { data { bidId } } } }`, {
      input: { contractId: toGlobalId('Contract', contractId), amount },
    });
    return res.data.placeBid.data.bidId as string;
  };

  it('tells the provider of a bid and the bidder of its acceptance, in the app and by mail, after the commit', async () => {
    const db = app.database.prisma;
    const bidId = await placeBid('35.50');
    // Nothing is told before the runner fans the event out.
    expect(await db.notification.count({ where: { userId: sellerId } })).toBe(0);
    const added: unknown[] = [];
    const sub = (app.events.subscribe as any)('notificationAdded', sellerId)[Symbol.asyncIterator]();
    const next = sub.next();
    await app.jobs.runDue();
    const received = await db.notification.findFirstOrThrow({ where: { userId: sellerId } });
    expect(received).toMatchObject({ type: 'bid.received', title: 'New bid of $35.50', inApp: true, mail: true, readAt: null, link: `/contract/${contractId}` });
    added.push((await next).value);
    expect(added).toEqual([{ userId: sellerId, notificationId: received.id, type: 'bid.received' }]);
    await sub.return();
    const mail = app.mailer.sent.find((m) => m.subject.startsWith('New bid of $35.50'));
    expect(mail?.text).toContain('/notifications/unsubscribe?token=');

    await (await logIn(app, 'seller')).gql(`mutation($input: DecideBidInput!) { acceptBid(input: $input) { __typename } }`, { input: { bidId: toGlobalId('Bid', bidId) } });
    await app.jobs.runDue();
    const accepted = await db.notification.findFirstOrThrow({ where: { userId: buyerId } });
    expect(accepted).toMatchObject({ type: 'bid.accepted', title: 'Your bid was accepted' });
    expect(accepted.body).toContain('Container Rates');
  });

  it('follows a preference: mail only stores no bell entry, app only sends no mail', async () => {
    const db = app.database.prisma;
    await db.notificationPreference.create({ data: { userId: sellerId, type: 'bid.received', channel: 'app' } });
    const before = app.mailer.sent.length;
    await placeBid('20');
    await app.jobs.runDue();
    const latest = await db.notification.findFirstOrThrow({ where: { userId: sellerId }, orderBy: { createdAt: 'desc' } });
    expect(latest).toMatchObject({ inApp: true, mail: false });
    expect(app.mailer.sent.slice(before).filter((m) => m.subject.startsWith('New bid'))).toEqual([]);
  });

  it('tells nobody twice when the fan-out of an event runs again', async () => {
    const db = app.database.prisma;
    await placeBid('21');
    const event = await db.domainEvent.findFirstOrThrow({ where: { type: 'bid.received' }, orderBy: { createdAt: 'desc' } });
    await app.jobs.runDue();
    await app.jobs.schedule(db, { kind: 'event.fanout', runAt: new Date(), payload: { eventId: event.id } });
    await app.jobs.runDue();
    expect(await db.notification.count({ where: { eventId: event.id } })).toBe(1);
  });

  it('signs unsubscribe links: a token names its person and kind, a forged one nothing', () => {
    const secret = new TextEncoder().encode('s'.repeat(32));
    const token = unsubscribeToken(secret, 'u1', 'bid.received');
    expect(readUnsubscribeToken(secret, token)).toEqual({ userId: 'u1', type: 'bid.received' });
    expect(readUnsubscribeToken(secret, token.replace('u1', 'u2'))).toBeNull();
    expect(readUnsubscribeToken(secret, 'garbage')).toBeNull();
  });

  it('tells of a password change in the bell and always by mail, even when the person chose the app only', async () => {
    const db = app.database.prisma;
    await db.notificationPreference.create({ data: { userId: buyerId, type: 'account.security', channel: 'app' } });
    const buyer = await logIn(app, 'buyer');
    const res = await buyer.gql(`mutation($input: ChangePasswordInput!) { changePassword(input: $input) { __typename } }`, {
      input: { currentPassword: STRONG_PASSWORD, newPassword: 'An0ther#Secret', confirmPassword: 'An0ther#Secret' },
    });
    expect(res.data.changePassword.__typename).toBe('MutationChangePasswordSuccess');
    await app.jobs.runDue();
    expect(await db.notification.findFirst({ where: { userId: buyerId, type: 'account.security' } })).toMatchObject({ title: 'Your password was changed', inApp: true, mail: true });
    const mail = app.mailer.sent.find((m) => m.subject.startsWith('Your password was changed'));
    expect(mail?.text).toContain('always sent');
    expect(mail?.text).not.toContain('unsubscribe');
  });
});
