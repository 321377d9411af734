import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../../../test/harness.ts';
import { testDatabases } from '../../../test/databases.ts';
import { makeContract, makeUser } from '../../../test/market-fixtures.ts';
import { eventsAbout, toldAbout, whoWasTold } from './told.fixtures.ts';

// Listings, due diligence, support and messages told to the person concerned (docs/decisions.md
// "Issue 25: notification events"), driven through the app; nobody else is told, and a refused
// action records nothing.

describe.each(testDatabases())('listing, diligence, support and message notices on %s', (kind) => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const db = () => app.database.prisma;
  const login = (who: string) => logIn(app, who);

  beforeAll(async () => {
    app = await startTestApp(kind);
    ids.prov = (await makeUser(db(), 'prov', { dueDiligenceStatus: 'approved' })).id;
    ids.ann = (await makeUser(db(), 'ann')).id;
    ids.bob = (await makeUser(db(), 'bob')).id;
    ids.boss = (await makeUser(db(), 'boss', { isAdmin: true })).id;
  }, 120_000);
  afterAll(async () => app?.close());

  it('listing.approved and listing.rejected tell the provider; a refused review records nothing', async () => {
    const approve = (await makeContract(db(), ids.prov!, { title: 'Bunker Fuel', category: 'financial', price: '20.00', status: 'pending_review' })).id;
    const reject = (await makeContract(db(), ids.prov!, { title: 'Thin Data', category: 'financial', price: '20.00', status: 'pending_review' })).id;
    const boss = await login('boss');
    expect((await (await login('ann')).json('PATCH', `/api/contracts/${approve}`, { status: 'active' })).status).toBe(403);
    expect((await boss.json('PATCH', `/api/contracts/${approve}`, { status: 'active' })).status).toBe(200);
    expect((await boss.json('PATCH', `/api/contracts/${approve}`, { status: 'rejected' })).status).toBe(409);
    expect((await boss.json('PATCH', `/api/contracts/${reject}`, { status: 'rejected', rejectionReason: 'No sample' })).status).toBe(200);
    await app.jobs.runDue();
    expect(await toldAbout(db(), 'listing.approved', 'contractId', approve)).toEqual([
      { userId: ids.prov, title: 'Your listing is live', link: `/contract/${approve}`, body: expect.stringContaining('"Bunker Fuel"') },
    ]);
    expect(await eventsAbout(db(), 'listing.rejected', 'contractId', approve)).toEqual([]);
    expect(await toldAbout(db(), 'listing.rejected', 'contractId', reject)).toEqual([
      { userId: ids.prov, title: 'Your listing was not approved', link: `/list-data?edit=${reject}`, body: expect.stringContaining('No sample') },
    ]);
  });

  it('diligence.decided tells the applicant of approval or a request for clarification, not of review starting', async () => {
    const application = await db().dueDiligenceApplication.create({
      data: {
        userId: ids.bob!, status: 'submitted', legalBusinessName: 'Bob Data LLC', businessType: 'llc', businessAddress: '1 Main Street',
        businessEmail: 'b@example.com', businessPhone: '+1 555 0100', businessDescription: 'x'.repeat(60), dataTypes: ['Education'],
        hasDataPrivacyPolicy: true, gdprCompliant: true, ccpaCompliant: true, hasUserConsent: true, hasDataProcessingAgreements: true,
      },
    });
    const path = `/api/due-diligence/${application.id}`;
    const boss = await login('boss');
    expect((await (await login('bob')).json('PATCH', path, { status: 'approved' })).status).toBe(403);
    expect((await boss.json('PATCH', path, { status: 'under_review' })).status).toBe(200);
    expect((await boss.json('PATCH', path, { status: 'requires_clarification', reviewNotes: 'Send the DPA' })).status).toBe(200);
    expect((await boss.json('PATCH', path, { status: 'approved' })).status).toBe(200);
    expect((await boss.json('PATCH', path, { status: 'rejected' })).status).toBe(409);
    await app.jobs.runDue();
    const told = await toldAbout(db(), 'diligence.decided', 'applicationId', application.id);
    expect(told.map((t) => [t.userId, t.title, t.link])).toEqual([
      [ids.bob, 'Your application needs clarification', '/due-diligence'],
      [ids.bob, 'You are approved to sell', '/list-data'],
    ]);
    expect(told[0]!.body).toContain('Send the DPA');
  });

  it('support.replied tells the owner of a ticket of the team’s reply; a visitor’s ticket and the owner’s own message tell nobody', async () => {
    const ann = await login('ann');
    const mine = await ann.json('POST', '/api/support/tickets', { name: 'Ann', email: 'ann@example.com', subject: 'Invoice', message: 'Where is it?' });
    expect(mine.status).toBe(201);
    const visitor = await new Client(app).json('POST', '/api/support/tickets', { name: 'Vis', email: 'vis@example.com', subject: 'Hello', message: 'A question' });
    expect(visitor.status).toBe(201);
    expect((await ann.json('POST', `/api/support/tickets/${mine.body.id}/messages`, { message: 'Any news?' })).status).toBe(201);
    const boss = await login('boss');
    for (const ticketId of [mine.body.id, visitor.body.id]) expect((await boss.json('POST', '/api/support/messages', { ticketId, message: 'Under Dashboard, Payments.' })).status).toBe(201);
    await app.jobs.runDue();
    expect(await toldAbout(db(), 'support.replied', 'ticketId', mine.body.id)).toEqual([
      { userId: ids.ann, title: 'Support replied', link: `/?supportTicket=${mine.body.id}`, body: expect.stringContaining('"Invoice"') },
    ]);
    expect(await eventsAbout(db(), 'support.replied', 'ticketId', visitor.body.id)).toEqual([]);
  });

  it('message.received tells the recipient, in the app only by default; a refused message records nothing', async () => {
    const contractId = (await makeContract(db(), ids.prov!, { title: 'Crop Yields', category: 'financial', price: '20.00' })).id;
    const ann = await login('ann');
    const sent = await ann.json('POST', '/api/messages', { recipientId: ids.prov, contractId, content: 'Does it include 2025?' });
    expect(sent.status).toBe(201);
    expect((await ann.json('POST', '/api/messages', { recipientId: ids.ann, content: 'To myself' })).status).toBe(400);
    const before = app.mailer.sent.length;
    await app.jobs.runDue();
    const told = await toldAbout(db(), 'message.received', 'conversationId', sent.body.conversationId);
    expect(told).toEqual([{ userId: ids.prov, title: 'New message from ann', link: `/messaging?conversation=${sent.body.conversationId}`, body: expect.stringContaining('Does it include 2025?') }]);
    expect(await db().notification.findFirstOrThrow({ where: { userId: ids.prov, type: 'message.received' } })).toMatchObject({ inApp: true, mail: false });
    expect(app.mailer.sent.slice(before).filter((m) => m.subject.startsWith('New message'))).toEqual([]);
    expect(await whoWasTold(db(), 'message.received', 'messageId', sent.body.id)).toEqual([ids.prov]);
  });
});
