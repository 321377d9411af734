import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { createUser, expect, gql, operationOf, test, toast } from './fixtures.ts';

// The provider's side: applying for due diligence through the form, /list-data for visitors,
// applicants and the approved demo provider (with a real CSV upload and its profile), the listing
// form's messages, and a rejected listing edited and resubmitted.
// Listings are picked by id or unique title, never by
// position: the other journeys share the server and its demo data.

const DEMO_PASSWORD = 'Demo#Trader1';
const DEMO_PROVIDER = 'meridian@datapit.demo';
const ADMIN = { email: 'admin@datapit.demo', password: 'PitBoss#2026' };

const YES_NO = [
  'Do you have a published data privacy policy?',
  'Are you GDPR compliant?',
  'Are you CCPA compliant?',
  'Do you have user consent for the data you sell?',
  'Do you have data processing agreements in place?',
];

/** Logs in through the API with this request context (a page's request shares the page's cookies). */
async function login(request: APIRequestContext, usernameOrEmail: string, password = DEMO_PASSWORD) {
  const { login: result } = await gql<{ login: { __typename: string; message?: string } }>(
    request,
    'mutation ($input: LoginInput!) { login(input: $input) { __typename ... on Error { message } } }',
    { input: { usernameOrEmail, password } },
  );
  expect(result.__typename, result.message).toBe('MutationLoginSuccess');
}

/** Fills every field of the application with valid answers (data types: E-commerce & retail). */
async function fillApplication(page: Page, { business, email }: { business: string; email: string }) {
  const form = page.getByRole('form', { name: 'Due diligence application' });
  await form.getByLabel('Legal business name').fill(business);
  await form.getByLabel('Business type').selectOption('llc');
  await form.getByLabel('Business address').fill('221 Market Street, San Francisco, CA 94105, USA');
  await form.getByLabel('Contact email').fill(email);
  await form.getByLabel('Contact phone').fill('+1 415 555 0142');
  await form.getByLabel('Website', { exact: true }).fill('https://applicant.example.com');
  await form.getByLabel('Years in business').fill('4');
  await form.getByLabel('Annual revenue').selectOption('500k_1m');
  await form.getByLabel('Employees').selectOption('11_50');
  await form.getByLabel('Business description').fill('We run a retail panel of 2,000 stores and sell anonymised basket-level purchase data to brands and analysts.');
  await form.getByRole('group', { name: 'Data types' }).getByLabel('E-commerce & retail').check();
  await form.getByLabel('Data sources', { exact: true }).fill('Point-of-sale exports of partner retailers');
  await form.getByLabel('Data volume').fill('40M rows / month');
  // every question answered; CCPA with a No
  for (const [i, q] of YES_NO.entries()) {
    await form.getByRole('radiogroup', { name: q }).getByLabel(i === 2 ? 'No' : 'Yes').check();
  }
  await form.getByRole('group', { name: 'Certifications (optional)' }).getByLabel('ISO 27001').check();
  await form.getByLabel('Tax ID').fill('94-1234567');
  await form.getByLabel('Client references').fill('Acme Corp, Jane Doe\nGlobex, John Roe');
}

/** Logs the request context in as the demo administrator (REST admin login). */
async function adminLogin(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
}

