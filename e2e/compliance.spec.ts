import crypto from 'node:crypto';
import type { APIRequestContext, Locator, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { createUser, expect, gql, test, toast, type TestUser } from './fixtures.ts';

// The back office: the compliance dashboard (counters, seller applications, pending data listings
// and the listing details dialog) and the read-only simple compliance list.
//
// The journeys share one server (and its demo data) with the others, so every exact outcome is
// asserted on data created here through the API: fresh applicants, fresh providers, fresh listings.

// Each journey first creates its people through the API (registration, mailed verification, a
// memory-hard password hash per login), which alone can take seconds on a busy machine.
test.describe.configure({ timeout: 60_000 });

const ADMIN = { email: 'admin@datapit.demo', password: 'PitBoss#2026' };

/** api/domain/diligence/diligence.test.ts VALID_APPLICATION, with a volume for the simple list. */
const VALID_APPLICATION = {
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
const LISTING = {
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

const uid = () => `${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`.toUpperCase();

type Playwright = PlaywrightWorkerArgs['playwright'];

/** A request context with its own cookie jar (one per person). */
async function session(playwright: Playwright, baseURL: string | undefined): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL });
}

async function logIn(ctx: APIRequestContext, user: TestUser) {
  const res = await ctx.post('/api/auth/login', { data: { usernameOrEmail: user.username, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
}

async function adminSession(playwright: Playwright, baseURL: string | undefined) {
  const ctx = await session(playwright, baseURL);
  const res = await ctx.post('/api/auth/login', { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
  return ctx;
}

type Applicant = { ctx: APIRequestContext; user: TestUser; business: string; email: string; applicationId: string };

/** A fresh verified user with a submitted application (status 'submitted', shown 'Pending Review'). */
async function freshApplicant(playwright: Playwright, baseURL: string | undefined, label = 'applicant'): Promise<Applicant> {
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
async function freshProvider(playwright: Playwright, baseURL: string | undefined, admin: APIRequestContext) {
  const applicant = await freshApplicant(playwright, baseURL, 'provider');
  const res = await admin.patch(`/api/due-diligence/${applicant.applicationId}`, { data: { status: 'approved' } });
  expect(res.status(), await res.text()).toBe(200);
  return applicant;
}

async function applicationOf(applicant: Applicant) {
  const res = await applicant.ctx.get('/api/due-diligence/status');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { application: { status: string; reviewNotes: string | null; rejectionReason: string | null } }).application;
}

async function logInAsAdmin(page: Page) {
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'LOGIN AS ADMIN' }).click();
  await expect(page).toHaveURL('/compliance-dashboard');
  await expect(page.getByRole('heading', { name: 'COMPLIANCE DASHBOARD' })).toBeVisible();
}

/** The figure of one of the five counter tiles. */
async function counter(page: Page, label: string): Promise<number> {
  const text = await page.getByRole('group', { name: 'Compliance counters' }).innerText();
  const match = new RegExp(`${label}\\s+([\\d,]+)`, 'i').exec(text);
  if (!match) throw new Error(`no counter ${label} in:\n${text}`);
  return Number(match[1]!.replace(/,/g, ''));
}

async function summary(admin: APIRequestContext) {
  const { complianceSummary } = await gql<{ complianceSummary: { dueDiligencePending: number; approved: number; underReview: number; dataListingsPending: number } }>(
    admin,
    '{ complianceSummary { dueDiligencePending approved underReview dataListingsPending } }',
  );
  return complianceSummary;
}

function applicationRow(page: Page, business: string): Locator {
  return page.getByRole('list', { name: 'Seller applications' }).getByRole('article', { name: business });
}

/** A pending listing's row, paging through 'Load more listings' when it is not on the first page. */
async function listingRow(page: Page, title: string): Promise<Locator> {
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

test.describe('access', () => {
  test('a visitor and a logged-in non-admin see Access Denied on both back-office pages', async ({ page, playwright, baseURL }) => {
    for (const path of ['/compliance-dashboard', '/simple-compliance']) {
      await page.goto(path);
      await expect(page.getByText('Access Denied')).toBeVisible();
      await expect(page.getByText('Admin access required')).toBeVisible();
      await expect(page.getByRole('link', { name: 'ADMIN LOGIN' })).toHaveAttribute('href', '/admin-login');
      await expect(page.getByRole('heading', { name: 'Seller Applications' })).toHaveCount(0);
    }

    // a verified user who is not an administrator (the browser's own cookie jar)
    const ctx = await session(playwright, baseURL);
    const user = await createUser(ctx, { verified: true, label: 'nonadmin' });
    await ctx.dispose();
    const res = await page.request.post('/api/auth/login', { data: { usernameOrEmail: user.username, password: user.password } });
    expect(res.status()).toBe(200);

    for (const path of ['/compliance-dashboard', '/simple-compliance']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'User menu' })).toContainText(user.name);
      await expect(page.getByText('Access Denied')).toBeVisible();
      await expect(page.getByText('Admin access required')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Seller applications' })).toHaveCount(0);
      await expect(page.getByRole('table', { name: 'Applications' })).toHaveCount(0);
    }
    await page.getByRole('link', { name: 'ADMIN LOGIN' }).click();
    await expect(page).toHaveURL('/admin-login');
  });
});

test.describe('seller applications', () => {
  test('the admin approves a fresh application with edited notes; badge and counters follow', async ({ page, playwright, baseURL }) => {
    const admin = await adminSession(playwright, baseURL);
    const applicant = await freshApplicant(playwright, baseURL);

    await logInAsAdmin(page);
    const row = applicationRow(page, applicant.business);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('application-status')).toHaveText('Pending Review');
    await expect(row).toContainText(applicant.email);
    await expect(row).toContainText(VALID_APPLICATION.businessAddress);
    await expect(row).toContainText('E-commerce & retail');
    await expect(row).toContainText('Geolocation');
    await expect(row.locator('[data-flag="GDPR"]')).toHaveAttribute('data-ok', 'true');
    await expect(row.locator('[data-flag="User consent"]')).toHaveAttribute('data-ok', 'true');
    await expect(row.locator('time')).not.toHaveText('—');
    for (const name of ['Start Review', 'Approve', 'Reject']) await expect(row.getByRole('button', { name, exact: true })).toBeVisible();

    // the counters on the page are the server's
    const before = await summary(admin);
    await expect.poll(() => counter(page, 'Due Diligence Pending')).toBe(before.dueDiligencePending);
    await expect.poll(() => counter(page, 'Approved')).toBe(before.approved);

    await row.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve Application' });
    await expect(dialog).toBeVisible();
    const notes = dialog.getByLabel('Review Notes');
    await expect(notes).toHaveValue('Approved after review');
    const edited = `Approved after review: registry and GDPR documents checked (${uid()})`;
    await notes.fill(edited);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();

    await expect(toast(page, 'Application Approved')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('application-status')).toHaveText('Approved');
    await expect(row.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0);
    await expect(row).toContainText(edited);
    await expect.poll(() => counter(page, 'Due Diligence Pending')).toBe(before.dueDiligencePending - 1);
    await expect.poll(() => counter(page, 'Approved')).toBe(before.approved + 1);

    const application = await applicationOf(applicant);
    expect(application.status).toBe('approved');
    expect(application.reviewNotes).toBe(edited);
    await admin.dispose();
    await applicant.ctx.dispose();
  });

  test('the admin starts a review, then rejects with the default reason', async ({ page, playwright, baseURL }) => {
    const applicant = await freshApplicant(playwright, baseURL);

    await logInAsAdmin(page);
    const row = applicationRow(page, applicant.business);
    await expect(row.getByTestId('application-status')).toHaveText('Pending Review');
    const underReview = await counter(page, 'Under Review');

    await row.getByRole('button', { name: 'Start Review' }).click();
    await expect(toast(page, 'Review Started')).toBeVisible();
    await expect(row.getByTestId('application-status')).toHaveText('Under Review');
    await expect.poll(() => counter(page, 'Under Review')).toBe(underReview + 1);

    // a question for the applicant, then back to the review
    await row.getByRole('button', { name: 'Request Clarification' }).click();
    const clarify = page.getByRole('dialog', { name: 'Request Clarification' });
    const question = 'Please send the data processing agreement you sign with partner stores.';
    await clarify.getByLabel('What needs clarifying').fill(question);
    await clarify.getByRole('button', { name: 'Request Clarification' }).click();
    await expect(toast(page, 'Clarification Requested')).toBeVisible();
    await expect(row.getByTestId('application-status')).toHaveText('Requires Clarification');
    await expect(row).toContainText(question);
    expect((await applicationOf(applicant)).status).toBe('requires_clarification');
    await row.getByRole('button', { name: 'Resume Review' }).click();
    await expect(row.getByTestId('application-status')).toHaveText('Under Review');

    // the status filter: under review only
    await page.getByLabel('Filter by status').selectOption('under_review');
    await expect(row).toBeVisible();
    const statuses = page.getByRole('list', { name: 'Seller applications' }).getByTestId('application-status');
    await expect(statuses.first()).toHaveText('Under Review');
    for (const text of await statuses.allTextContents()) expect(text).toBe('Under Review');

    await row.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject Application' });
    await expect(dialog.getByLabel('Rejection Reason')).toHaveValue('Insufficient documentation');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();

    await expect(toast(page, 'Application Rejected')).toBeVisible();
    // it no longer has the filtered status: it leaves the filtered list
    await expect(row).toHaveCount(0);
    await expect.poll(() => counter(page, 'Under Review')).toBe(underReview);

    const application = await applicationOf(applicant);
    expect(application.status).toBe('rejected');
    expect(application.rejectionReason).toBe('Insufficient documentation');

    // unfiltered again, it shows as Rejected with its reason
    await page.getByLabel('Filter by status').selectOption('');
    await expect(row.getByTestId('application-status')).toHaveText('Rejected');
    await expect(row).toContainText('Insufficient documentation');
    await applicant.ctx.dispose();
  });
});

test.describe('pending data listings', () => {
  test('the details dialog shows every section; approving puts the listing on the trading floor', async ({ page, playwright, baseURL }) => {
    const admin = await adminSession(playwright, baseURL);
    const provider = await freshProvider(playwright, baseURL, admin);

    // the data file: uploaded first, then named by the listing
    const rows = [
      { store_id: 'S-001', visitors: 42, hour: '2026-01-05T10:00:00Z' },
      { store_id: 'S-002', visitors: 17, hour: '2026-01-05T10:00:00Z' },
    ];
    const bytes = Buffer.from(JSON.stringify(rows, null, 2));
    const upload = await provider.ctx.post('/api/uploads', { multipart: { file: { name: 'foot-traffic.json', mimeType: 'application/json', buffer: bytes } } });
    expect(upload.status(), await upload.text()).toBe(201);
    const file = (await upload.json()) as { fileId: string; downloadUrl: string };

    const title = `E2E Foot Traffic ${uid()}`;
    const created = await provider.ctx.post('/api/contracts', {
      data: {
        ...LISTING,
        title,
        dataFormat: 'json',
        dataAccessType: 'both',
        fileId: file.fileId,
        dataFields: ['store_id', 'visitors', 'hour'],
        sampleData: [rows[0]],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const contract = (await created.json()) as { id: string; status: string; deliveryMethod: string | null };
    expect(contract.status).toBe('pending_review');
    expect(contract.deliveryMethod).toBeNull();

    await logInAsAdmin(page);
    const pendingBefore = (await summary(admin)).dataListingsPending;
    await expect.poll(() => counter(page, 'Data Listings Pending')).toBe(pendingBefore);

    const row = await listingRow(page, title);
    await expect(row).toContainText('Consumer Behavior');
    await expect(row).toContainText('$450.50');
    await expect(row).toContainText('JSON');
    await expect(row).toContainText(LISTING.description);

    await row.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Data Listing Details' });
    await expect(dialog).toBeVisible();
    for (const section of ['Basic Information', 'Pricing & Technical Specs', 'Data Access & Files', 'Data Structure', 'Submission Details']) {
      await expect(dialog.getByRole('heading', { name: section })).toBeVisible();
    }
    const field = (label: string) => dialog.locator(`[data-field="${label}"] dd`);
    // basic info
    await expect(field('Title')).toHaveText(title);
    await expect(field('Category')).toHaveText('Consumer Behavior');
    await expect(field('Provider')).toHaveText(provider.user.name);
    await expect(field('Status')).toHaveText('Pending Review');
    await expect(field('Description')).toHaveText(LISTING.description);
    // pricing and technical specs; 'Not specified' for what the provider left out
    await expect(field('Price')).toHaveText('$450.50');
    await expect(field('Pricing Model')).toHaveText('One-time purchase');
    await expect(field('Record Count')).toHaveText('2');
    await expect(field('Field Count')).toHaveText('3');
    await expect(field('Data Format')).toHaveText('JSON');
    await expect(field('Delivery Method')).toHaveText('Not specified');
    await expect(field('Update Frequency')).toHaveText('Hourly');
    // data access and files
    await expect(dialog.getByTestId('file-name')).toHaveText('foot-traffic.json');
    await expect(dialog.getByTestId('file-size')).toHaveText(`${bytes.length} bytes`);
    await expect(dialog.getByTestId('file-sha256')).toHaveText(crypto.createHash('sha256').update(bytes).digest('hex'));
    const download = dialog.getByRole('link', { name: 'Download Sample' });
    await expect(download).toHaveAttribute('href', file.downloadUrl);
    await expect(download).toHaveAttribute('target', '_blank');
    // administrators may download it (the browser's session)
    const fetched = await page.request.get(file.downloadUrl);
    expect(fetched.status()).toBe(200);
    expect(Buffer.from(await fetched.body()).equals(bytes)).toBe(true);
    await expect(field('External Access Link').getByRole('link')).toHaveAttribute('href', LISTING.dataAccessUrl);
    await expect(field('Access Instructions')).toHaveText(LISTING.accessInstructions);
    // data structure as formatted JSON
    await expect(dialog.getByTestId('data-fields-json')).toContainText('"visitors"');
    const sample = dialog.getByTestId('sample-data-json');
    await expect(sample).toContainText('"store_id": "S-001"');
    await expect(sample).toContainText('"visitors": 42');
    // submission details
    await expect(field('Submitted')).toHaveText(/\d{4}/);
    await expect(field('Enterprise Listing')).toHaveText('No');

    // approve from the dialog
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    const approve = page.getByRole('dialog', { name: 'Approve Data Listing' });
    await expect(approve.getByLabel('Review Notes')).toHaveValue('Approved after review');
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();

    await expect(toast(page, 'Data Listing Approved')).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);
    await expect.poll(() => counter(page, 'Data Listings Pending')).toBe(pendingBefore - 1);

    // now live: found on the trading floor
    await page.goto(`/?search=${encodeURIComponent(title)}`);
    await expect(page.getByTestId('search-chip')).toContainText(title);
    await expect(page.getByTestId('contract-list').getByText(title).first()).toBeVisible();

    await admin.dispose();
    await provider.ctx.dispose();
  });

  test('the admin rejects a listing with the default reason', async ({ page, playwright, baseURL }) => {
    const admin = await adminSession(playwright, baseURL);
    const provider = await freshProvider(playwright, baseURL, admin);
    const title = `E2E Rejected Feed ${uid()}`;
    const created = await provider.ctx.post('/api/contracts', { data: { ...LISTING, title } });
    expect(created.status(), await created.text()).toBe(201);
    const contract = (await created.json()) as { id: string };

    await logInAsAdmin(page);
    const row = await listingRow(page, title);
    await expect(row).toContainText('CSV');
    await row.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject Data Listing' });
    await expect(dialog.getByLabel('Rejection Reason')).toHaveValue('Does not meet quality standards');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();

    await expect(toast(page, 'Data Listing Rejected')).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);

    // the provider reads the decision
    const { contract: decided } = await gql<{ contract: { status: string; rejectionReason: string | null } }>(
      provider.ctx,
      'query ($id: ID!) { contract(id: $id) { status rejectionReason } }',
      { id: contract.id },
    );
    expect(decided).toEqual({ status: 'rejected', rejectionReason: 'Does not meet quality standards' });
    // and it is not on the floor
    await page.goto(`/?search=${encodeURIComponent(title)}`);
    await expect(page.getByText('No contracts match these filters')).toBeVisible();

    await admin.dispose();
    await provider.ctx.dispose();
  });
});

test('simple compliance lists the applications, read only', async ({ page, playwright, baseURL }) => {
  const admin = await adminSession(playwright, baseURL);
  const waiting = await freshApplicant(playwright, baseURL);
  const approved = await freshApplicant(playwright, baseURL);
  const res = await admin.patch(`/api/due-diligence/${approved.applicationId}`, { data: { status: 'approved', reviewNotes: 'Approved after review' } });
  expect(res.status()).toBe(200);

  await logInAsAdmin(page);
  await page.goto('/simple-compliance');
  await expect(page.getByRole('heading', { name: 'SIMPLE COMPLIANCE' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Applications' });
  for (const head of ['Name', 'Status', 'Email', 'Data types', 'Submitted', 'Volume', 'Review notes']) {
    await expect(table.getByRole('columnheader', { name: head })).toBeVisible();
  }

  const waitingRow = table.getByRole('row').filter({ hasText: waiting.business });
  await expect(waitingRow).toContainText('Pending Review');
  await expect(waitingRow).toContainText(waiting.email);
  await expect(waitingRow).toContainText('E-commerce & retail, Geolocation');
  await expect(waitingRow).toContainText(VALID_APPLICATION.dataVolume);
  await expect(waitingRow.locator('time')).not.toHaveText('—');

  const approvedRow = table.getByRole('row').filter({ hasText: approved.business });
  await expect(approvedRow).toContainText('Approved');
  await expect(approvedRow).toContainText('Approved after review');

  // read only: no decisions on this page
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);

  await admin.dispose();
  await waiting.ctx.dispose();
  await approved.ctx.dispose();
});

test('empty lists say so', async ({ page }) => {
  // the server always has demo applications and listings: empty both lists in the answer instead
  await page.route('**/graphql', async (route) => {
    const body = route.request().postDataJSON() as { operationName?: string } | null;
    if (body?.operationName !== 'ComplianceDashboardQuery') return route.fallback();
    const response = await route.fetch();
    const json = (await response.json()) as { data: Record<string, { edges: unknown[]; totalCount: number; pageInfo: Record<string, unknown> }> };
    for (const key of ['applications', 'listingsForReview']) {
      const connection = json.data[key];
      if (!connection) continue;
      connection.edges = [];
      connection.totalCount = 0;
      connection.pageInfo = { ...connection.pageInfo, hasNextPage: false, endCursor: null };
    }
    await route.fulfill({ response, json });
  });

  await logInAsAdmin(page);
  await expect(page.getByText('No due diligence applications found')).toBeVisible();
  await expect(page.getByText('No pending data listings found')).toBeVisible();
  await expect(page.getByText('0 applications')).toBeVisible();
  await expect(page.getByText('0 pending')).toBeVisible();
});
