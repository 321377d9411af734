// Seeds a living demo market (DEMO_DATA on): an administrator, approved providers with their due
// diligence, applicants waiting in the back office, buyers, ~40 contracts in every category, price
// history, trades in escrow and released, reviews, bids, support tickets and a conversation.
// Idempotent: nothing happens when the demo administrator already exists.
import { seedDemoNotifications } from './demo-notifications.ts';
import { demoConfirmedUpdates } from './demo-updates.ts';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { Prisma, PrismaClient } from '../db/generated/prisma/client.ts';
import type { PaymentStatus } from '../db/generated/prisma/enums.ts';
import { DEMO_ADMIN } from '../domain/accounts/demo-admin.ts';
import { hashPassword } from '../domain/accounts/password.ts';
import { decimalString, parseMoney, paymentAmountStrings } from '../domain/money/money.ts';
import { ACCESS_DAYS, ESCROW_WINDOW_MS, PAID_PAYMENT_STATUSES, isPaidPayment } from '../domain/payments/payments.rules.ts';
import { RELEASE_JOB, releaseJobKey } from '../domain/payments/payments.escrow.ts';
import { ACCESS_REMINDER_JOB, accessReminders } from '../domain/payments/payments.access.ts';
import { generateApiKey } from '../domain/delivery/api-keys.ts';
import { profileCsv } from '../domain/listings/profile.ts';
import { fieldsOf, isSchemaChange, schemaDiff } from '../domain/releases/schema-diff.ts';
import { issueMissingDocuments } from '../domain/invoices/invoices.issue.ts';
import type { FileStorage } from '../storage/storage.ts';
import {
  BID_MESSAGES,
  BUYERS,
  CONVERSATION,
  DISPUTE,
  FIELD_GENERATORS,
  LISTINGS,
  PROVIDERS,
  REVIEW_TEXTS,
  Rng,
  SUPPORT_TICKETS,
  accessInstructionsFor,
  describeListing,
  sampleSizeFor,
  type Cell,
  type ListingTemplate,
  type RowContext,
} from './demo-data.ts';

/** Every demo user except the administrator signs in with this password. */
export const DEMO_USER_PASSWORD = 'Demo#Trader1';
const EMAIL_DOMAIN = '@datapit.demo';
export const DEMO_BUYER_EMAIL = `${BUYERS[0]!.username}${EMAIL_DOMAIN}`;
export const DEMO_PROVIDER_EMAIL = `${PROVIDERS[0]!.username}${EMAIL_DOMAIN}`;
const ADMIN_USERNAME = 'pitboss';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ESCROW_WINDOW = ESCROW_WINDOW_MS;
const RELEASED_PAYMENTS = 52;
const ESCROWED_PAYMENTS = 8;
const ESCROWED_TODAY = 3;
const OPEN_BIDS = 18;

export async function seedDemoData(
  db: PrismaClient,
  /** `storage`: where the demo's uploaded data files go (the app's file storage); without it no file is written. */
  opts: { now?: Date; production?: boolean; storage?: FileStorage } = {},
): Promise<null | { users: number; contracts: number }> {
  const exists = await db.user.findUnique({ where: { email: DEMO_ADMIN.email }, select: { id: true } });
  if (exists) return null;

  // In production the demo administrator gets a password nobody knows: the published one must never
  // open a production back office (the account stays, the demo's history names it).
  const adminPassword = opts.production ? crypto.randomBytes(32).toString('base64url') : DEMO_ADMIN.password;
  const [adminHash, userHash] = await Promise.all([hashPassword(adminPassword), hashPassword(DEMO_USER_PASSWORD)]);
  const plan = buildDemoPlan((opts.now ?? new Date()).getTime(), adminHash, userHash, !!opts.storage);
  // The uploaded files go to storage first, so no DataFile row ever names a missing file.
  const written: string[] = [];
  if (opts.storage) {
    for (const f of plan.uploads) {
      await opts.storage.write(f.row.storageKey, Readable.from([f.bytes]));
      written.push(f.row.storageKey);
      const profile = await profileCsv(Readable.from([f.bytes])).catch(() => null);
      if (profile) {
        f.row.profile = profile as object;
        f.contract.dataProfile = profile.fields as unknown as object;
      }
    }
  }
  try {
    await db.$transaction([
      db.user.createMany({ data: plan.users }),
      db.dueDiligenceApplication.createMany({ data: plan.applications }),
      db.contract.createMany({ data: plan.contracts }),
      // The two bulk tables go in as one JSON parameter each: ~10x faster than createMany on PGlite.
      db.$executeRawUnsafe(INSERT_TICKS, JSON.stringify(plan.ticks)),
      db.bid.createMany({ data: plan.bids }),
      db.payment.createMany({ data: plan.payments }),
      db.purchase.createMany({ data: plan.purchases }),
      db.dataFile.createMany({ data: plan.uploads.map((u) => u.row) }),
      db.contractRelease.createMany({ data: [...demoReleases(plan.uploads), ...plan.confirmedUpdates] }),
      db.apiKey.createMany({ data: plan.apiKeys }),
      db.apiKeyUsage.createMany({ data: plan.apiKeyUsages }),
      db.dispute.createMany({ data: plan.disputes }),
      db.job.createMany({ data: plan.jobs }),
      db.review.createMany({ data: plan.reviews }),
      db.conversation.createMany({ data: plan.conversations }),
      db.conversationParticipant.createMany({ data: plan.participants }),
      db.message.createMany({ data: plan.messages }),
      db.supportTicket.createMany({ data: plan.tickets }),
      db.supportMessage.createMany({ data: plan.supportMessages }),
      db.$executeRawUnsafe(INSERT_STATUS_CHANGES, JSON.stringify(plan.statusChanges)),
      // Each contract's completed sales, from the payments just written.
      db.$executeRawUnsafe(`UPDATE "Contract" c SET "salesCount" = s.n FROM (
        SELECT "contractId", count(*)::int AS n FROM "Payment" WHERE status IN (${PAID_PAYMENT_STATUSES.map((st) => `'${st}'`).join(', ')}) GROUP BY "contractId"
      ) s WHERE s."contractId" = c.id`),
    ]);
  } catch (error) {
    await Promise.all(written.map((key) => opts.storage!.delete(key).catch(() => {})));
    // Another process seeded at the same time: its data stands.
    if (await db.user.findUnique({ where: { email: DEMO_ADMIN.email }, select: { id: true } })) return null;
    throw error;
  }
  // The seeded sales have their invoices (and refunds their credit notes), as paying would have issued them.
  await issueMissingDocuments(db);
  // The bells start with the news the seeded history would have brought.
  await seedDemoNotifications(db, opts.now ?? new Date());
  return { users: plan.users.length, contracts: plan.contracts.length };
}

