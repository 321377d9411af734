import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApp, type TestApp, logIn } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeUser } from '../../test/market-fixtures.ts';


export const VALID_APPLICATION = {
  businessName: 'Acme Data Labs',
  businessType: 'llc',
  businessAddress: '1 Market Street, San Francisco, CA',
  contactEmail: 'compliance@acme.example',
  contactPhone: '+1 415 555 0100',
  businessDescription: 'We collect and curate anonymized retail foot-traffic data from partner stores across the US.',
  website: 'https://acme.example',
  dataTypes: ['E-commerce & retail', 'Geolocation'],
  revenueRange: '500k_1m',
  employeeCount: '11_50',
  certifications: ['SOC 2 Type II', 'GDPR'],
  yearsInBusiness: 4,
  hasDataPrivacyPolicy: true,
  gdprCompliant: true,
  ccpaCompliant: false,
  hasUserConsent: true,
  hasDataProcessingAgreements: true,
};

describe.each(testDatabases())('due diligence on %s', (kind) => {
  let app: TestApp;
  const login = (username: string) => logIn(app, username);

  beforeAll(async () => {
    app = await startTestApp(kind);
    for (const u of ['applicant', 'other', 'racer']) await makeUser(app.database.prisma, u);
    await makeUser(app.database.prisma, 'boss', { isAdmin: true });
  });
  afterAll(async () => app?.close());

  it('needs a login', async () => {
    expect((await new Client(app).json('POST', '/api/due-diligence', VALID_APPLICATION)).status).toBe(401);
  });

  it.each([
    [{ businessName: 'A' }, 'Invalid application: Business name must be at least 2 characters'],
    [{ businessType: 'cooperative' }, 'Invalid application: Business type is required'],
    [{ businessAddress: 'short' }, 'Invalid application: Business address must be at least 10 characters'],
    [{ contactEmail: 'nope' }, 'Invalid application: Please enter a valid contact email'],
    [{ contactPhone: '12345' }, 'Invalid application: Phone number must be at least 10 characters'],
    [{ businessDescription: 'Too short.' }, 'Invalid application: Business description must be at least 50 characters'],
    [{ dataTypes: [] }, 'Invalid application: Select at least one data type'],
    [{ dataTypes: ['Gossip'] }, expect.stringMatching(/^Invalid application: Data types must be among/)],
    [{ yearsInBusiness: -1 }, 'Invalid application: Years in business must be at least 0'],
    [{ website: 'not a url' }, 'Invalid application: Website must be a valid URL (https://...) or empty'],
    [{ gdprCompliant: undefined }, 'Invalid application: please answer gdprCompliant (true or false)'],
    [{ revenueRange: 'lots' }, expect.stringMatching(/^Invalid application: Revenue range must be one of/)],
  ])('refuses %j with 400 and changes nothing', async (over, message) => {
    const client = await login('applicant');
    const res = await client.json('POST', '/api/due-diligence', { ...VALID_APPLICATION, ...over });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(message);
    expect(await app.database.prisma.dueDiligenceApplication.count()).toBe(0);
  });

  it('accepts an empty website and optional fields left out', async () => {
    const client = await login('other');
    const { revenueRange, employeeCount, certifications, yearsInBusiness, ...required } = VALID_APPLICATION;
    const res = await client.json('POST', '/api/due-diligence', { ...required, website: '' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ businessWebsite: null, revenueRange: null, complianceCertificates: [], yearsInBusiness: null, status: 'submitted' });
  });

  it('submits: status submitted, the user follows, history is kept; a second one is refused', async () => {
    const client = await login('applicant');
    const res = await client.json('POST', '/api/due-diligence', VALID_APPLICATION);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ legalBusinessName: 'Acme Data Labs', businessName: 'Acme Data Labs', status: 'submitted', revenueRange: '500k_1m', employeeCount: '11_50', complianceCertificates: ['SOC 2 Type II', 'GDPR'], ccpaCompliant: false });
    const status = await client.json('GET', '/api/due-diligence/status');
    expect(status.body).toMatchObject({ status: 'submitted', application: { id: res.body.id } });
    const again = await client.json('POST', '/api/due-diligence', VALID_APPLICATION);
    expect(again.status).toBe(409);
    const history = await app.database.prisma.statusChange.findMany({ where: { subjectId: res.body.id } });
    expect(history.map((h) => h.toStatus)).toEqual(['submitted']);
  });

  it('two racing submissions: one application', async () => {
    const client = await login('racer');
    const results = await Promise.all([1, 2].map(() => client.json('POST', '/api/due-diligence', VALID_APPLICATION)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const racer = await app.database.prisma.user.findUniqueOrThrow({ where: { username: 'racer' } });
    expect(await app.database.prisma.dueDiligenceApplication.count({ where: { userId: racer.id } })).toBe(1);
  });

  it('reads: own or admin only', async () => {
    const applicant = await app.database.prisma.user.findUniqueOrThrow({ where: { username: 'applicant' } });
    expect((await (await login('applicant')).json('GET', `/api/due-diligence/user/${applicant.id}`)).body.status).toBe('submitted');
    expect((await (await login('boss')).json('GET', `/api/due-diligence/user/${applicant.id}`)).body.legalBusinessName).toBe('Acme Data Labs');
    expect((await (await login('other')).json('GET', `/api/due-diligence/user/${applicant.id}`)).status).toBe(403);
    expect((await new Client(app).json('GET', `/api/due-diligence/user/${applicant.id}`)).status).toBe(401);
    expect((await (await login('other')).json('GET', '/api/due-diligence')).status).toBe(403);
    expect((await new Client(app).json('GET', '/api/due-diligence')).status).toBe(401);
    const all = await (await login('boss')).json('GET', '/api/due-diligence');
    expect(all.status).toBe(200);
    expect(all.body.length).toBe(3);
  });

  it('review: admin only, along the allowed transitions, with defaults, history and a mail', async () => {
    const application = await app.database.prisma.dueDiligenceApplication.findFirstOrThrow({ where: { legalBusinessName: 'Acme Data Labs', user: { username: 'applicant' } } });
    const path = `/api/due-diligence/${application.id}`;
    expect((await (await login('applicant')).json('PATCH', path, { status: 'approved' })).status).toBe(403);
    expect((await new Client(app).json('PATCH', path, { status: 'approved' })).status).toBe(401);
    const admin = await login('boss');
    expect((await admin.json('PATCH', path, { status: 'pending' })).status).toBe(400);
    expect((await admin.json('PATCH', '/api/due-diligence/unknown', { status: 'approved' })).status).toBe(404);
    const review = await admin.json('PATCH', path, { status: 'under_review' });
    expect(review.body.status).toBe('under_review');
    expect((await app.database.prisma.user.findUniqueOrThrow({ where: { username: 'applicant' } })).dueDiligenceStatus).toBe('under_review');
    const approved = await admin.json('PATCH', path, { status: 'approved' });
    expect(approved.body).toMatchObject({ status: 'approved', reviewNotes: 'Approved after review' });
    expect((await app.database.prisma.user.findUniqueOrThrow({ where: { username: 'applicant' } })).dueDiligenceStatus).toBe('approved');
    expect((await admin.json('PATCH', path, { status: 'rejected' })).status).toBe(409);
    expect(app.mailer.lastTo('applicant@example.com')?.subject).toBe('You are approved to sell on DATA PIT');
    const history = await app.database.prisma.statusChange.findMany({ where: { subjectId: application.id }, orderBy: { createdAt: 'asc' } });
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([[null, 'submitted'], ['submitted', 'under_review'], ['under_review', 'approved']]);
  });

  it('a rejected applicant sees the reason and may apply again', async () => {
    const other = await app.database.prisma.dueDiligenceApplication.findFirstOrThrow({ where: { user: { username: 'other' } } });
    const admin = await login('boss');
    const rejected = await admin.json('PATCH', `/api/due-diligence/${other.id}`, { status: 'rejected' });
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'Insufficient documentation' });
    expect(app.mailer.lastTo('other@example.com')?.text).toContain('Insufficient documentation');
    const client = await login('other');
    expect((await client.json('GET', '/api/due-diligence/status')).body.status).toBe('rejected');
    const again = await client.json('POST', '/api/due-diligence', { ...VALID_APPLICATION, businessName: 'Other Co' });
    expect(again.status).toBe(201);
    expect((await client.json('GET', '/api/due-diligence/status')).body.application.legalBusinessName).toBe('Other Co');
  });

  it('administrators are exempt', async () => {
    const res = await (await login('boss')).json('POST', '/api/due-diligence', VALID_APPLICATION);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Administrators are exempt from due diligence');
  });

  it('a body of the wrong types is a 400, never a 500', async () => {
    const res = await (await login('racer')).json('POST', '/api/due-diligence', { ...VALID_APPLICATION, yearsInBusiness: 'four', dataTypes: 'Healthcare' });
    expect(res.status).toBe(400);
  });
});
