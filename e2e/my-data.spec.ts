import fs from 'node:fs/promises';
import { createUser, expect, gql, test, toast } from './fixtures.ts';
import { ADMIN, buyerWhoPaid, libraryItem, linkListing, login, uploadedListing } from './library.ts';

// The buyer's data library (/my-data): logged out and empty, then a buyer who paid through GraphQL
// (card 4242 4242 4242 4242) for the demo provider's listing with a real CSV upload: ACTIVE, a
// download with its progress bar and a saved file, the key's prefix (the key saved at payment keeps
// working), rotate (the new key shown once), the access log; after an administrator released a
// disputed payment, the review; after a refund, one word for it everywhere; and a listing delivered
// by the provider's own link, from the escrow page to the library.
// Every buyer is new, so nothing depends on the other journeys' data.

test('logged out, the library asks to log in; a new buyer sees the empty state linking to browse', async ({ page }) => {
  await page.goto('/my-data');
  await expect(page.getByText('LOGIN REQUIRED')).toBeVisible();
  await expect(page.locator('#main').getByRole('link', { name: 'LOGIN', exact: true })).toHaveAttribute('href', '/auth/login?next=%2Fmy-data');

  const buyer = await createUser(page.request, { verified: true, label: 'empty' });
  await login(page.request, buyer.email, buyer.password);
  await page.goto('/my-data');
  await expect(page.getByRole('heading', { name: 'My Data' })).toBeVisible();
  await expect(page.getByText('No purchases yet')).toBeVisible();
  await page.getByRole('link', { name: 'Browse data' }).click();
  await expect(page).toHaveURL(/\/browse$/);
});

test('a buyer who paid sees ACTIVE and downloads with a progress bar that completes and a saved file', async ({ page, request }) => {
  const listing = await uploadedListing(request);
  await buyerWhoPaid(page, listing);
  const file = listing.files[0]!;

  await page.goto('/my-data');
  const item = libraryItem(page, listing.title);
  await expect(item.getByTestId('access-badge')).toHaveText('ACTIVE');
  await expect(item.getByTestId('escrow-status')).toContainText(/releases in \d+h \d\dm \d\ds/);
  await expect(item.getByRole('link', { name: listing.title, exact: true })).toHaveAttribute('href', `/contract/${listing.contractId}`);
  await expect(item).toContainText('Meridian Analytics');
  // a one-time purchase with live access has nothing to renew
  await expect(item.getByRole('link', { name: 'Renew' })).toHaveCount(0);

  // the bar fills to 100% and the file is saved under the uploaded name, every byte
  const saved = page.waitForEvent('download');
  await item.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(toast(page, 'Download Started')).toBeVisible();
  const download = await saved;
  expect(download.suggestedFilename()).toBe(file.fileName);
  expect((await fs.stat((await download.path())!)).size).toBe(file.size);
  await expect(item.getByTestId('download-progress')).toBeVisible();
  await expect(item.getByTestId('download-progress')).toHaveAttribute('aria-valuenow', '100');
  await expect(item.getByTestId('download-percent')).toHaveText('100%');
  await expect(item.getByTestId('download-saved')).toHaveText(`Saved as ${file.fileName}`);
});

test('the library names the key saved at payment by its prefix and never changes it: that key still works', async ({ page, request, baseURL }) => {
  const listing = await uploadedListing(request);
  const { escrowKey } = await buyerWhoPaid(page, listing);
  const prefix = escrowKey.slice(0, 12);
  await page.goto('/my-data');
  const item = libraryItem(page, listing.title);

  // the button says what it does: it shows the key's prefix (no button offers to "request" a new one)
  await expect(item.getByRole('button', { name: 'Request access' })).toHaveCount(0);
  await item.getByRole('button', { name: 'Show key prefix' }).click();
  await expect(toast(page, 'Your API Key')).toContainText(`${prefix}…`);
  await expect(item.getByTestId('api-key-full')).toHaveCount(0);
  await expect(item.getByTestId('api-key-prefix')).toHaveText(`${prefix}…`);
  await expect(item.getByTestId('stream-endpoint')).toHaveText(`GET /api/data/stream/${listing.contractId}`);
  // the examples name the key by its prefix: the buyer pastes the key they saved
  await expect(item.getByTestId('example-curl-download')).toContainText(`KEY="${prefix}…YOUR_KEY"`);
  await expect(item.getByTestId('example-curl-download')).toContainText(`URL="${baseURL}/api/data/download/${listing.contractId}"`);
  await expect(item.getByTestId('example-curl-download')).toContainText('If-Range');
  await expect(item.getByTestId('example-curl-stream')).toContainText(`${baseURL}/api/data/stream/${listing.contractId}`);
  // the reference of every REST path is one link away
  await expect(item.getByTestId('api-reference-link')).toHaveAttribute('href', '/api/docs');

  // the key saved at payment opens the data after the library was opened, also after a second look
  expect((await request.get(`/api/data/stream/${listing.contractId}`, { headers: { 'x-api-key': escrowKey } })).status()).toBe(200);
  await page.reload();
  await item.getByRole('button', { name: 'Show key prefix' }).click();
  await expect(toast(page, 'Your API Key').last()).toContainText(`${prefix}…`);
  await expect(item.getByTestId('api-key-prefix')).toHaveText(`${prefix}…`);
  expect((await request.get(`/api/data/download/${listing.contractId}`, { headers: { 'x-api-key': escrowKey } })).status()).toBe(200);
});

