import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { DEMO_ADMIN } from '../domain/accounts/demo-admin.ts';
import { verifyPassword } from '../domain/accounts/password.ts';
import type { StatusSubject } from '../db/generated/prisma/enums.ts';
import { APPLICATION_MACHINE } from '../domain/diligence/diligence.machine.ts';
import { isPaidPayment } from '../domain/payments/payments.rules.ts';
import { LISTING_MACHINE } from '../domain/listings/listings.machine.ts';
import { BID_MACHINE } from '../domain/market/bids.machine.ts';
import { DISPUTE_MACHINE, PAYMENT_MACHINE, PURCHASE_MACHINE } from '../domain/payments/payments.machine.ts';
import { TICKET_MACHINE } from '../domain/support/tickets.machine.ts';
import { POSITION_MACHINE } from '../domain/trading/positions.machine.ts';
import { canTransition, type Machine } from '../domain/transitions/transition.ts';
import { RELEASE_JOB, releaseJobKey } from '../domain/payments/payments.escrow.ts';
import { accessReminderKey } from '../domain/payments/payments.access.ts';
import { localDiskStorage } from '../storage/storage.ts';
import { DEMO_BUYER_EMAIL, DEMO_PROVIDER_EMAIL, DEMO_USER_PASSWORD, seedDemoData } from './seed.ts';

const CATEGORIES = [
  'financial', 'consumer', 'healthcare', 'social', 'ecommerce', 'real_estate', 'transportation',
  'energy', 'entertainment', 'education', 'market', 'technology', 'other',
];
const DAY = 86_400_000;

/** Decimal (or decimal string) -> integer cents. */
const cents = (d: { toFixed(dp: number): string } | string) => Math.round(Number(typeof d === 'string' ? d : d.toFixed(2)) * 100);

let database: Database;
let first: Awaited<ReturnType<typeof seedDemoData>>;
const filesRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-files-'));
const storage = localDiskStorage(filesRoot);

beforeAll(async () => {
  database = await openDatabase({ url: 'pglite:memory' });
  await database.migrate();
  first = await seedDemoData(database.prisma, { storage });
}, 120_000);

afterAll(async () => {
  await database?.close();
  fs.rmSync(filesRoot, { recursive: true, force: true });
});