const unique = (label: string) => `${label} ${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;

/** A CSV of about `megabytes` MB with a header and a field that is sometimes empty. */
function tradesCsv(megabytes: number) {
  const header = 'trade_id,symbol,price,volume,traded_at,venue';
  const rows = [header];
  let size = header.length;
  let i = 0;
  while (size < megabytes * 1024 * 1024) {
    const row = `${i},SYM${i % 500},${(100 + (i % 997) / 7).toFixed(2)},${i % 10_000},2025-01-${String(1 + (i % 28)).padStart(2, '0')},${i % 10 === 0 ? '' : 'XNAS'}`;
    rows.push(row);
    size += row.length + 1;
    i++;
  }
  return { buffer: Buffer.from(rows.join('\n')), records: i, fields: header.split(',') };
}

/** Slows the page's uploads down so the progress bar has time to be seen; null lifts the limit. */
async function throttleUploads(page: Page, bytesPerSecond: number | null) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

/** A listing with an external link created through the API by the page's user; returns its ids. */
async function createLinkListing(request: APIRequestContext, title: string) {
  const { createListing } = await gql<{ createListing: { __typename: string; message?: string; data?: { id: string; contractId: string } } }>(
    request,
    `mutation ($input: ListingInput!) {
      createListing(input: $input) { __typename ... on MutationCreateListingSuccess { data { id contractId } } ... on Error { message } }
    }`,
    {
      input: {
        title,
        description: 'Daily end-of-day FX rates for 40 currency pairs, normalised from three interbank sources.',
        category: 'financial',
        price: '180.00',
        dataFormat: 'api',
        updateFrequency: 'daily',
        sampleSize: '20 sample rows',
        geographicCoverage: 'Global',
        dataSource: 'Interbank quotes from three liquidity providers',
        dataAccessType: 'external_link',
        dataAccessUrl: 'https://api.fx.example/v1/eod',
        accessInstructions: 'Send your API key as a bearer token.',
        dataFields: ['pair', 'date', 'rate'],
        sampleData: [{ pair: 'EURUSD', date: '2025-01-02', rate: 1.0312 }],
        complianceAcknowledged: true,
        qualityAcknowledged: true,
        legalAcknowledged: true,
      },
    },
  );
  expect(createListing.__typename, createListing.message).toBe('MutationCreateListingSuccess');
  return createListing.data!;
}

async function listingStatus(request: APIRequestContext, id: string) {
  const { contract } = await gql<{ contract: { status: string; title: string; price: string; rejectionReason: string | null; recordCount: number | null } }>(
    request,
    'query ($id: ID!) { contract(id: $id) { status title price rejectionReason recordCount } }',
    { id },
  );
  return contract;
}

test('a fresh user applies for due diligence through the form and sees Pending Review', async ({ page }) => {
  test.slow(); // a long form
  const user = await createUser(page.request, { verified: true, label: 'applicant' });

  // logged out: a way to log in that comes back here
  await page.goto('/due-diligence');
  const main = page.getByRole('main');
  await expect(main.getByText('Please log in')).toBeVisible();
  await main.getByRole('link', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL('/auth/login?next=%2Fdue-diligence');
  await page.getByLabel('Username or Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL('/due-diligence');

  const form = page.getByRole('form', { name: 'Due diligence application' });
  const submit = form.getByRole('button', { name: 'SUBMIT APPLICATION' });
  await expect(submit).toBeVisible();

  // the choices: 12 data types, 8 certifications, every yes/no question unanswered
  const dataTypes = form.getByRole('group', { name: 'Data types' });
  await expect(dataTypes.getByRole('checkbox')).toHaveCount(12);
  await expect(form.getByRole('group', { name: 'Certifications (optional)' }).getByRole('checkbox')).toHaveCount(8);
  for (const q of YES_NO) {
    const answers = form.getByRole('radiogroup', { name: q }).getByRole('radio');
    await expect(answers).toHaveCount(2);
    for (const radio of await answers.all()) await expect(radio).not.toBeChecked();
  }

  // without a data type the application cannot be sent, and the bar beside Submit says what is
  // missing, each item a link to its field
  await expect(submit).toBeDisabled();
  const missing = form.getByTestId('missing-items');
  await expect(missing).toContainText('answers still needed before you can submit');
  await expect(missing.getByRole('button', { name: 'At least one data type' })).toBeVisible();
  await expect(missing.getByRole('button', { name: 'GDPR question' })).toBeVisible();
  await missing.getByRole('button', { name: 'Legal business name' }).click();
  await expect(form.getByLabel('Legal business name')).toBeFocused();
  await missing.getByRole('button', { name: 'At least one data type' }).click();
  await expect(dataTypes.getByRole('checkbox').first()).toBeFocused();

  // an empty submit (one data type chosen) shows every rule's message
  await dataTypes.getByLabel('Consumer behavior').check();
  await expect(submit).toBeEnabled();
  await form.getByLabel('Website', { exact: true }).fill('not a website');
  await form.getByLabel('Years in business').fill('-1');
  await submit.click();
  for (const message of [
    'Business name must be at least 2 characters',
    'Business type is required',
    'Business address must be at least 10 characters',
    'Please enter a valid contact email',
    'Phone number must be at least 10 characters',
    'Business description must be at least 50 characters',
    'Website must be a valid URL (https://...) or empty',
    'Years in business must be a whole number of at least 0',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await expect(form.getByText('Please answer Yes or No')).toHaveCount(YES_NO.length);
  // taking the data type away again disables the submit and says why
  await dataTypes.getByLabel('Consumer behavior').uncheck();
  await expect(submit).toBeDisabled();
  await expect(dataTypes.getByText('Select at least one data type')).toBeVisible();

  // a valid application
  const business = unique('Pit Applicant Data');
  await fillApplication(page, { business, email: user.email });
  await dataTypes.getByLabel('Consumer behavior').check();
  await expect(form.getByText('Please answer Yes or No')).toHaveCount(0);
  // nothing missing any more: the list gives way to the review note
  await expect(missing).toHaveCount(0);
  await expect(form.getByTestId('submit-note')).toContainText('2-5 business days');
  await submit.click();

  await expect(toast(page, 'Application Submitted')).toContainText('2-5 business days');
  const status = page.getByTestId('application-status');
  await expect(status).toHaveAttribute('data-status', 'submitted');
  await expect(status.getByText('Pending Review', { exact: true })).toBeVisible();
  await expect(status).toContainText('Review takes 2-5 business days');
  await expect(status).toContainText(business);
  await expect(status).toContainText('Consumer behavior');
  await expect(status).toContainText('E-commerce & retail');
  await expect(status.getByRole('link', { name: /Back to List Data/ })).toHaveAttribute('href', '/list-data');
  await expect(form).toHaveCount(0);

  // the server has it as answered, and the page keeps showing the status
  const { viewer } = await gql<{ viewer: { dueDiligenceStatus: string; latestApplication: { businessName: string; ccpaCompliant: boolean; gdprCompliant: boolean; clientReferences: string[]; revenueRange: string } } }>(
    page.request,
    '{ viewer { dueDiligenceStatus latestApplication { businessName ccpaCompliant gdprCompliant clientReferences revenueRange } } }',
  );
  expect(viewer.dueDiligenceStatus).toBe('submitted');
  expect(viewer.latestApplication).toEqual({ businessName: business, ccpaCompliant: false, gdprCompliant: true, clientReferences: ['Acme Corp, Jane Doe', 'Globex, John Roe'], revenueRange: '500k_1m' });
  await page.reload();
  await expect(page.getByTestId('application-status')).toContainText('Pending Review');

  // /list-data: the pending banner over a disabled form
  await status.getByRole('link', { name: /Back to List Data/ }).click();
  await expect(page).toHaveURL('/list-data');
  await expect(page.getByTestId('diligence-banner')).toContainText('Application Pending Review');
  await expect(page.getByTestId('diligence-banner')).toContainText('2-5 business days');
  await expect(page.getByTestId('listing-fields')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'SUBMIT LISTING' })).toBeDisabled();
});

test('a rejected applicant reads the reason, is offered RESUBMIT APPLICATION and applies again', async ({ page, request }) => {
  test.slow();
  const user = await createUser(page.request, { verified: true, label: 'reapply' });
  await login(page.request, user.email, user.password);
  await page.goto('/due-diligence');
  const business = unique('Rejected Data Co');
  await fillApplication(page, { business, email: user.email });
  await page.getByRole('button', { name: 'SUBMIT APPLICATION' }).click();
  await expect(page.getByTestId('application-status')).toHaveAttribute('data-status', 'submitted');

  // an administrator rejects it with a reason (REST, as the back office does)
  const { viewer } = await gql<{ viewer: { latestApplication: { applicationId: string } } }>(page.request, '{ viewer { latestApplication { applicationId } } }');
  await adminLogin(request);
  const reason = 'The business registration could not be verified.';
  const rejected = await request.patch(`/api/due-diligence/${viewer.latestApplication.applicationId}`, { data: { status: 'rejected', rejectionReason: reason } });
  expect(rejected.status(), await rejected.text()).toBe(200);

  // /list-data: the rejected banner sends the user back to the application
  await page.goto('/list-data');
  const banner = page.getByTestId('diligence-banner');
  await expect(banner).toContainText('Application Rejected');
  await expect(banner).toContainText(reason);
  await expect(page.getByTestId('listing-fields')).toBeDisabled();
  await banner.getByRole('link', { name: 'RESUBMIT APPLICATION' }).click();
  await expect(page).toHaveURL('/due-diligence');

  // the status page gives the reason and offers a new application
  const status = page.getByTestId('application-status');
  await expect(status).toHaveAttribute('data-status', 'rejected');
  await expect(status.getByTestId('rejection-reason')).toHaveText(reason);
  await status.getByRole('button', { name: 'Submit a new application' }).click();
  const form = page.getByRole('form', { name: 'Due diligence application' });
  await expect(form).toBeVisible();
  // the rejected answers are the starting point
  await expect(page.getByRole('main')).toContainText(reason);
  await expect(form.getByLabel('Legal business name')).toHaveValue(business);
  await expect(form.getByRole('radiogroup', { name: YES_NO[2]! }).getByLabel('No')).toBeChecked();
  await expect(form.getByRole('group', { name: 'Data types' }).getByLabel('E-commerce & retail')).toBeChecked();
  await expect(form.getByLabel('Client references')).toHaveValue('Acme Corp, Jane Doe\nGlobex, John Roe');
  await fillApplication(page, { business: `${business} II`, email: user.email });
  await form.getByRole('button', { name: 'SUBMIT APPLICATION' }).click();

  await expect(toast(page, 'Application Submitted')).toContainText('2-5 business days');
  await expect(page.getByTestId('application-status')).toHaveAttribute('data-status', 'submitted');
  await expect(page.getByTestId('application-status')).toContainText(`${business} II`);
  await page.goto('/list-data');
  await expect(page.getByTestId('diligence-banner')).toContainText('Application Pending Review');
});

test('administrators are exempt: the Administrator Account banner over an enabled form', async ({ page }) => {
  await adminLogin(page.request);
  await page.goto('/list-data');
  await expect(page.getByTestId('diligence-banner')).toContainText('Administrator Account');
  await expect(page.getByTestId('diligence-banner')).toContainText('exempt from due diligence');
  await expect(page.getByTestId('listing-fields')).toBeEnabled();
  await expect(page.getByRole('button', { name: 'SUBMIT LISTING' })).toBeEnabled();
  await page.goto('/due-diligence');
  await expect(page.getByRole('main')).toContainText('Administrators are exempt from due diligence');
  await expect(page.getByRole('form', { name: 'Due diligence application' })).toHaveCount(0);
});

test('the approved provider sees Approved on /due-diligence with a way to /list-data', async ({ page }) => {
  await login(page.request, DEMO_PROVIDER);
  await page.goto('/due-diligence');
  const status = page.getByTestId('application-status');
  await expect(status).toHaveAttribute('data-status', 'approved');
  await expect(status).toContainText('you can list data');
  await status.getByRole('link', { name: 'LIST DATA', exact: true }).click();
  await expect(page).toHaveURL('/list-data');
  await expect(page.getByTestId('diligence-banner')).toContainText('Due Diligence Approved');
});

test('/list-data: ACCESS DENIED for visitors; a user without due diligence sees the disabled form and START APPLICATION', async ({ page }) => {
  await page.goto('/list-data');
  const main = page.getByRole('main');
  await expect(main.getByText('ACCESS DENIED')).toBeVisible();
  await expect(main.getByText('Please login to list data')).toBeVisible();
  await expect(main.getByRole('form')).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', '/auth/login?next=%2Flist-data');

  const user = await createUser(page.request, { verified: true, label: 'lister' });
  await login(page.request, user.email, user.password);
  await page.goto('/list-data');
  const banner = page.getByTestId('diligence-banner');
  await expect(banner).toContainText('Due Diligence Required');
  // the form and its explainer are there, but nothing can be changed or sent
  await expect(page.getByRole('list', { name: 'How listing works' })).toContainText('Submission');
  await expect(page.getByRole('list', { name: 'How listing works' })).toContainText('2-5 business days');
  await expect(page.getByRole('list', { name: 'How listing works' })).toContainText('Approval');
  await expect(page.getByTestId('listing-fields')).toBeDisabled();
  await expect(page.getByLabel('Title', { exact: true })).toBeDisabled();
  await expect(page.getByRole('radio', { name: /^File upload/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'SUBMIT LISTING' })).toBeDisabled();
  await expect(page.getByText('Complete due diligence to list data.')).toBeVisible();

  await banner.getByRole('link', { name: 'START APPLICATION' }).click();
  await expect(page).toHaveURL('/due-diligence');
  await expect(page.getByRole('form', { name: 'Due diligence application' })).toBeVisible();
});

test('the approved provider lists a data set with a CSV upload whose profile fills the fields', async ({ page }) => {
  test.slow(); // a few MB sent at a throttled speed
  await login(page.request, DEMO_PROVIDER);
  await page.goto('/list-data');
  await expect(page.getByTestId('diligence-banner')).toContainText('Due Diligence Approved');
  const form = page.getByRole('form', { name: 'Data listing' });
  await expect(page.getByTestId('listing-fields')).toBeEnabled();

  // every category of the product
  await expect(form.getByLabel('Category').locator('option:not([value=""])')).toHaveCount(13);

  const title = unique('E2E Tick Trades');
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Description', { exact: true }).fill('Every trade of 500 US symbols with price, volume and venue, one row per trade, delivered daily.');
  await form.getByLabel('Category').selectOption('financial');
  await form.getByLabel('Price (USD)').fill('499.99');
  await form.getByLabel('Pricing model').selectOption('monthly_subscription');
  await form.getByLabel('Data format').selectOption('csv');
  await form.getByLabel('Update frequency').selectOption('daily');
  await form.getByLabel('Sample size').fill('5 sample rows; full set in the file');
  await form.getByLabel('Geographic coverage').fill('United States');
  await form.getByLabel('Data source', { exact: true }).fill('Consolidated tape, normalised by Meridian');
  await form.getByLabel('Delivery method').selectOption('download');

  // the upload control shows for file uploads only
  await expect(page.getByTestId('file-upload')).toHaveCount(0);
  await form.getByRole('radio', { name: /^File upload/ }).check();
  await expect(page.getByTestId('file-upload')).toBeVisible();
  await expect(form.getByLabel('Data access URL')).toHaveCount(0);

  const csv = tradesCsv(4);
  const sha256 = crypto.createHash('sha256').update(csv.buffer).digest('hex');
  await throttleUploads(page, 1.5 * 1024 * 1024);

  // the upload: a progress bar with percent, bytes, speed and time left, up to 100%
  await page.getByTestId('file-input').setInputFiles({ name: 'trades.csv', mimeType: 'text/csv', buffer: csv.buffer });
  const progress = page.getByTestId('upload-progress');
  await expect(progress).toBeVisible();
  await expect(page.getByTestId('upload-bytes')).toContainText(/ \/ 4(\.\d)? MB/);
  await expect(page.getByTestId('upload-speed')).toContainText('MB/s');
  await expect(page.getByTestId('upload-eta')).toContainText('left');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'SUBMIT LISTING' })).toBeDisabled();
  await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await throttleUploads(page, null);

  // the stored file: name, size, shortened sha256 and the profile
  const uploaded = page.getByTestId('uploaded-file');
  await expect(uploaded).toBeVisible({ timeout: 30_000 });
  await expect(uploaded).toContainText('trades.csv');
  await expect(uploaded).toContainText(/4(\.\d)? MB/);
  await expect(page.getByTestId('file-sha256')).toHaveText(`${sha256.slice(0, 12)}…${sha256.slice(-6)}`);
  await expect(page.getByTestId('file-sha256')).toHaveAttribute('title', sha256);
  await expect(page.getByTestId('upload-percent')).toHaveText('100%');
  await expect(toast(page, 'File Uploaded')).toBeVisible();
  const profile = page.getByRole('table', { name: 'File profile' });
  await expect(profile.getByRole('row')).toHaveCount(csv.fields.length + 1);
  await expect(profile.getByRole('row', { name: /price/ })).toContainText('number');
  await expect(profile.getByRole('row', { name: /venue/ })).toContainText('10.0%');

  // the profile filled the empty fields, which stay editable
  await expect(form.getByLabel('Record count')).toHaveValue(String(csv.records));
  await expect(form.getByLabel('Data fields')).toHaveValue(csv.fields.join('\n'));
  const sample = JSON.parse(await form.getByLabel('Sample data (JSON)').inputValue()) as Record<string, unknown>[];
  expect(sample.length).toBeGreaterThan(0);
  expect(Object.keys(sample[0]!)).toEqual(csv.fields);
  await form.getByLabel('Data fields').fill(`${csv.fields.join(', ')}, exchange_fee`);

  await form.getByRole('checkbox', { name: /complies with applicable privacy law/ }).check();
  await form.getByRole('checkbox', { name: /accurate, as complete as described/ }).check();
  await form.getByRole('checkbox', { name: /legal right to sell this data/ }).check();
  await form.getByRole('button', { name: 'SUBMIT LISTING' }).click();

  await expect(toast(page, 'Data Listing Submitted')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/listings');
  const card = page.getByTestId('listing-card').filter({ hasText: title });
  await expect(card).toContainText('pending review');
  await expect(card).toContainText('$499.99');

  // the server's record: pending review, with the file and the figures the provider kept
  const { viewer } = await gql<{
    viewer: { listings: { edges: { node: { title: string; status: string; recordCount: number; dataFields: string[]; pricingModel: string; files: { sha256: string; fileName: string }[] } }[] } };
  }>(page.request, '{ viewer { listings(first: 20, status: pending_review) { edges { node { title status recordCount dataFields pricingModel files { sha256 fileName } } } } } }');
  const listed = viewer.listings.edges.map((e) => e.node).find((n) => n.title === title);
  expect(listed).toMatchObject({ status: 'pending_review', recordCount: csv.records, pricingModel: 'monthly_subscription', dataFields: [...csv.fields, 'exchange_fee'] });
  expect(listed!.files).toEqual([{ sha256, fileName: 'trades.csv' }]);
});

// An aborted upload resets the connection mid-body; the server drops the partial file and stays up.
test('a cancelled upload stops the transfer and the file can be chosen again', async ({ page }) => {
  await login(page.request, DEMO_PROVIDER);
  await page.goto('/list-data');
  await page.getByRole('radio', { name: /^File upload/ }).check();
  await throttleUploads(page, 512 * 1024);
  const csv = tradesCsv(3);
  await page.getByTestId('file-input').setInputFiles({ name: 'trades.csv', mimeType: 'text/csv', buffer: csv.buffer });
  const progress = page.getByTestId('upload-progress');
  await expect(progress).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('upload-error')).toHaveText('Upload cancelled.');
  await expect(progress).toHaveCount(0);
  await expect(page.getByTestId('drop-zone')).toBeVisible();
  // the server is still there and takes the next upload
  await throttleUploads(page, null);
  await page.getByTestId('file-input').setInputFiles({ name: 'trades.csv', mimeType: 'text/csv', buffer: csv.buffer });
  await expect(page.getByTestId('uploaded-file')).toContainText('trades.csv');
});

// A file past the row limits (docs/decisions.md "Hardening: hostile files, slow clients and deep JSON")
// is kept, and the provider is told buyers will download it rather than stream it.
test('a CSV wider than the stream sends is kept, with a note that buyers can only download it', async ({ page }) => {
  await login(page.request, DEMO_PROVIDER);
  await page.goto('/list-data');
  await page.getByRole('radio', { name: /^File upload/ }).check();
  const header = Array.from({ length: 16_385 }, (_, i) => `c${i}`).join(',');
  await page.getByTestId('file-input').setInputFiles({ name: 'wide.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\n${'1,'.repeat(16_384)}1\n`) });
  await expect(page.getByTestId('uploaded-file')).toContainText('wide.csv');
  await expect(page.getByTestId('not-streamable')).toHaveText(
    'The file has more than 16,384 columns, the most the stream sends as rows. Buyers can download this file, but not stream it as rows.',
  );
  // An ordinary file carries no such note.
  await page.getByRole('button', { name: 'Remove' }).click();
  await page.getByTestId('file-input').setInputFiles({ name: 'trades.csv', mimeType: 'text/csv', buffer: tradesCsv(1).buffer });
  await expect(page.getByTestId('uploaded-file')).toContainText('trades.csv');
  await expect(page.getByTestId('not-streamable')).toHaveCount(0);
});

