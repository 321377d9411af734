import { encodeGlobalID, offsetToCursor } from '@pothos/plugin-relay';
import type { PrismaClient } from '../db/generated/prisma/client.ts';
import type { Category, UpdateFrequency } from '../db/generated/prisma/enums.ts';
import { hashPassword } from '../domain/accounts/password.ts';
import { STRONG_PASSWORD } from './harness.ts';

let passwordHash: Promise<string> | undefined;

/** A verified user straight in the database (password STRONG_PASSWORD). */
export async function makeUser(db: PrismaClient, username: string, extra: Partial<{ rating: string | null; reviewCount: number; dueDiligenceStatus: 'approved'; isAdmin: boolean }> = {}) {
  passwordHash ??= hashPassword(STRONG_PASSWORD);
  return db.user.create({
    data: { name: username, username, email: `${username}@example.com`, passwordHash: await passwordHash, emailVerifiedAt: new Date(), ...extra },
  });
}

/**
 * The roles of an authorization test: `prov` (an approved provider, returned), `other` (another
 * approved provider), `buyer`, and `boss` (an administrator).
 */
export async function makeRoles(db: PrismaClient) {
  const provider = await makeUser(db, 'prov', { dueDiligenceStatus: 'approved' });
  await makeUser(db, 'other', { dueDiligenceStatus: 'approved' });
  await makeUser(db, 'buyer');
  await makeUser(db, 'boss', { isAdmin: true });
  return { provider };
}

export interface ContractSpec {
  title: string;
  category: Category;
  price: string;
  updateFrequency?: UpdateFrequency;
  status?: 'active' | 'pending_review' | 'rejected';
  salesCount?: number;
  createdAt?: Date;
  description?: string;
  dataFields?: string[];
}

export async function makeContract(db: PrismaClient, providerId: string, spec: ContractSpec) {
  const fields = spec.dataFields ?? ['id', 'value'];
  return db.contract.create({
    data: {
      providerId,
      title: spec.title,
      description: spec.description ?? `${spec.title}: a carefully curated data set with documented provenance and fields.`,
      category: spec.category,
      status: spec.status ?? 'active',
      price: spec.price,
      marketPrice: spec.price,
      updateFrequency: spec.updateFrequency ?? 'daily',
      dataFields: fields,
      fieldCount: fields.length,
      sampleData: [Object.fromEntries(fields.map((f, i) => [f, i]))],
      recordCount: 1000,
      salesCount: spec.salesCount ?? 0,
      createdAt: spec.createdAt,
    },
  });
}

// Relay's own helpers, so tests build ids and cursors exactly as the schema does.
export const toGlobalId = (type: string, id: string) => encodeGlobalID(type, id);
export const offsetCursor = (offset: number) => offsetToCursor(offset);