test('rotating the key shows a new one once, changes the prefix, and the access log shows every use', async ({ page, request }) => {
  const listing = await uploadedListing(request);
  const { escrowKey } = await buyerWhoPaid(page, listing);
  // the escrow key is in use: a script streams with it
  expect((await request.get(`/api/data/stream/${listing.contractId}`, { headers: { 'x-api-key': escrowKey } })).status()).toBe(200);

  await page.goto('/my-data');
  const item = libraryItem(page, listing.title);
  await item.getByRole('button', { name: 'Developer access' }).click();
  await expect(item.getByTestId('api-key-prefix')).toHaveText(`${escrowKey.slice(0, 12)}…`);

  await item.getByRole('button', { name: 'Rotate key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rotate API key' });
  await expect(dialog).toContainText(`${escrowKey.slice(0, 12)}… stops working at once`);
  await dialog.getByRole('button', { name: 'Rotate key' }).click();
  await expect(toast(page, 'API Key Rotated')).toBeVisible();
  await expect(dialog).toBeHidden();
  const rotated = (await item.getByTestId('api-key-full').textContent())!;
  expect(rotated).toMatch(/^dpk_[\w-]{43}$/);
  expect(rotated).not.toBe(escrowKey);
  await expect(item.getByText('it will not be shown again')).toBeVisible();
  await expect(item.getByTestId('api-key-prefix')).toHaveText(`${rotated.slice(0, 12)}…`);
  expect((await request.get(`/api/data/stream/${listing.contractId}`, { headers: { 'x-api-key': escrowKey } })).status()).toBe(401);
  // the examples carry the new key while it is shown; the other languages are tabs (click, arrow keys)
  await expect(item.getByTestId('example-curl-download')).toContainText(`KEY="${rotated}"`);
  await item.getByRole('tab', { name: 'Python' }).click();
  await expect(item.getByRole('tab', { name: 'Python' })).toHaveAttribute('aria-selected', 'true');
  await expect(item.getByTestId('example-python-stream')).toContainText(`headers = {"X-API-Key": "${rotated}"}`);
  await expect(item.getByTestId('example-python-download')).toContainText('headers["If-Range"] = tag');
  await page.keyboard.press('ArrowRight');
  await expect(item.getByRole('tab', { name: 'JavaScript' })).toBeFocused();
  await expect(item.getByTestId('example-javascript-download')).toContainText(`"X-API-Key": "${rotated}"`);
  await expect(item.getByTestId('example-curl-download')).toHaveCount(0);
  // once dismissed it is gone for good: only the prefix, also after a reload
  await item.getByRole('button', { name: 'I saved it' }).click();
  await expect(item.getByTestId('api-key-full')).toHaveCount(0);

  // newest first: the refused old key, the rotation (a key issued), the stream with the escrow key
  await item.getByRole('tab', { name: 'curl' }).click();
  const log = item.getByTestId('access-log');
  await expect(async () => {
    await log.getByRole('button', { name: 'Refresh' }).click();
    await expect(log).toContainText('Access log · 3 uses', { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  const rows = log.getByTestId('access-log-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(/stream.*denied.*401/);
  await expect(rows.nth(1)).toContainText(/access.*issued.*200/);
  await expect(rows.nth(2)).toContainText(/stream.*ok.*200/);
});

test('after an administrator releases a disputed payment, the buyer reviews the provider with 4 stars', async ({ page, request }) => {
  const listing = await uploadedListing(request);
  const { paymentId } = await buyerWhoPaid(page, listing);
  const { openDispute } = await gql<{ openDispute: { __typename: string; message?: string } }>(
    page.request,
    'mutation ($input: OpenDisputeInput!) { openDispute(input: $input) { __typename ... on Error { message } } }',
    { input: { paymentId, reason: 'data_quality', description: 'Some rows look duplicated; please check.' } },
  );
  expect(openDispute.__typename, openDispute.message).toBe('MutationOpenDisputeSuccess');

  await page.goto('/my-data');
  const item = libraryItem(page, listing.title);
  await expect(item.getByTestId('escrow-status')).toHaveText('Disputed · under review');
  await expect(item.getByTestId('review-form')).toHaveCount(0);

  // the administrator (its own request context) releases the money
  const adminLogin = await request.post('/api/auth/login', { data: ADMIN });
  expect(adminLogin.status(), await adminLogin.text()).toBe(200);
  const { settleDispute } = await gql<{ settleDispute: { __typename: string; message?: string } }>(
    request,
    'mutation ($input: SettleDisputeInput!) { settleDispute(input: $input) { __typename ... on Error { message } } }',
    { input: { paymentId, decision: 'release', note: 'The data matches the listing.' } },
  );
  expect(settleDispute.__typename, settleDispute.message).toBe('MutationSettleDisputeSuccess');

  await page.reload();
  await expect(item.getByTestId('escrow-status')).toHaveText('Released to the provider');
  const form = item.getByRole('form', { name: `Review Meridian Analytics for ${listing.title}` });
  // no stars chosen: the form says so
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(form.getByTestId('review-error')).toHaveText('Choose from 1 to 5 stars.');
  const stars = form.getByRole('radiogroup');
  await stars.getByRole('radio', { name: '4 stars' }).check();
  await form.getByLabel('Review (optional)').fill('Clean data, quick answers.');
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(toast(page, 'Review Submitted')).toBeVisible();
  const review = item.getByTestId('purchase-review');
  await expect(review).toContainText('4/5');
  await expect(review).toContainText('Clean data, quick answers.');
  await expect(review.getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeVisible();
  await expect(item.getByTestId('review-form')).toHaveCount(0);
  // it stays after a reload (read from the server)
  await page.reload();
  await expect(item.getByTestId('purchase-review')).toContainText('4/5');
});

test('a refunded purchase reads Refunded in the library, on the escrow page and on the dashboard, and offers no Renew', async ({ page, request }) => {
  const listing = await uploadedListing(request);
  const { paymentId } = await buyerWhoPaid(page, listing);
  const { openDispute } = await gql<{ openDispute: { __typename: string; message?: string } }>(
    page.request,
    'mutation ($input: OpenDisputeInput!) { openDispute(input: $input) { __typename ... on Error { message } } }',
    { input: { paymentId, reason: 'incomplete_data', description: 'Half of the promised rows are missing.' } },
  );
  expect(openDispute.__typename, openDispute.message).toBe('MutationOpenDisputeSuccess');
  const adminLogin = await request.post('/api/auth/login', { data: ADMIN });
  expect(adminLogin.status(), await adminLogin.text()).toBe(200);
  const { settleDispute } = await gql<{ settleDispute: { __typename: string; message?: string } }>(
    request,
    'mutation ($input: SettleDisputeInput!) { settleDispute(input: $input) { __typename ... on Error { message } } }',
    { input: { paymentId, decision: 'refund', note: 'The data is short of the listing.' } },
  );
  expect(settleDispute.__typename, settleDispute.message).toBe('MutationSettleDisputeSuccess');

  await page.goto('/my-data');
  const item = libraryItem(page, listing.title);
  await expect(item.getByTestId('access-badge')).toHaveText('REFUNDED');
  await expect(item.getByTestId('escrow-status')).toHaveText('Refunded');
  await expect(item.getByTestId('library-note')).toHaveText('Refunded: the money went back to you and this data is no longer available. You can buy it again from the listing.');
  await expect(item.getByTestId('library-note').getByRole('link', { name: 'the listing' })).toHaveAttribute('href', `/contract/${listing.contractId}`);
  await expect(item.getByRole('link', { name: 'Renew' })).toHaveCount(0);
  await expect(item.getByRole('button', { name: 'Download', exact: true })).toHaveCount(0);
  await expect(item).not.toContainText(/revoked|INACTIVE/i);

  await page.goto(`/payment-success/${listing.contractId}`);
  await expect(page.getByTestId('escrow-badge')).toHaveText('Refunded');
  const steps = page.getByTestId('next-steps');
  await expect(steps).toContainText('This purchase was refunded');
  await expect(steps.getByRole('link', { name: 'Download data' })).toHaveCount(0);

  await page.goto('/dashboard/contracts');
  const row = page.getByTestId('purchase-row').filter({ hasText: listing.title });
  await expect(row).toContainText('Status: refunded');
  await expect(row).not.toContainText(/revoked/i);
});

test("a listing delivered by the provider's link: the escrow page and the library say what the buyer gets, with examples that fit", async ({ page, request, baseURL }) => {
  const listing = await linkListing(request);
  const { escrowKey } = await buyerWhoPaid(page, listing);

  await page.goto(`/payment-success/${listing.contractId}`);
  const steps = page.getByTestId('next-steps');
  await expect(steps).toContainText('Get your data from the provider.');
  await expect(steps.getByRole('link', { name: 'Download data' })).toHaveCount(0);
  const access = steps.getByTestId('provider-access');
  await expect(access.getByRole('link', { name: listing.dataAccessUrl })).toHaveAttribute('href', listing.dataAccessUrl);
  await expect(access).toContainText(listing.accessInstructions);
  await expect(access).toContainText('Your DATA PIT API key does not sign you in there.');
  await steps.getByRole('link', { name: 'Open My Data' }).click();
  await expect(page).toHaveURL(/\/my-data$/);

  const item = libraryItem(page, listing.title);
  await expect(item.getByTestId('access-badge')).toHaveText('ACTIVE');
  await expect(item.getByRole('button', { name: 'Download', exact: true })).toHaveCount(0);
  await expect(item.getByTestId('provider-access').getByRole('link', { name: listing.dataAccessUrl })).toBeVisible();
  await expect(item.getByTestId('provider-access')).toContainText(listing.accessInstructions);
  await item.getByRole('button', { name: 'Developer access' }).click();
  // the example asks for the link and saves no data file; no download or stream example
  const example = item.getByTestId('example-curl-link');
  await expect(example).toContainText(`${baseURL}/api/data/download/${listing.contractId}`);
  await expect(example).toContainText("not the provider's site");
  await expect(example).not.toContainText(' -o ');
  await expect(item.getByTestId('example-curl-download')).toHaveCount(0);
  await expect(item.getByTestId('example-curl-stream')).toHaveCount(0);
  // what the example's call answers: the provider's link and instructions
  const res = await request.get(`/api/data/download/${listing.contractId}`, { headers: { 'x-api-key': escrowKey } });
  expect(await res.json()).toMatchObject({ dataAccessUrl: listing.dataAccessUrl, accessInstructions: listing.accessInstructions });
});

test('a slow download shows its progress and time left, and Cancel stops it', async ({ page, request }) => {
  const listing = await uploadedListing(request);
  await buyerWhoPaid(page, listing);
  await page.goto('/my-data');
  const item = libraryItem(page, listing.title);
  await expect(item.getByTestId('access-badge')).toHaveText('ACTIVE');

  // the page's downloads crawl (~16 KB/s), so the transfer is still running when it is looked at
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: 16 * 1024, uploadThroughput: -1 });
  await item.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(toast(page, 'Download Started')).toBeVisible();
  await expect(item.getByTestId('download-progress')).toBeVisible();
  await expect(item.getByTestId('download-eta')).toContainText('left');
  await expect(item.getByTestId('download-bytes')).toContainText(/ \/ \d+(\.\d)? KB/);
  await item.getByRole('button', { name: 'Cancel download' }).click();
  await expect(item.getByTestId('download-stopped')).toHaveText('Download cancelled.');
  await expect(item.getByTestId('download-progress')).toHaveCount(0);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // the server logged the download (ok or aborted: a small file may already sit in the socket
  // buffers when the browser gives up), and a new download runs to the end
  await item.getByRole('button', { name: 'Developer access' }).click();
  const log = item.getByTestId('access-log');
  await expect(async () => {
    await log.getByRole('button', { name: 'Refresh' }).click();
    await expect(log.getByTestId('access-log-row').filter({ hasText: 'download' })).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const saved = page.waitForEvent('download');
  await item.getByRole('button', { name: 'Download', exact: true }).click();
  await saved;
  await expect(item.getByTestId('download-percent')).toHaveText('100%');
  await expect(item.getByTestId('download-stopped')).toHaveCount(0);
});