describe('seedDemoData', () => {
  it('seeds once and is idempotent', async () => {
    expect(first).not.toBeNull();
    expect(first!.contracts).toBeGreaterThanOrEqual(35);
    expect(first!.users).toBeGreaterThanOrEqual(20);
    const before = await database.prisma.contract.count();
    expect(await seedDemoData(database.prisma, { storage })).toBeNull();
    expect(await database.prisma.contract.count()).toBe(before);
    expect(await database.prisma.user.count()).toBe(first!.users);
  });

  it('creates the demo accounts with their documented passwords', async () => {
    const db = database.prisma;
    const admin = await db.user.findUniqueOrThrow({ where: { email: DEMO_ADMIN.email } });
    expect(admin.isAdmin).toBe(true);
    expect(admin.dueDiligenceStatus).toBe('not_applicable');
    expect(admin.emailVerifiedAt).not.toBeNull();
    expect(await verifyPassword(DEMO_ADMIN.password, admin.passwordHash)).toBe(true);

    const buyer = await db.user.findUniqueOrThrow({ where: { email: DEMO_BUYER_EMAIL } });
    const provider = await db.user.findUniqueOrThrow({ where: { email: DEMO_PROVIDER_EMAIL } });
    expect(await verifyPassword(DEMO_USER_PASSWORD, buyer.passwordHash)).toBe(true);
    expect(provider.dueDiligenceStatus).toBe('approved');
    expect(await db.purchase.count({ where: { buyerId: buyer.id } })).toBeGreaterThan(0);
    expect(await db.contract.count({ where: { providerId: provider.id, status: 'active' } })).toBeGreaterThan(0);

    const others = await db.user.findMany({ where: { isAdmin: false } });
    for (const u of others) {
      expect(u.email.endsWith('@datapit.demo')).toBe(true);
      expect(u.emailVerifiedAt).not.toBeNull();
    }
  });

  it('fills the back office: approved providers, applications waiting for review', async () => {
    const db = database.prisma;
    const approved = await db.dueDiligenceApplication.findMany({ where: { status: 'approved' }, include: { user: true } });
    expect(approved.length).toBeGreaterThanOrEqual(6);
    for (const a of approved) {
      expect(a.user.dueDiligenceStatus).toBe('approved');
      expect(a.reviewNotes).toBe('Approved after review');
      expect(a.reviewedById).not.toBeNull();
      expect(a.dataTypes.length).toBeGreaterThan(0);
      expect(a.businessDescription.length).toBeGreaterThanOrEqual(50);
    }
    expect(await db.dueDiligenceApplication.count({ where: { status: 'submitted' } })).toBeGreaterThanOrEqual(1);
    expect(await db.dueDiligenceApplication.count({ where: { status: 'under_review' } })).toBeGreaterThanOrEqual(1);
  });

  it('lists contracts in all 13 categories with consistent sample data', async () => {
    const contracts = await database.prisma.contract.findMany();
    expect(contracts.length).toBeGreaterThanOrEqual(35);
    const activeCategories = new Set(contracts.filter((c) => c.status === 'active').map((c) => c.category));
    expect([...activeCategories].sort()).toEqual([...CATEGORIES].sort());
    expect(contracts.filter((c) => c.status === 'pending_review')).toHaveLength(3);
    const rejected = contracts.filter((c) => c.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.rejectionReason).toBe('Does not meet quality standards');
    expect(new Set(contracts.map((c) => c.title)).size).toBe(contracts.length);

    for (const c of contracts) {
      expect(c.dataFields.length).toBeGreaterThanOrEqual(5);
      expect(c.dataFields.length).toBeLessThanOrEqual(12);
      expect(c.fieldCount).toBe(c.dataFields.length);
      const rows = c.sampleData as Record<string, unknown>[];
      expect(rows.length).toBeGreaterThanOrEqual(3);
      expect(rows.length).toBeLessThanOrEqual(5);
      for (const row of rows) expect(Object.keys(row).sort()).toEqual([...c.dataFields].sort());
      expect(c.description.length).toBeGreaterThanOrEqual(50);
      expect(c.dataSource!.length).toBeGreaterThanOrEqual(10);
      expect(cents(c.price)).toBeGreaterThanOrEqual(4900);
      expect(cents(c.price)).toBeLessThanOrEqual(490000);
      expect(c.dataAccessType).toBe(c.title.startsWith('SME Credit Default Events') ? 'both' : 'external_link'); // the one listing with an uploaded file
      expect(c.dataAccessUrl).toMatch(/^https:\/\/data\.example\.com\//);
      expect(c.complianceAcknowledged && c.qualityAcknowledged && c.legalAcknowledged).toBe(true);
      if (c.status === 'active') expect(c.reviewedAt).not.toBeNull();
    }
  });

  it('gives every active contract a price history ending at its market price', async () => {
    const db = database.prisma;
    const contracts = await db.contract.findMany({ where: { status: 'active' } });
    const ticks = await db.priceTick.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    const now = Date.now();
    let withRecentTicks = 0;
    for (const c of contracts) {
      const own = ticks.filter((t) => t.contractId === c.id);
      expect(own.length).toBeGreaterThanOrEqual(20);
      expect(own.length).toBeLessThanOrEqual(60);
      expect(own[0]!.source).toBe('listing');
      expect(cents(own[0]!.price)).toBe(cents(c.price));
      expect(own[0]!.createdAt.getTime()).toBe(c.createdAt.getTime());
      expect(cents(c.marketPrice)).toBe(cents(own[own.length - 1]!.price));
      for (const t of own) expect(cents(t.price)).toBeGreaterThanOrEqual(100);
      if (own.some((t) => t.createdAt.getTime() > now - DAY)) withRecentTicks++;
    }
    expect(withRecentTicks / contracts.length).toBeGreaterThan(0.6);
  });

  it('records trades with exact fee, total and commission', async () => {
    const db = database.prisma;
    const payments = await db.payment.findMany({ include: { purchase: true, contract: true } });
    expect(payments.length).toBeGreaterThanOrEqual(50);
    const now = Date.now();
    for (const p of payments) {
      const amount = cents(p.amount);
      expect(cents(p.fee)).toBe(Math.floor((amount * 25 + 500) / 1000));
      expect(cents(p.total)).toBe(amount + cents(p.fee));
      expect(cents(p.commission)).toBe(Math.floor((amount + 5) / 10));
      expect(cents(p.commission) + cents(p.providerAmount)).toBe(amount);
      expect(p.sellerId).toBe(p.contract.providerId);
      expect(p.stripePaymentIntentId).toMatch(/^pi_sim_/);
      expect(p.purchase).not.toBeNull();
      expect(cents(p.purchase!.amount)).toBe(amount);
      expect(p.purchase!.status).toBe('active');
      const escrow = p.escrowStartedAt!.getTime();
      if (p.status === 'released') {
        expect(escrow).toBeLessThan(now - DAY);
        expect(p.releasedAt!.getTime()).toBe(escrow + DAY);
      } else {
        // in escrow, or disputed within the window (the disputed buyer keeps access meanwhile)
        expect(['escrowed', 'disputed']).toContain(p.status);
        expect(escrow).toBeGreaterThan(now - DAY);
      }
      const expires = p.purchase!.accessExpiresAt?.getTime() ?? null;
      const days = { one_time: null, monthly_subscription: 30, annual_subscription: 365 }[p.contract.pricingModel];
      expect(expires).toBe(days === null ? null : p.purchase!.purchaseDate.getTime() + days * DAY);
    }
    expect(payments.filter((p) => p.status === 'escrowed').length).toBeGreaterThanOrEqual(3);
    const startOfDay = new Date(now);
    startOfDay.setUTCHours(0, 0, 0, 0);
    expect(payments.some((p) => p.status === 'escrowed' && p.escrowStartedAt!.getTime() >= startOfDay.getTime())).toBe(true);
    expect(await db.bid.count({ where: { status: 'open' } })).toBeGreaterThan(0);
    // Each payment: claimed (pending -> processing) and escrowed; released or disputed ones once more.
    expect(await db.statusChange.count({ where: { subject: 'payment' } })).toBe(2 * payments.length + payments.filter((p) => p.status !== 'escrowed').length);
  });

  it('stores provider ratings and trade counts computed from reviews and payments', async () => {
    const db = database.prisma;
    const [users, reviews, payments] = await Promise.all([db.user.findMany(), db.review.findMany({ include: { purchase: { include: { payment: true } } } }), db.payment.findMany()]);
    expect(reviews.length).toBeGreaterThan(0);
    for (const r of reviews) {
      expect(r.purchase.payment?.status).toBe('released');
      expect(r.providerId).toBe(r.purchase.payment?.sellerId);
    }
    for (const u of users) {
      const own = reviews.filter((r) => r.providerId === u.id);
      expect(u.reviewCount).toBe(own.length);
      if (own.length === 0) {
        expect(u.rating).toBeNull();
      } else {
        const sum = own.reduce((s, r) => s + r.rating, 0);
        expect(cents(u.rating!)).toBe(Math.floor((sum * 200 + own.length) / (2 * own.length)));
      }
    }
    // One trade count (docs/decisions.md): a user's trades are the paid payments they bought or
    // sold in; a provider's completed sales the paid ones they sold, the sum of their listings' sales.
    const contracts = await db.contract.findMany();
    const paid = payments.filter((p) => isPaidPayment(p.status));
    for (const c of contracts) {
      expect(c.salesCount).toBe(paid.filter((p) => p.contractId === c.id).length);
    }
    for (const u of users) {
      expect(u.tradeCount, u.name).toBe(paid.filter((p) => p.sellerId === u.id || p.buyerId === u.id).length);
      expect(u.completedSales, u.name).toBe(paid.filter((p) => p.sellerId === u.id).length);
      expect(u.completedSales, u.name).toBe(contracts.filter((c) => c.providerId === u.id).reduce((n, c) => n + c.salesCount, 0));
    }
  });

  it('adds support tickets and a conversation', async () => {
    const db = database.prisma;
    const tickets = await db.supportTicket.findMany({ include: { messages: true } });
    expect(tickets.map((t) => t.status).sort()).toEqual(['in_progress', 'open']);
    for (const t of tickets) expect(t.messages.length).toBeGreaterThan(0);
    const conversations = await db.conversation.findMany({ include: { participants: true, messages: true } });
    expect(conversations).toHaveLength(1);
    expect(conversations[0]!.participants).toHaveLength(2);
    expect(conversations[0]!.messages).toHaveLength(3);
  });

  it('starts the bells with the news of the seeded history, the older read, nothing mailed', async () => {
    const db = database.prisma;
    const notifications = await db.notification.findMany({ include: { event: true } });
    expect(notifications.length).toBeGreaterThan(10);
    expect(new Set(notifications.map((n) => n.type))).toEqual(new Set(['bid.received', 'payment.escrowed', 'payment.released']));
    for (const n of notifications) {
      expect(n.event?.type).toBe(n.type);
      expect(n).toMatchObject({ inApp: true, mail: false });
    }
    expect(notifications.some((n) => n.readAt === null)).toBe(true);
    expect(notifications.some((n) => n.readAt !== null)).toBe(true);
    expect(await db.job.count({ where: { kind: { in: ['event.fanout', 'notification.mail'] } } })).toBe(0);
  });

  it('writes only histories the status machines allow, each ending in the record\'s status', async () => {
    const db = database.prisma;
    const machines = { application: APPLICATION_MACHINE, contract: LISTING_MACHINE, bid: BID_MACHINE, payment: PAYMENT_MACHINE, dispute: DISPUTE_MACHINE, ticket: TICKET_MACHINE, position: POSITION_MACHINE, purchase: PURCHASE_MACHINE } as const;
    const changes = await db.statusChange.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    expect(changes.length).toBeGreaterThan(0);
    const last = new Map<string, string>();
    for (const c of changes) {
      const machine = machines[c.subject] as Machine<StatusSubject>;
      if (c.fromStatus === null) expect(machine.initial as readonly string[], `${c.subject} starting as ${c.toStatus}`).toContain(c.toStatus);
      else expect(canTransition(machine, c.fromStatus as never, c.toStatus as never), `${c.subject} ${c.fromStatus} -> ${c.toStatus}`).toBe(true);
      last.set(c.subjectId, c.toStatus);
    }
    for (const p of await db.payment.findMany({ select: { id: true, status: true } })) expect(last.get(p.id)).toBe(p.status);
    for (const c of await db.contract.findMany({ select: { id: true, status: true } })) expect(last.get(c.id)).toBe(c.status);
    for (const a of await db.dueDiligenceApplication.findMany({ select: { id: true, status: true } })) expect(last.get(a.id)).toBe(a.status);
    for (const b of await db.bid.findMany({ select: { id: true, status: true } })) expect(last.get(b.id)).toBe(b.status);
    for (const t of await db.supportTicket.findMany({ select: { id: true, status: true } })) expect(last.get(t.id)).toBe(t.status);
    for (const p of await db.purchase.findMany({ select: { id: true, status: true } })) expect(last.get(p.id)).toBe(p.status);
  });

  it('gives the administrator one disputed payment with its dispute, history and access log', async () => {
    const db = database.prisma;
    const disputed = await db.payment.findMany({ where: { status: 'disputed' }, include: { dispute: true, purchase: { include: { usages: true, apiKeys: true } } } });
    expect(disputed).toHaveLength(1);
    const [p] = disputed;
    const buyer = await db.user.findUniqueOrThrow({ where: { email: DEMO_BUYER_EMAIL } });
    expect(p!.buyerId).not.toBe(buyer.id);
    expect(p!.dispute).toMatchObject({ status: 'open', raisedById: p!.buyerId, reason: 'incomplete_data' });
    expect(p!.dispute!.description.trim().length).toBeGreaterThan(20);
    expect(p!.dispute!.createdAt.getTime()).toBeGreaterThan(p!.escrowStartedAt!.getTime());
    expect(p!.purchase!.status).toBe('active');
    expect(p!.purchase!.usages.length).toBeGreaterThanOrEqual(3);
    expect(p!.purchase!.apiKeys).toHaveLength(1);
    const history = await db.statusChange.findMany({ where: { subjectId: { in: [p!.id, p!.dispute!.id] } }, orderBy: { createdAt: 'asc' } });
    expect(history.map((h) => `${h.subject}:${h.fromStatus}->${h.toStatus}`).sort()).toEqual(['dispute:null->open', 'payment:escrowed->disputed', 'payment:pending->processing', 'payment:processing->escrowed']);
    // the timer must not release it while the administrator decides
    expect(await db.job.count({ where: { key: releaseJobKey(p!.id) } })).toBe(0);
  });

  it('schedules the release of every escrowed payment 24 hours after escrow', async () => {
    const db = database.prisma;
    const escrowed = await db.payment.findMany({ where: { status: 'escrowed' } });
    const jobs = await db.job.findMany({ where: { kind: RELEASE_JOB } });
    expect(jobs).toHaveLength(escrowed.length);
    for (const p of escrowed) {
      const job = jobs.find((j) => j.key === releaseJobKey(p.id))!;
      expect(job.runAt.getTime()).toBe(p.escrowStartedAt!.getTime() + DAY);
      expect(job.payload).toEqual({ paymentId: p.id });
      expect(job.status).toBe('pending');
    }
  });

  it('schedules the end of every live subscription to be told: at the end, and 1 day ahead while that is to come', async () => {
    const db = database.prisma;
    const live = await db.purchase.findMany({ where: { status: 'active', accessExpiresAt: { gt: new Date() } } });
    expect(live.length).toBeGreaterThan(0);
    const keys = new Set((await db.job.findMany({ where: { key: { startsWith: 'access-' } }, select: { key: true } })).map((j) => j.key));
    for (const p of live) {
      expect(keys.has(accessReminderKey(p.id, 0))).toBe(true);
      expect(keys.has(accessReminderKey(p.id, 1))).toBe(p.accessExpiresAt!.getTime() - DAY > Date.now());
    }
  });

  it("gives the demo buyer a data set with a real CSV file, in escrow with live access and a key", async () => {
    const db = database.prisma;
    const [buyer, provider] = await Promise.all([
      db.user.findUniqueOrThrow({ where: { email: DEMO_BUYER_EMAIL } }),
      db.user.findUniqueOrThrow({ where: { email: DEMO_PROVIDER_EMAIL } }),
    ]);
    // Release 1 of the listing and its release 2 (docs/decisions.md "Issue 26: releases").
    const files = await db.dataFile.findMany({ include: { contract: true, release: true }, orderBy: { createdAt: 'asc' } });
    expect(files).toHaveLength(2);
    const file = files[0]!;
    expect(files[1]!.contractId).toBe(file.contractId);
    expect(files.map((f) => f.release && { sequence: f.release.sequence, sha256: f.release.sha256, size: f.release.size })).toEqual(files.map((f, i) => ({ sequence: i + 1, sha256: f.sha256, size: f.size })));
    expect(files[1]!.release!.notes).toBeTruthy();
    expect(files[1]!.release!.schemaDiff).toMatchObject({ added: [], removed: [], retyped: [] });
    expect(files[1]!.release!.publishedAt.getTime()).toBeGreaterThan(files[0]!.release!.publishedAt.getTime());
    expect(file.contract).toMatchObject({ providerId: provider.id, status: 'active', dataAccessType: 'both', dataFormat: 'csv' });
    expect(file).toMatchObject({ uploaderId: provider.id, kind: 'data', contentType: 'text/csv' });
    const bytes = fs.readFileSync(path.join(filesRoot, file.storageKey));
    expect(BigInt(bytes.length)).toBe(file.size);
    expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
    const lines = bytes.toString('utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(file.contract!.dataFields.join(','));
    expect(lines).toHaveLength(2001);
    expect(file.profile).not.toBeNull();

    const purchase = await db.purchase.findFirstOrThrow({ where: { buyerId: buyer.id, contractId: file.contractId! }, include: { payment: true, apiKeys: true } });
    // A one-time purchase after both releases: it includes both.
    expect(purchase.purchaseDate.getTime()).toBeGreaterThan(files[1]!.release!.publishedAt.getTime());
    expect(purchase.status).toBe('active');
    expect(purchase.payment!.status).toBe('escrowed');
    expect(purchase.payment!.escrowStartedAt!.getTime()).toBeGreaterThan(Date.now() - DAY);
    expect(purchase.apiKeys).toHaveLength(1);
    expect(purchase.apiKeys[0]!.prefix).toMatch(/^dpk_/);
    expect(purchase.apiKeys[0]!.revokedAt).toBeNull();
  });

  it('writes no file and keeps every listing an external link without a storage', async () => {
    const other = await openDatabase({ url: 'pglite:memory' });
    try {
      await other.migrate();
      await seedDemoData(other.prisma);
      expect(await other.prisma.dataFile.count()).toBe(0);
      expect(await other.prisma.contract.count({ where: { dataAccessType: { not: 'external_link' } } })).toBe(0);
      expect(await other.prisma.payment.count({ where: { status: 'disputed' } })).toBe(1);
    } finally {
      await other.close();
    }
  }, 120_000);
});
