import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client, startTestApp, type TestApp, logIn } from '../test/harness.ts';
import { testDatabases } from '../test/databases.ts';
import { makeContract, makeUser } from '../test/market-fixtures.ts';

// A REST route that runs several GraphQL documents (a check then the change, or page after page)
// builds one context per HTTP request: one authentication, one viewer throughout.
const created = vi.hoisted(() => ({ count: 0 }));
vi.mock('../context.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../context.ts')>();
  return {
    ...original,
    createContext: (...args: Parameters<typeof original.createContext>) => {
      created.count++;
      return original.createContext(...args);
    },
  };
});

describe.each(testDatabases())('one GraphQL context per REST request on %s', (kind) => {
  let app: TestApp;
  let admin: Client;
  let buyer: Client;
  let contractId: string;

  const login = (username: string) => logIn(app, username);
  const contextsOf = async (request: () => Promise<{ status: number }>) => {
    const before = created.count;
    const res = await request();
    return { status: res.status, contexts: created.count - before };
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
    const db = app.database.prisma;
    await makeUser(db, 'boss', { isAdmin: true });
    await makeUser(db, 'buyer');
    const provider = await makeUser(db, 'prov', { dueDiligenceStatus: 'approved' });
    contractId = (await makeContract(db, provider.id, { title: 'Context Set', category: 'financial', price: '10.00' })).id;
    // More than one page (100) of applications: GET /api/due-diligence reads page after page.
    const applicants = await Promise.all(
      Array.from({ length: 130 }, (_, i) => db.user.create({ data: { name: `a${i}`, username: `applicant${i}`, email: `a${i}@example.com`, passwordHash: 'x' } })),
    );
    await db.dueDiligenceApplication.createMany({
      data: applicants.map((a) => ({
        userId: a.id,
        legalBusinessName: 'Acme',
        businessType: 'corporation',
        businessAddress: '1 Street',
        businessEmail: 'a@example.com',
        businessPhone: '+1 555 0100',
        businessDescription: 'We sell data sets with documented provenance.',
        dataTypes: [],
        complianceCertificates: [],
        clientReferences: [],
        hasDataPrivacyPolicy: true,
        gdprCompliant: true,
        ccpaCompliant: true,
        hasUserConsent: true,
        hasDataProcessingAgreements: true,
      })),
    });
    admin = await login('boss');
    buyer = await login('buyer');
  });
  afterAll(async () => app?.close());

  it('GET /api/due-diligence builds one context for all its pages', async () => {
    const res = await contextsOf(async () => {
      const r = await admin.json('GET', '/api/due-diligence');
      expect(r.body).toHaveLength(130);
      return r;
    });
    expect(res).toEqual({ status: 200, contexts: 1 });
  });

  it('POST /api/bids (who is asking, then the bid) builds one', async () => {
    expect(await contextsOf(() => buyer.json('POST', '/api/bids', { contractId, bidAmount: 5 }))).toEqual({ status: 201, contexts: 1 });
  });

  it('POST /api/due-diligence and POST /api/contracts build one', async () => {
    expect((await contextsOf(() => buyer.json('POST', '/api/due-diligence', { businessName: 'x' }))).contexts).toBe(1);
    expect((await contextsOf(() => buyer.json('POST', '/api/contracts', { title: 'x' }))).contexts).toBe(1);
  });
});
