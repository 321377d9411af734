import { createUser, expect, test, toast } from './fixtures.ts';
import { adminSession, applicationOf, applicationRow, counter, freshApplicant, logInAsAdmin, session, summary, uid, VALID_APPLICATION } from './reviewing.ts';

// The back office: who may open it, the compliance dashboard's counters and seller applications
// (pending data listings are compliance-listings.spec.ts), and the read-only simple compliance list.
//
// The journeys share one server (and its demo data) with the others, so every exact outcome is
// asserted on data created here through the API: fresh applicants, fresh providers, fresh listings.

// Each journey first creates its people through the API (registration, mailed verification, a
// memory-hard password hash per login), which alone can take seconds on a busy machine.
test.describe.configure({ timeout: 60_000 });

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
  // the listings' queue (the listing changes' queue counts its own pending)
  await expect(page.getByRole('region', { name: 'Pending Data Listings' }).getByText('0 pending')).toBeVisible();
});