// ---------------------------------------------------------------- helpers

type DemoRelease = { sequence: number; version: string; notes: string | null; publishedAt: Date };

/** The release rows of the seeded files, each with its schema diff against the one before (as publishRelease writes them). */
function demoReleases(uploads: { row: Prisma.DataFileCreateManyInput; release: DemoRelease | null }[]): Prisma.ContractReleaseCreateManyInput[] {
  const previous = new Map<string, unknown>();
  return uploads
    .filter((u) => u.release)
    .sort((a, b) => a.release!.sequence - b.release!.sequence)
    .map(({ row, release }) => {
      const contractId = row.contractId!;
      const diff = previous.has(contractId) ? schemaDiff(fieldsOf(previous.get(contractId)), fieldsOf(row.profile)) : null;
      previous.set(contractId, row.profile ?? null);
      const profile = (row.profile ?? null) as { recordCount?: number | null } | null;
      return {
        id: uuid7(release!.publishedAt.getTime()),
        contractId,
        ...release!,
        fileId: row.id!,
        size: row.size,
        sha256: row.sha256,
        recordCount: profile?.recordCount ?? null,
        profile: (row.profile ?? undefined) as Prisma.InputJsonValue | undefined,
        schemaDiff: (diff ?? undefined) as Prisma.InputJsonValue | undefined,
        schemaChange: isSchemaChange(diff),
        publishedById: row.uploaderId,
      };
    });
}

// Dates serialize as ISO strings in UTC, which is how Prisma stores `timestamp(3)` columns.
const INSERT_TICKS = `INSERT INTO "PriceTick" ("id", "contractId", "price", "source", "createdAt")
  SELECT t."id", t."contractId", t."price", t."source"::"PriceTickSource", t."createdAt"
  FROM jsonb_to_recordset($1::jsonb) AS t("id" text, "contractId" text, "price" numeric, "source" text, "createdAt" timestamp(3))`;
const INSERT_STATUS_CHANGES = `INSERT INTO "StatusChange" ("id", "subject", "subjectId", "fromStatus", "toStatus", "actorId", "note", "createdAt")
  SELECT t."id", t."subject"::"StatusSubject", t."subjectId", t."fromStatus", t."toStatus", t."actorId", t."note", t."createdAt"
  FROM jsonb_to_recordset($1::jsonb)
    AS t("id" text, "subject" text, "subjectId" text, "fromStatus" text, "toStatus" text, "actorId" text, "note" text, "createdAt" timestamp(3))`;

/** UUID version 7 with the row's own timestamp, so ids sort like createdAt. */
function uuid7(ms: number): string {
  const b = crypto.randomBytes(16);
  let t = Math.max(0, Math.floor(ms));
  for (let i = 5; i >= 0; i--) {
    b[i] = t % 256;
    t = Math.floor(t / 256);
  }
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

// The plan's random walk of prices works in whole cents as plain numbers (far below 2^53); every
// amount is written through the money rules (api/domain/money/money.ts).
const toCents = (amount: string): number => Number(parseMoney(amount));
const money = (cents: number): string => decimalString(BigInt(cents));

const slug = (s: string) =>
  s.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60).replace(/-$/, '');
const at = (ms: number) => new Date(Math.round(ms));

function accessUrl(t: ListingTemplate, provider: string): string {
  const s = slug(t.title);
  switch (t.delivery) {
    case 'api':
      return `https://data.example.com/api/v1/${provider}/${s}`;
    case 'stream':
      return `https://data.example.com/stream/${provider}/${s}`;
    case 's3':
      return `https://data.example.com/s3/${provider}/${s}/`;
    case 'download':
      return `https://data.example.com/downloads/${provider}/${s}.zip`;
  }
}

function sampleRows(t: ListingTemplate, seed: number, anchor: number): Record<string, Cell>[] {
  const r = new Rng(seed);
  const rows = r.int(3, 5);
  const offset = r.int(0, 5);
  const out: Record<string, Cell>[] = [];
  for (let row = 0; row < rows; row++) {
    const ctx: RowContext = { row, offset, anchor, step: t.step ?? 60, cur: {} };
    for (const field of t.fields) {
      const gen = t.gen?.[field] ?? FIELD_GENERATORS[field];
      if (!gen) throw new Error(`demo data: no generator for field ${field} (${t.title})`);
      ctx.cur[field] = gen(r, ctx);
    }
    out.push(ctx.cur);
  }
  return out;
}