test('the listing form names every broken rule before anything is sent', async ({ page }, testInfo) => {
  await login(page.request, DEMO_PROVIDER);
  await page.goto('/list-data');
  const form = page.getByRole('form', { name: 'Data listing' });
  let mutations = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/graphql') && operationOf(r) === 'CreateListingMutation') mutations++;
  });

  await form.getByRole('button', { name: 'SUBMIT LISTING' }).click();
  for (const message of [
    'Title must be at least 5 characters',
    'Description must be at least 50 characters',
    'Category is required',
    'Price is required',
    'Data format is required',
    'Update frequency is required',
    'Sample size is required',
    'Geographic coverage is required',
    'Please describe your data source',
    'Please select how buyers will access the data',
    'You must acknowledge compliance requirements',
    'You must acknowledge data quality requirements',
    'You must acknowledge legal requirements',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }

  // messages follow the answers once the form was submitted
  await form.getByLabel('Title', { exact: true }).fill('Tiny');
  await expect(form.getByText('Title must be at least 5 characters')).toBeVisible();
  await form.getByLabel('Title', { exact: true }).fill('Tiny but long enough');
  await expect(form.getByText('Title must be at least 5 characters')).toHaveCount(0);
  await form.getByLabel('Sample data (JSON)').fill('{ not json');
  await expect(form.getByText('Sample data must be valid JSON')).toBeVisible();
  await form.getByLabel('Sample data (JSON)').fill('{"a": 1}');
  await expect(form.getByText('Sample data must be a JSON array of objects (one per row)')).toBeVisible();
  await form.getByLabel('Record count').fill('12.5');
  await expect(form.getByText('Record count must be a whole number of at least 0')).toBeVisible();

  // 'both': the upload control and the link fields, each required
  await form.getByRole('radio', { name: /^Both/ }).check();
  await expect(form.getByText('Please select how buyers will access the data')).toHaveCount(0);
  await expect(page.getByTestId('file-upload')).toBeVisible();
  await expect(form.getByLabel('Data access URL')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Access instructions' })).toBeVisible();
  await expect(form.getByText('Please upload the data file')).toBeVisible();
  await expect(form.getByText('Please give the data access URL')).toBeVisible();
  await form.getByLabel('Data access URL').fill('ftp://files.example.com');
  await expect(form.getByText('Data access URL must be an http(s) address')).toBeVisible();

  // external link: no upload; file upload: no link
  await form.getByRole('radio', { name: /^External link/ }).check();
  await expect(page.getByTestId('file-upload')).toHaveCount(0);
  await expect(form.getByLabel('Data access URL')).toBeVisible();
  await form.getByRole('radio', { name: /^File upload/ }).check();
  await expect(form.getByLabel('Data access URL')).toHaveCount(0);
  await expect(page.getByTestId('file-upload')).toBeVisible();

  // files are checked in the browser first: the type, then the 500 MB limit
  await page.getByTestId('file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(toast(page, 'Unsupported file type')).toContainText('csv, json, xlsx, xls, sql, parquet, zip');
  await expect(page.getByTestId('upload-error')).toContainText('Unsupported file type');
  const huge = testInfo.outputPath('huge.csv');
  const handle = await fs.open(huge, 'w');
  await handle.truncate(501 * 1024 * 1024); // sparse: no disk is used
  await handle.close();
  await page.getByTestId('file-input').setInputFiles(huge);
  await expect(toast(page, 'File Too Large')).toContainText('Please select a file smaller than 500MB');
  await expect(page.getByTestId('upload-progress')).toHaveCount(0);
  await fs.rm(huge);

  await form.getByRole('button', { name: 'SUBMIT LISTING' }).click();
  await expect(form.getByText('Please upload the data file')).toBeVisible();
  expect(mutations).toBe(0);
});

test('a rejected listing is edited from My Listings and resubmitted for review', async ({ page, request }) => {
  await login(page.request, DEMO_PROVIDER);
  const title = unique('E2E FX Rates');
  const listing = await createLinkListing(page.request, title);

  // an administrator rejects it (REST, as the back office does)
  await adminLogin(request);
  const reason = 'The sample rows do not match the described fields.';
  const rejected = await request.patch(`/api/contracts/${listing.contractId}`, { data: { status: 'rejected', rejectionReason: reason } });
  expect(rejected.status(), await rejected.text()).toBe(200);

  await page.goto('/dashboard/listings');
  const card = page.getByTestId('listing-card').filter({ hasText: title });
  await expect(card).toContainText('rejected');
  await card.getByRole('link', { name: /Edit & resubmit/ }).click();
  await expect(page).toHaveURL(`/list-data?edit=${listing.contractId}`);

  // prefilled from the listing, with the reason it was rejected
  await expect(page.getByRole('heading', { name: 'EDIT LISTING', level: 1 })).toBeVisible();
  await expect(page.getByTestId('listing-rejection-reason')).toHaveText(reason);
  const form = page.getByRole('form', { name: 'Edit listing' });
  await expect(form.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(form.getByLabel('Price (USD)')).toHaveValue('180.00');
  await expect(form.getByRole('radio', { name: /^External link/ })).toBeChecked();
  await expect(form.getByLabel('Data access URL')).toHaveValue('https://api.fx.example/v1/eod');
  await expect(form.getByLabel('Data fields')).toHaveValue('pair\ndate\nrate');

  const newTitle = `${title} v2`;
  await form.getByLabel('Title', { exact: true }).fill(newTitle);
  await form.getByLabel('Price (USD)').fill('165.50');
  await form.getByLabel('Sample data (JSON)').fill(JSON.stringify([{ pair: 'EURUSD', date: '2025-01-02', rate: 1.0312 }, { pair: 'USDJPY', date: '2025-01-02', rate: 157.4 }]));
  await form.getByRole('button', { name: 'RESUBMIT LISTING' }).click();

  await expect(toast(page, 'Data Listing Submitted')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/listings');
  await expect(page.getByTestId('listing-card').filter({ hasText: newTitle })).toContainText('pending review');
  expect(await listingStatus(page.request, listing.id)).toMatchObject({ status: 'pending_review', title: newTitle, price: '165.50', rejectionReason: null });

  // a listing that is not the user's cannot be edited
  await page.goto('/list-data?edit=no-such-listing');
  await expect(page.getByText('Listing not found')).toBeVisible();
  await expect(page.getByRole('main').getByRole('form')).toHaveCount(0);
});
