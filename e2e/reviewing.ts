import crypto from 'node:crypto';
import type { APIRequestContext, Locator, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { createUser, expect, gql, type TestUser } from './fixtures.ts';

// What the back-office journeys share (compliance.spec.ts, compliance-listings.spec.ts): fresh
// applicants and providers made through the API, each in a request context of its own, the
// administrator's login, and the compliance dashboard's counters and rows.

export const ADMIN = { email: 'admin@datapit.demo', password: 'PitBoss#2026' };

/** api/domain/diligence/diligence.test.ts VALID_APPLICATION, with a volume for the simple list. */
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
  dataVolume: '~2.4M rows per month',
};

/** api/domain/listings/listings.test.ts LISTING (an external_link listing). */
export const LISTING = {
  title: 'EU Retail Foot Traffic',
  description: 'Hourly visitor counts for 2,400 retail locations across the EU, anonymized at the source.',
  category: 'Consumer Behavior',
  price: 450.5,
  dataFormat: 'csv',
  updateFrequency: 'hourly',
  sampleSize: '1,000 rows',
  geographicCoverage: 'European Union',
  dataSource: 'Partner store sensors, aggregated per hour',
  dataAccessType: 'external_link',
  dataAccessUrl: 'https://data.example.com/foot-traffic',
  accessInstructions: 'Use the API key sent after purchase.',
  complianceAcknowledged: true,
  qualityAcknowledged: true,
  legalAcknowledged: true,
};

export const uid = () => `${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`.toUpperCase();

export type Playwright = PlaywrightWorkerArgs['playwright'];

/** A request context with its own cookie jar (one per person). */
export async function session(playwright: Playwright, baseURL: string | undefined): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL });
}

export async function logIn(ctx: APIRequestContext, user: TestUser) {
  const res = await ctx.post('/api/auth/login', { data: { usernameOrEmail: user.username, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
}

export async function adminSession(playwright: Playwright, baseURL: string | undefined) {
  const ctx = await session(playwright, baseURL);
  const res = await ctx.post('/api/auth/login', { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
  return ctx;
}

export type Applicant = { ctx: APIRequestContext; user: TestUser; business: string; email: string; applicationId: string };

/** A fresh verified user with a submitted application (status 'submitted', shown 'Pending Review'). */
export async function freshApplicant(playwright: Playwright, baseURL: string | undefined, label = 'applicant'): Promise<Applicant> {
  const ctx = await session(playwright, baseURL);
  const user = await createUser(ctx, { verified: true, label });
  await logIn(ctx, user);
  const id = uid();
  const business = `Acme Data Labs ${id}`;
  const email = `compliance-${id.toLowerCase()}@acme.example`;
  const res = await ctx.post('/api/due-diligence', { data: { ...VALID_APPLICATION, businessName: business, contactEmail: email } });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { id: string; status: string };
  expect(body.status).toBe('submitted');
  return { ctx, user, business, email, applicationId: body.id };
}

/** A fresh provider: applied, and approved by the administrator through the API. */
export async function freshProvider(playwright: Playwright, baseURL: string | undefined, admin: APIRequestContext) {
  const applicant = await freshApplicant(playwright, baseURL, 'provider');
  const res = await admin.patch(`/api/due-diligence/${applicant.applicationId}`, { data: { status: 'approved' } });
  expect(res.status(), await res.text()).toBe(200);
  return applicant;
}

export async function applicationOf(applicant: Applicant) {
  const res = await applicant.ctx.get('/api/due-diligence/status');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { application: { status: string; reviewNotes: string | null; rejectionReason: string | null } }).application;
}

export async function logInAsAdmin(page: Page) {
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'LOGIN AS ADMIN' }).click();
  await expect(page).toHaveURL('/compliance-dashboard');
  await expect(page.getByRole('heading', { name: 'COMPLIANCE DASHBOARD' })).toBeVisible();
}

/** The figure of one of the five counter tiles. */
export async function counter(page: Page, label: string): Promise<number> {
  const text = await page.getByRole('group', { name: 'Compliance counters' }).innerText();
  const match = new RegExp(`${label}\\s+([\\d,]+)`, 'i').exec(text);
  if (!match) throw new Error(`no counter ${label} in:\n${text}`);
  return Number(match[1]!.replace(/,/g, ''));
}

export async function summary(admin: APIRequestContext) {
  const { complianceSummary } = await gql<{ complianceSummary: { dueDiligencePending: number; approved: number; underReview: number; dataListingsPending: number } }>(
    admin,
    '{ complianceSummary { dueDiligencePending approved underReview dataListingsPending } }',
  );
  return complianceSummary;
}

export function applicationRow(page: Page, business: string): Locator {
  return page.getByRole('list', { name: 'Seller applications' }).getByRole('article', { name: business });
}

/** A pending listing's row, paging through 'Load more listings' when it is not on the first page. */
export async function listingRow(page: Page, title: string): Promise<Locator> {
  const list = page.getByRole('list', { name: 'Pending data listings' });
  const row = list.getByRole('article', { name: title });
  await expect(list).toBeVisible();
  for (let i = 0; i < 20 && !(await row.isVisible()); i++) {
    const more = page.getByRole('button', { name: 'Load more listings' });
    if (!(await more.isVisible())) break;
    await more.click();
    await expect(more).not.toHaveAttribute('aria-busy', 'true');
  }
  await expect(row).toBeVisible();
  return row;
}