/** A listing's uploaded file: `rows` generated rows of its fields as CSV (RFC 4180 quoting). */
function csvFile(t: ListingTemplate, seed: number, anchor: number, rows: number): Buffer {
  const r = new Rng(seed);
  const cell = (v: Cell) => {
    const text = v === null ? '' : String(v);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [t.fields.join(',')];
  for (let row = 0; row < rows; row++) {
    const ctx: RowContext = { row, offset: 0, anchor, step: t.step ?? 60, cur: {} };
    for (const field of t.fields) ctx.cur[field] = (t.gen?.[field] ?? FIELD_GENERATORS[field]!)(r, ctx);
    lines.push(t.fields.map((f) => cell(ctx.cur[f] ?? null)).join(','));
  }
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

type UserRow = Prisma.UserCreateManyInput & { id: string; createdAt: Date };
type ContractPlan = {
  row: Prisma.ContractCreateManyInput & { id: string; providerId: string };
  template: ListingTemplate;
  listCents: number;
  reviewedAt: number;
  sales: { at: number; cents: number; used: boolean }[];
};

// ---------------------------------------------------------------- the plan

function buildDemoPlan(now: number, adminHash: string, userHash: string, withFiles: boolean) {
  const rng = new Rng(0xda7a_0917);
  const startOfDay = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  const when = (lo: number, hi: number) => lo + rng.next() * Math.max(0, hi - lo);

  const users: UserRow[] = [];
  const applications: Prisma.DueDiligenceApplicationCreateManyInput[] = [];
  const contracts: Prisma.ContractCreateManyInput[] = [];
  const ticks: Prisma.PriceTickCreateManyInput[] = [];
  const bids: Prisma.BidCreateManyInput[] = [];
  const payments: Prisma.PaymentCreateManyInput[] = [];
  const purchases: Prisma.PurchaseCreateManyInput[] = [];
  const reviews: Prisma.ReviewCreateManyInput[] = [];
  const statusChanges: Prisma.StatusChangeCreateManyInput[] = [];
  // A file with the release it is (release 1 of an approved listing, or a later one); none while the listing waits for review.
  const uploads: { row: Prisma.DataFileCreateManyInput & { storageKey: string }; contract: Prisma.ContractCreateManyInput; bytes: Buffer; release: DemoRelease | null }[] = [];
  const apiKeys: Prisma.ApiKeyCreateManyInput[] = [];
  const apiKeyUsages: Prisma.ApiKeyUsageCreateManyInput[] = [];
  const disputes: Prisma.DisputeCreateManyInput[] = [];
  const jobs: Prisma.JobCreateManyInput[] = [];
  const confirmedUpdates: Prisma.ContractReleaseCreateManyInput[] = [];

  // ---- users
  const adminCreated = now - 1100 * DAY;
  const admin: UserRow = {
    id: uuid7(adminCreated),
    name: DEMO_ADMIN.name,
    email: DEMO_ADMIN.email,
    username: ADMIN_USERNAME,
    passwordHash: adminHash,
    emailVerifiedAt: at(adminCreated + 5 * MINUTE),
    isAdmin: true,
    dueDiligenceStatus: 'not_applicable',
    lastActiveAt: at(now - 2 * HOUR),
    createdAt: at(adminCreated),
    updatedAt: at(now),
  };
  users.push(admin);

  const demoUser = (name: string, username: string, createdAt: number, status: UserRow['dueDiligenceStatus']): UserRow => ({
    id: uuid7(createdAt),
    name,
    email: `${username}${EMAIL_DOMAIN}`,
    username,
    passwordHash: userHash,
    emailVerifiedAt: at(createdAt + rng.int(2, 40) * MINUTE),
    dueDiligenceStatus: status,
    lastActiveAt: at(now - rng.float(0.5, 72) * HOUR),
    createdAt: at(createdAt),
    updatedAt: at(now),
  });

  const providerByKey = new Map<string, UserRow>();
  for (const p of PROVIDERS) {
    const created = now - p.memberDaysAgo * DAY - rng.float(0, 20) * HOUR;
    const user = demoUser(p.name, p.username, created, p.status);
    users.push(user);
    providerByKey.set(p.key, user);

    const submittedAt = p.status === 'approved' ? created + rng.float(1, 4) * DAY : created + rng.float(1, 6) * HOUR;
    const reviewedAt = p.status === 'approved' ? submittedAt + rng.float(2, 5) * DAY : null;
    const website = p.website;
    const host = new URL(website).hostname.replace(/^www\./, '');
    const appId = uuid7(submittedAt);
    applications.push({
      id: appId,
      userId: user.id,
      status: p.status,
      legalBusinessName: p.legalName,
      businessType: p.businessType,
      businessAddress: p.address,
      businessEmail: `compliance@${host}`,
      businessPhone: p.phone,
      businessWebsite: website,
      businessDescription: p.description,
      dataTypes: [...p.dataTypes],
      dataSources: p.dataSources,
      dataCollectionMethods: p.collection,
      dataVolume: p.volume,
      dataFrequency: p.frequency,
      revenueRange: p.revenue,
      employeeCount: p.employees,
      yearsInBusiness: p.years,
      complianceCertificates: [...p.certificates],
      hasDataPrivacyPolicy: true,
      gdprCompliant: p.eu === true || p.certificates.includes('GDPR'),
      ccpaCompliant: p.eu !== true || p.certificates.includes('CCPA'),
      hasUserConsent: true,
      hasDataProcessingAgreements: p.status !== 'submitted',
      dataStorageSecurity: p.storage,
      dataTransferSecurity: 'TLS 1.3 for every transfer; SFTP with key-based authentication for bulk deliveries',
      businessRegistrationNumber: p.registration,
      taxId: p.taxId,
      consentDocumentation: 'Consent records, licences and data-sharing agreements are retained for seven years and available on request.',
      dataQualityMetrics: '99.9% completeness on mandatory fields, duplicate rate below 0.1%, monthly accuracy audits against source.',
      dataValidationProcess: 'Schema validation at ingestion, automated drift and gap detection, manual QA on a 1% sample of every release.',
      businessLicense: `BL-${rng.digits(7)}`,
      insuranceCertificate: `Cyber liability and E&O cover, ${p.eu ? 'EUR' : 'USD'} ${rng.pick([2, 5, 10])} million`,
      clientReferences: [...p.references],
      reviewNotes: reviewedAt ? 'Approved after review' : null,
      reviewedById: reviewedAt ? admin.id : null,
      reviewedAt: reviewedAt ? at(reviewedAt) : null,
      submittedAt: at(submittedAt),
      updatedAt: at(reviewedAt ?? (p.status === 'under_review' ? submittedAt + 2 * DAY : submittedAt)),
    });
    statusChanges.push({ id: uuid7(submittedAt), subject: 'application', subjectId: appId, fromStatus: null, toStatus: 'submitted', actorId: user.id, createdAt: at(submittedAt) });
    if (reviewedAt) {
      statusChanges.push({ id: uuid7(reviewedAt), subject: 'application', subjectId: appId, fromStatus: 'submitted', toStatus: 'approved', actorId: admin.id, note: 'Approved after review', createdAt: at(reviewedAt) });
    } else if (p.status === 'under_review') {
      const t = submittedAt + 2 * DAY;
      statusChanges.push({ id: uuid7(t), subject: 'application', subjectId: appId, fromStatus: 'submitted', toStatus: 'under_review', actorId: admin.id, createdAt: at(t) });
    }
  }

  const buyers = BUYERS.map((b) => demoUser(b.name, b.username, now - rng.float(95, 700) * DAY, 'not_started'));
  users.push(...buyers);
  const demoBuyer = buyers[0]!;
  // A handful of people are on the floor right now ("active users").
  for (const u of rng.shuffle(users.filter((u) => !u.isAdmin)).slice(0, 5)) u.lastActiveAt = at(now - rng.float(0.5, 10) * MINUTE);

  // ---- contracts and their price history
  const plans: ContractPlan[] = [];
  let index = 0;
  for (const [category, templates] of Object.entries(LISTINGS) as [Prisma.ContractCreateManyInput['category'], ListingTemplate[]][]) {
    for (const t of templates) {
      index++;
      const provider = providerByKey.get(t.provider);
      if (!provider) throw new Error(`demo data: unknown provider ${t.provider}`);
      const status = t.status ?? 'active';
      const createdAt =
        status === 'active' ? now - rng.float(6, 90) * DAY : status === 'pending_review' ? now - rng.float(2, 72) * HOUR : now - rng.float(10, 20) * DAY;
      const reviewedAt = status === 'pending_review' ? null : createdAt + rng.float(0.5, 3) * DAY;
      const listCents = toCents(t.price);
      const anchor = Math.floor((createdAt - 2 * DAY) / DAY) * DAY + 14.5 * HOUR;
      const sampleData = sampleRows(t, 1000 + index, anchor);
      const id = uuid7(createdAt);
      const row: ContractPlan['row'] = {
        id,
        providerId: provider.id,
        title: t.title,
        description: describeListing(t),
        category,
        status,
        price: t.price,
        marketPrice: t.price,
        pricingModel: t.pricing,
        updateFrequency: t.frequency,
        recordCount: t.records,
        fieldCount: t.fields.length,
        dataFormat: t.format,
        deliveryMethod: t.delivery,
        sampleSize: sampleSizeFor(t, sampleData.length),
        geographicCoverage: t.coverage,
        dataSource: t.source,
        dataAccessType: 'external_link',
        dataAccessUrl: accessUrl(t, provider.username),
        accessInstructions: accessInstructionsFor(t),
        complianceAcknowledged: true,
        qualityAcknowledged: true,
        legalAcknowledged: true,
        sampleData,
        dataFields: [...t.fields],
        isEnterprise: t.enterprise ?? false,
        reviewNotes: status === 'active' ? 'Approved after review' : null,
        rejectionReason: status === 'rejected' ? 'Does not meet quality standards' : null,
        reviewedById: reviewedAt ? admin.id : null,
        reviewedAt: reviewedAt ? at(reviewedAt) : null,
        createdAt: at(createdAt),
        updatedAt: at(reviewedAt ?? createdAt),
      };
      contracts.push(row);
      if (t.uploadRows && withFiles) {
        // A real file the provider uploaded with the listing: downloads and streams serve it.
        const bytes = csvFile(t, 5000 + index, anchor, t.uploadRows);
        const fileId = uuid7(createdAt - 10 * MINUTE);
        row.dataAccessType = 'both';
        uploads.push({
          row: {
            id: fileId,
            contractId: id,
            uploaderId: provider.id,
            kind: 'data',
            fileName: `${slug(t.title)}.csv`,
            contentType: 'text/csv',
            size: BigInt(bytes.length),
            sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
            storageKey: `uploads/${provider.id}/${fileId}.csv`,
            createdAt: at(createdAt - 10 * MINUTE),
          },
          contract: row,
          bytes,
          // Approval made the file release 1, as reviewListing does (docs/decisions.md "Issue 26: releases").
          release: reviewedAt ? { sequence: 1, version: '1', notes: null, publishedAt: at(reviewedAt) } : null,
        });
      }
      statusChanges.push({ id: uuid7(createdAt), subject: 'contract', subjectId: id, fromStatus: null, toStatus: 'pending_review', actorId: provider.id, createdAt: at(createdAt) });
      if (reviewedAt) {
        statusChanges.push({
          id: uuid7(reviewedAt), subject: 'contract', subjectId: id, fromStatus: 'pending_review', toStatus: status, actorId: admin.id,
          note: status === 'active' ? 'Approved after review' : 'Does not meet quality standards', createdAt: at(reviewedAt),
        });
      }

      // The listing tick: the market price starts at the list price.
      ticks.push({ id: uuid7(createdAt), contractId: id, price: t.price, source: 'listing', createdAt: at(createdAt) });
      const plan: ContractPlan = { row, template: t, listCents, reviewedAt: reviewedAt ?? createdAt, sales: [] };
      plans.push(plan);
      if (status !== 'active') continue;
      if (!(t.uploadRows && withFiles)) {
        // a link listing's provider confirms its updates (api/demo/demo-updates.ts)
        const kept = demoConfirmedUpdates({ id, providerId: provider.id, frequency: t.frequency, onSaleSince: reviewedAt!, index }, now, uuid7);
        confirmedUpdates.push(...kept.releases);
        jobs.push(...kept.jobs);
      }

      // Sales: a random walk around the list price, +-2% a step, most of it in the past 60 days and
      // a few trades in the last 24 hours for most contracts.
      const total = rng.int(20, 60);
      const recent = rng.chance(0.85) ? rng.int(2, 4) : 0;
      const times: number[] = [];
      if (recent > 0 && rng.chance(0.6)) times.push(when(Math.max(startOfDay, now - 23 * HOUR), now - 30_000));
      while (times.length < recent) times.push(when(now - 23.5 * HOUR, now - MINUTE));
      const from = Math.max(reviewedAt! + HOUR, now - 60 * DAY);
      while (times.length < total - 1) times.push(when(from, now - ESCROW_WINDOW - 30 * MINUTE));
      times.sort((a, b) => a - b);
      let cents = listCents;
      const drift = rng.float(-0.002, 0.003);
      for (const time of times) {
        const step = rng.float(-0.02, 0.02) + drift + (0.05 * (listCents - cents)) / listCents;
        cents = Math.max(100, Math.round(cents * (1 + step)));
        plan.sales.push({ at: time, cents, used: false });
        ticks.push({ id: uuid7(time), contractId: id, price: money(cents), source: 'sale', createdAt: at(time) });
      }
      const last = plan.sales[plan.sales.length - 1]!;
      row.marketPrice = money(last.cents);
      row.updatedAt = at(Math.max(reviewedAt!, last.at));
    }
  }
  const active = plans.filter((p) => p.row.status === 'active');
  const meridian = providerByKey.get(PROVIDERS[0]!.key)!; // the demo provider
  const isDemoProvider = (x: { p: ContractPlan }) => x.p.row.providerId === meridian.id;

  // ---- trades: each payment is one of the sale ticks
  const owned = new Set<string>(); // buyerId:contractId
  const sellerOf = (p: ContractPlan) => p.row.providerId;
  const addPayment = (p: ContractPlan, sale: ContractPlan['sales'][number], buyer: UserRow, released: boolean) => {
    sale.used = true;
    owned.add(`${buyer.id}:${p.row.id}`);
    const escrowStartedAt = sale.at;
    const createdAt = escrowStartedAt - rng.int(20, 180) * 1000;
    const releasedAt = released ? escrowStartedAt + ESCROW_WINDOW : null;
    const amounts = paymentAmountStrings(BigInt(sale.cents));
    const paymentId = uuid7(createdAt);
    payments.push({
      id: paymentId,
      contractId: p.row.id,
      buyerId: buyer.id,
      sellerId: sellerOf(p),
      ...amounts,
      paymentMethod: rng.weighted([['card', 70], ['bank_transfer', 20], ['crypto', 10]] as const),
      status: released ? 'released' : 'escrowed',
      stripePaymentIntentId: `pi_sim_${rng.alnum(24)}`,
      escrowStartedAt: at(escrowStartedAt),
      releasedAt: releasedAt ? at(releasedAt) : null,
      createdAt: at(createdAt),
      updatedAt: at(releasedAt ?? escrowStartedAt),
    });
    // As the services write it: the confirmation claims the payment, the provider answers ~2 s later.
    const claimedAt = escrowStartedAt - 2000;
    statusChanges.push({ id: uuid7(claimedAt), subject: 'payment', subjectId: paymentId, fromStatus: 'pending', toStatus: 'processing', actorId: buyer.id, createdAt: at(claimedAt) });
    statusChanges.push({ id: uuid7(escrowStartedAt), subject: 'payment', subjectId: paymentId, fromStatus: 'processing', toStatus: 'escrowed', actorId: buyer.id, createdAt: at(escrowStartedAt) });
    if (releasedAt) statusChanges.push({ id: uuid7(releasedAt), subject: 'payment', subjectId: paymentId, fromStatus: 'escrowed', toStatus: 'released', actorId: null, note: 'Escrow window ended without a dispute', createdAt: at(releasedAt) });

    const accessDays = ACCESS_DAYS[p.template.pricing];
    const downloads = released ? rng.int(1, 14) : rng.int(0, 2);
    const purchaseId = uuid7(escrowStartedAt);
    purchases.push({
      id: purchaseId,
      buyerId: buyer.id,
      contractId: p.row.id,
      paymentId,
      status: 'active',
      amount: amounts.amount,
      purchaseDate: at(escrowStartedAt),
      accessExpiresAt: accessDays ? at(escrowStartedAt + accessDays * DAY) : null,
      downloadCount: downloads,
      lastAccessedAt: downloads > 0 ? at(when(escrowStartedAt + 2 * MINUTE, now - MINUTE)) : null,
    });
    // Its purchase's history, as the services write it: pending with the payment, active at escrow.
    statusChanges.push({ id: uuid7(createdAt), subject: 'purchase', subjectId: purchaseId, fromStatus: null, toStatus: 'pending', actorId: buyer.id, createdAt: at(createdAt) });
    statusChanges.push({ id: uuid7(escrowStartedAt), subject: 'purchase', subjectId: purchaseId, fromStatus: 'pending', toStatus: 'active', actorId: buyer.id, note: 'Paid: the money is in escrow', createdAt: at(escrowStartedAt) });
    return { purchaseId, releasedAt, p, buyer };
  };
  const freeBuyer = (p: ContractPlan, prefer?: UserRow) => {
    if (prefer && !owned.has(`${prefer.id}:${p.row.id}`)) return prefer;
    const candidates = buyers.filter((b) => !owned.has(`${b.id}:${p.row.id}`));
    return candidates.length ? rng.pick(candidates) : null;
  };

  // The demo buyer's data set with a real file, paid a couple of hours ago: in escrow, access live,
  // an API key issued the way escrow issues one (its hash stored; the full key was shown once, so
  // the library shows its prefix and Rotate issues a new one), its release job scheduled.
  const uploaded = active.find((p) => p.template.uploadRows && p.row.providerId === meridian.id);
  if (uploaded) {
    let sale = [...uploaded.sales].reverse().find((s) => s.at > now - 20 * HOUR && s.at < now - 30 * MINUTE);
    if (!sale) {
      const last = uploaded.sales[uploaded.sales.length - 1];
      const time = now - 2 * HOUR;
      sale = { at: time, cents: last?.cents ?? uploaded.listCents, used: false };
      uploaded.sales.push(sale);
      ticks.push({ id: uuid7(time), contractId: uploaded.row.id, price: money(sale.cents), source: 'sale', createdAt: at(time) });
      uploaded.row.marketPrice = money(sale.cents);
      uploaded.row.updatedAt = at(time);
    }
    // Its release 2 (more rows, with notes), published before the demo buyer's purchase: a
    // one-time purchase includes both, so the library offers a choice.
    const first = uploads.find((u) => u.contract === uploaded.row);
    if (first?.release) {
      const publishedAt = Math.max(uploaded.reviewedAt + HOUR, now - 3 * DAY);
      const bytes = csvFile(uploaded.template, 7000, Math.floor((publishedAt - 2 * DAY) / DAY) * DAY + 14.5 * HOUR, uploaded.template.uploadRows! + 500);
      const fileId = uuid7(publishedAt - 10 * MINUTE);
      uploads.push({
        row: {
          ...first.row,
          id: fileId,
          fileName: first.row.fileName.replace(/\.csv$/, '-2.csv'),
          size: BigInt(bytes.length),
          sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
          storageKey: `uploads/${uploaded.row.providerId}/${fileId}.csv`,
          createdAt: at(publishedAt - 10 * MINUTE),
        },
        contract: uploaded.row,
        bytes,
        release: { sequence: 2, version: '2', notes: '500 more default events from the latest court publications; corrected two duplicate filings.', publishedAt: at(publishedAt) },
      });
    }
    const bought = addPayment(uploaded, sale, demoBuyer, false);
    const key = generateApiKey();
    apiKeys.push({ id: uuid7(sale.at), purchaseId: bought.purchaseId, userId: demoBuyer.id, prefix: key.prefix, keyHash: key.keyHash, createdAt: at(sale.at) });
  }

  // In escrow now (the last 24 hours), some of them since midnight UTC ("volume today").
  const recentSales = rng.shuffle(active.flatMap((p) => p.sales.filter((s) => s.at > now - ESCROW_WINDOW + MINUTE).map((s) => ({ p, s }))));
  const todaySales = recentSales.filter(({ s }) => s.at >= startOfDay);
  const escrowPicks = [...todaySales.slice(0, ESCROWED_TODAY), ...recentSales.filter(isDemoProvider).slice(0, 1), ...recentSales];
  const escrowContracts = new Set<string>(uploaded ? [uploaded.row.id] : []);
  for (const { p, s } of escrowPicks) {
    if (payments.length >= ESCROWED_PAYMENTS) break;
    if (s.used || escrowContracts.has(p.row.id)) continue;
    const buyer = freeBuyer(p, payments.length === 0 ? demoBuyer : undefined);
    if (!buyer) continue;
    escrowContracts.add(p.row.id);
    addPayment(p, s, buyer, false);
  }

  // One of them is under dispute: another buyer found the data short and asked for a refund within
  // the window, after downloading it (the access log is the administrator's evidence).
  const disputed = payments.find((pay) => pay.status === 'escrowed' && pay.buyerId !== demoBuyer.id && new Date(pay.escrowStartedAt!).getTime() < now - 3 * HOUR);
  if (disputed) {
    const escrowAt = new Date(disputed.escrowStartedAt!).getTime();
    const openedAt = when(escrowAt + HOUR, Math.min(escrowAt + 6 * HOUR, now - 30 * MINUTE));
    disputed.status = 'disputed';
    disputed.updatedAt = at(openedAt);
    const disputeId = uuid7(openedAt);
    disputes.push({ id: disputeId, paymentId: disputed.id!, raisedById: disputed.buyerId, reason: DISPUTE.reason, description: DISPUTE.description, status: 'open', createdAt: at(openedAt) });
    statusChanges.push({ id: uuid7(openedAt), subject: 'dispute', subjectId: disputeId, fromStatus: null, toStatus: 'open', actorId: disputed.buyerId, note: DISPUTE.reason, createdAt: at(openedAt) });
    statusChanges.push({ id: uuid7(openedAt), subject: 'payment', subjectId: disputed.id!, fromStatus: 'escrowed', toStatus: 'disputed', actorId: disputed.buyerId, note: DISPUTE.reason, createdAt: at(openedAt) });
    const purchase = purchases.find((pu) => pu.paymentId === disputed.id)!;
    const key = generateApiKey();
    const keyId = uuid7(escrowAt);
    const used = escrowAt + 20 * MINUTE;
    apiKeys.push({ id: keyId, purchaseId: purchase.id!, userId: disputed.buyerId, prefix: key.prefix, keyHash: key.keyHash, createdAt: at(escrowAt), lastUsedAt: at(used + 40 * MINUTE) });
    const use = (t: number, action: 'access' | 'download' | 'stream', bytes: number, outcome: string, statusCode: number) =>
      apiKeyUsages.push({ id: uuid7(t), apiKeyId: keyId, purchaseId: purchase.id!, action, bytes: BigInt(bytes), outcome, statusCode, ip: '203.0.113.42', createdAt: at(t) });
    use(used, 'access', 0, 'ok', 200);
    use(used + 2 * MINUTE, 'download', 1_843_220, 'ok', 200);
    use(used + 25 * MINUTE, 'stream', 412_006, 'aborted', 200);
    use(used + 40 * MINUTE, 'download', 1_843_220, 'ok', 200);
    purchase.downloadCount = 2;
    purchase.lastAccessedAt = at(used + 40 * MINUTE);
  }
  // Escrowed payments are released by the job runner 24 hours after escrow, as if paid through the app.
  for (const pay of payments) {
    if (pay.status !== 'escrowed') continue;
    const escrowAt = new Date(pay.escrowStartedAt!).getTime();
    jobs.push({ id: uuid7(escrowAt), kind: RELEASE_JOB, key: releaseJobKey(pay.id!), runAt: at(escrowAt + ESCROW_WINDOW), payload: { paymentId: pay.id! }, createdAt: at(escrowAt) });
  }

  // Released: older than the escrow window; subscriptions bought within their access period.
  const releasable = (p: ContractPlan, s: ContractPlan['sales'][number]) =>
    !s.used &&
    s.at <= now - ESCROW_WINDOW - 5 * MINUTE &&
    (p.template.pricing !== 'monthly_subscription' || s.at >= now - 29 * DAY);
  const released: ReturnType<typeof addPayment>[] = [];
  const olderSales = rng.shuffle(active.flatMap((p) => p.sales.filter((s) => releasable(p, s)).map((s) => ({ p, s }))));
  // The demo provider's dashboard should have a track record to show.
  olderSales.unshift(...olderSales.filter(isDemoProvider).slice(0, 8));
  const perContract = new Map<string, number>();
  for (const { p, s } of olderSales) {
    if (released.length >= RELEASED_PAYMENTS) break;
    if (s.used || (perContract.get(p.row.id) ?? 0) >= 3) continue;
    const buyer = freeBuyer(p, released.length < 3 ? demoBuyer : undefined);
    if (!buyer) continue;
    perContract.set(p.row.id, (perContract.get(p.row.id) ?? 0) + 1);
    released.push(addPayment(p, s, buyer, true));
  }

  // ---- reviews for about half of the released purchases (the demo buyer left one of three)
  let demoBuyerReleased = 0;
  for (const r of released) {
    const isDemo = r.buyer.id === demoBuyer.id;
    const write = isDemo ? demoBuyerReleased++ === 0 : rng.chance(0.5);
    if (!write || r.releasedAt === null) continue;
    const rating = rng.weighted([[5, 45], [4, 35], [3, 15], [2, 5]] as const);
    let createdAt = r.releasedAt + rng.float(0.5, 96) * HOUR;
    if (createdAt > now - MINUTE) createdAt = r.releasedAt + (now - r.releasedAt) / 2;
    reviews.push({
      id: uuid7(createdAt),
      purchaseId: r.purchaseId,
      reviewerId: r.buyer.id,
      providerId: sellerOf(r.p),
      contractId: r.p.row.id,
      rating,
      text: rng.pick(REVIEW_TEXTS[rating]!),
      createdAt: at(createdAt),
    });
  }

  // ---- open bids: the bid side of the book, a bit below the market price
  const bidPairs = new Set<string>();
  const bidTargets = [
    ...rng.shuffle(active.filter((p) => p.row.providerId === meridian.id)).slice(0, 3),
    ...rng.shuffle(active),
  ];
  for (const p of bidTargets) {
    if (bids.length >= OPEN_BIDS) break;
    const candidates = buyers.filter((b) => !owned.has(`${b.id}:${p.row.id}`) && !bidPairs.has(`${b.id}:${p.row.id}`));
    if (!candidates.length) continue;
    const bidder = bids.length >= 3 && bids.length < 5 && candidates.includes(demoBuyer) ? demoBuyer : rng.pick(candidates);
    bidPairs.add(`${bidder.id}:${p.row.id}`);
    const market = toCents(String(p.row.marketPrice));
    let amount = Math.round(market * rng.float(0.85, 0.97));
    if (amount >= 10_000) amount = Math.round(amount / 100) * 100;
    const createdAt = when(Math.max(p.reviewedAt + HOUR, now - 10 * DAY), now - 20 * MINUTE);
    const bidId = uuid7(createdAt);
    bids.push({
      id: bidId,
      contractId: p.row.id,
      bidderId: bidder.id,
      amount: money(Math.max(100, amount)),
      message: rng.pick(BID_MESSAGES),
      status: 'open',
      createdAt: at(createdAt),
    });
    // Every stateful record starts its history the way the services write it.
    statusChanges.push({ id: uuid7(createdAt), subject: 'bid', subjectId: bidId, fromStatus: null, toStatus: 'open', actorId: bidder.id, createdAt: at(createdAt) });
  }

  // ---- figures on the users, computed from the rows above
  const byId = new Map(users.map((u) => [u.id, u]));
  const ratings = new Map<string, number[]>();
  for (const r of reviews) ratings.set(r.providerId, [...(ratings.get(r.providerId) ?? []), r.rating]);
  for (const [providerId, list] of ratings) {
    const u = byId.get(providerId)!;
    const sum = list.reduce((s, x) => s + x, 0);
    const hundredths = Math.floor((sum * 200 + list.length) / (2 * list.length)); // half-up
    u.rating = money(hundredths);
    u.reviewCount = list.length;
  }
  // One trade count (docs/decisions.md): a trade for the buyer and the seller of each paid
  // payment, a completed sale for the seller (the payments each listing's salesCount counts).
  for (const pay of payments) {
    if (!isPaidPayment(pay.status as PaymentStatus)) continue;
    const seller = byId.get(pay.sellerId)!;
    const buyer = byId.get(pay.buyerId)!;
    seller.tradeCount = (seller.tradeCount ?? 0) + 1;
    seller.completedSales = (seller.completedSales ?? 0) + 1;
    buyer.tradeCount = (buyer.tradeCount ?? 0) + 1;
  }

  // ---- a conversation about one of the demo provider's contracts
  const topic = active.find((p) => p.row.providerId === meridian.id)!;
  const sentTimes = [now - 26 * HOUR, now - 25 * HOUR + rng.int(0, 30) * MINUTE, now - 3 * HOUR - rng.int(0, 60) * MINUTE];
  const conversationId = uuid7(sentTimes[0]!);
  const conversations: Prisma.ConversationCreateManyInput[] = [
    { id: conversationId, contractId: topic.row.id, createdAt: at(sentTimes[0]!), lastMessageAt: at(sentTimes[2]!) },
  ];
  const participants: Prisma.ConversationParticipantCreateManyInput[] = [
    { conversationId, userId: demoBuyer.id, lastReadAt: at(sentTimes[2]!) },
    { conversationId, userId: meridian.id, lastReadAt: at(sentTimes[1]!) },
  ];
  const messages: Prisma.MessageCreateManyInput[] = CONVERSATION.map((m, i) => {
    const fromBuyer = m.from === 'buyer';
    const next = sentTimes[i + 1];
    return {
      id: uuid7(sentTimes[i]!),
      conversationId,
      senderId: fromBuyer ? demoBuyer.id : meridian.id,
      recipientId: fromBuyer ? meridian.id : demoBuyer.id,
      content: m.text,
      sentAt: at(sentTimes[i]!),
      readAt: next ? at(next - 5 * MINUTE) : null, // the provider has not read the last one yet
    };
  });

  // ---- support: one open ticket from a buyer, one in progress from a provider
  const tickets: Prisma.SupportTicketCreateManyInput[] = [];
  const supportMessages: Prisma.SupportMessageCreateManyInput[] = [];
  // The open ticket (a download problem) comes from a buyer who owns a subscription.
  const subscriber = released.find((r) => r.buyer.id !== demoBuyer.id && r.p.template.pricing !== 'one_time')?.buyer ?? buyers[3]!;
  const ticketOwners = [subscriber, providerByKey.get('northwind')!];
  SUPPORT_TICKETS.forEach((t, i) => {
    const owner = ticketOwners[i]!;
    const openedAt = now - (i === 0 ? 5 : 30) * HOUR - rng.int(0, 50) * MINUTE;
    const ticketId = crypto.randomUUID();
    let last = openedAt;
    t.messages.forEach((m, j) => {
      const sentAt = openedAt + j * (2 * HOUR + rng.int(0, 40) * MINUTE);
      last = sentAt;
      const fromAdmin = m.from === 'admin';
      supportMessages.push({
        id: uuid7(sentAt),
        ticketId,
        senderId: fromAdmin ? admin.id : owner.id,
        senderType: fromAdmin ? 'admin' : 'user',
        senderName: fromAdmin ? admin.name : owner.name,
        message: m.text,
        createdAt: at(sentAt),
      });
    });
    tickets.push({
      id: ticketId,
      userId: owner.id,
      name: owner.name,
      email: owner.email,
      subject: t.subject,
      priority: t.priority,
      status: t.status,
      assignedToId: t.status === 'in_progress' ? admin.id : null,
      createdAt: at(openedAt),
      updatedAt: at(last),
    });
    statusChanges.push({ id: uuid7(openedAt), subject: 'ticket', subjectId: ticketId, fromStatus: null, toStatus: 'open', actorId: owner.id, createdAt: at(openedAt) });
    if (t.status === 'in_progress') {
      statusChanges.push({ id: uuid7(last), subject: 'ticket', subjectId: ticketId, fromStatus: 'open', toStatus: 'in_progress', actorId: admin.id, createdAt: at(last) });
    }
  });

  // Subscriptions are told of their end ahead, as if bought through the app (payments.access.ts).
  for (const purchase of purchases) {
    const end = purchase.accessExpiresAt ? new Date(purchase.accessExpiresAt) : null;
    if (purchase.status !== 'active' || !end || end.getTime() <= now) continue;
    for (const r of accessReminders({ id: purchase.id!, accessExpiresAt: end }, new Date(now))) {
      jobs.push({ id: uuid7(new Date(purchase.purchaseDate!).getTime()), kind: ACCESS_REMINDER_JOB, key: r.key, runAt: r.runAt, payload: r.payload, createdAt: purchase.purchaseDate });
    }
  }

  return {
    users,
    applications,
    contracts,
    ticks,
    bids,
    payments,
    purchases,
    uploads,
    confirmedUpdates,
    apiKeys,
    apiKeyUsages,
    disputes,
    jobs,
    reviews,
    conversations,
    participants,
    messages,
    tickets,
    supportMessages,
    statusChanges,
  };
}
