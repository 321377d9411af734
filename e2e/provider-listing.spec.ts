import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { expect, gql, operationOf, test, toast } from './fixtures.ts';
import { adminLogin, createLinkListing, DEMO_PROVIDER, listingStatus, login, throttleUploads, tradesCsv, unique } from './providing.ts';

// The approved demo provider lists data: a real CSV upload and its profile, a cancelled upload, a
// file past the row limits, the listing form's messages, and a rejected listing edited and
// resubmitted. Listings are picked by id or unique title, never by position: the other journeys
// share the server and its demo data.

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
