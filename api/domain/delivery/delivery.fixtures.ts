import crypto from 'node:crypto';
import { Client, STRONG_PASSWORD, type TestApp } from '../../test/harness.ts';
import { makeContract } from '../../test/market-fixtures.ts';
import { issueApiKey } from './api-keys.ts';

// Purchases straight in the database for delivery tests: a listing with an uploaded file (through
// POST /api/uploads, as a provider does), a payment in a given status and the purchase it created.

export async function login(app: TestApp, username: string) {
  const client = new Client(app);
  const res = await client.json('POST', '/api/auth/login', { usernameOrEmail: username, password: STRONG_PASSWORD });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return client;
}

/** Uploads `content` as `fileName` through the upload route; returns the stored file's row. */
export async function uploadFile(app: TestApp, provider: Client, fileName: string, content: Buffer | string) {
  const boundary = `----pit${crypto.randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await provider.request('/api/uploads', { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
  const json = (await res.json()) as { id: string };
  if (res.status !== 201) throw new Error(`upload failed: ${JSON.stringify(json)}`);
  return app.database.prisma.dataFile.findUniqueOrThrow({ where: { id: json.id } });
}

export interface ListingSpec {
  providerId: string;
  title: string;
  fileId?: string;
  dataAccessType?: 'file_upload' | 'external_link' | 'both';
  dataAccessUrl?: string;
  accessInstructions?: string;
}

export async function makeListing(app: TestApp, spec: ListingSpec) {
  const db = app.database.prisma;
  const contract = await makeContract(db, spec.providerId, { title: spec.title, category: 'financial', price: '100.00' });
  await db.contract.update({
    where: { id: contract.id },
    data: { dataAccessType: spec.dataAccessType ?? 'file_upload', dataAccessUrl: spec.dataAccessUrl, accessInstructions: spec.accessInstructions },
  });
  if (spec.fileId) await db.dataFile.update({ where: { id: spec.fileId }, data: { contractId: contract.id } });
  return contract;
}

export interface PurchaseSpec {
  buyerId: string;
  contractId: string;
  sellerId: string;
  paymentStatus?: 'pending' | 'escrowed' | 'disputed' | 'released' | 'refunded';
  purchaseStatus?: 'pending' | 'active' | 'expired' | 'revoked';
  accessExpiresAt?: Date | null;
  /** Issue a key as escrow does (default true unless the payment is pending). */
  withKey?: boolean;
}

/** A payment and its purchase; with a key (returned in full) as escrow would issue. */
export async function makePurchase(app: TestApp, spec: PurchaseSpec) {
  const db = app.database.prisma;
  const paymentStatus = spec.paymentStatus ?? 'escrowed';
  const payment = await db.payment.create({
    data: {
      contractId: spec.contractId,
      buyerId: spec.buyerId,
      sellerId: spec.sellerId,
      amount: '100.00',
      fee: '2.50',
      total: '102.50',
      commission: '10.00',
      providerAmount: '90.00',
      paymentMethod: 'card',
      status: paymentStatus,
      escrowStartedAt: paymentStatus === 'pending' ? null : new Date(),
    },
  });
  const purchase = await db.purchase.create({
    data: {
      buyerId: spec.buyerId,
      contractId: spec.contractId,
      paymentId: payment.id,
      amount: '100.00',
      status: spec.purchaseStatus ?? (paymentStatus === 'pending' ? 'pending' : paymentStatus === 'refunded' ? 'revoked' : 'active'),
      accessExpiresAt: spec.accessExpiresAt ?? null,
    },
  });
  const withKey = spec.withKey ?? paymentStatus !== 'pending';
  const key = withKey ? await db.$transaction((tx) => issueApiKey(tx, { purchaseId: purchase.id, userId: spec.buyerId })) : null;
  return { payment, purchase, key };
}

/** The access-log rows of a purchase, oldest first; waits for `count` rows (they are written when a response ends). */
export async function usagesOf(app: TestApp, purchaseId: string, count = 0) {
  const db = app.database.prisma;
  for (let i = 0; i < 200; i++) {
    const rows = await db.apiKeyUsage.findMany({ where: { purchaseId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    if (rows.length >= count) return rows;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`fewer than ${count} access-log rows for ${purchaseId}`);
}

export const sha256 = (b: Buffer | string) => crypto.createHash('sha256').update(b).digest('hex');
