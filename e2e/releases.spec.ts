import fs from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, gql, test, toast } from './fixtures.ts';
import { buyerWhoPaid, libraryItem } from './library.ts';
import { adminLogin, DEMO_PROVIDER, login, unique } from './providing.ts';

// Releases (issue 26, docs/decisions.md "Issue 26: releases"): the demo provider's new CSV listing
// (monthly subscription) is approved, so its file is release 1; a buyer subscribes; the provider
// publishes release 2 from the listing's card with a column removed; the buyer's bell rings with
// the schema change, the contract page shows it with the diff, and the library downloads release 1
// and release 2, whose contents differ.

const V1 = 'id,region,price\n1,EU,10\n2,US,20\n3,APAC,30\n';
const V2 = 'id,price\n1,10\n2,20\n3,30\n4,40\n';

/** A file listing of the demo provider, approved by the administrator: its file is release 1. */
async function approvedCsvListing(provider: APIRequestContext, admin: APIRequestContext, title: string) {
  await login(provider, DEMO_PROVIDER);
  const upload = await provider.post('/api/uploads', { multipart: { file: { name: 'regions.csv', mimeType: 'text/csv', buffer: Buffer.from(V1) } } });
  expect(upload.status(), await upload.text()).toBe(201);
  const { id: fileId } = (await upload.json()) as { id: string };
  const { createListing } = await gql<{ createListing: { __typename: string; message?: string; data?: { id: string; contractId: string } } }>(
    provider,
    `mutation ($input: ListingInput!) {
      createListing(input: $input) { __typename ... on MutationCreateListingSuccess { data { id contractId } } ... on Error { message } }
    }`,
    {
      input: {
        title,
        description: 'Prices by region, refreshed every month from the same three sources, with the region of each row.',
        category: 'financial',
        price: '60.00',
        pricingModel: 'monthly_subscription',
        dataFormat: 'csv',
        updateFrequency: 'monthly',
        sampleSize: '3 rows',
        geographicCoverage: 'Global',
        dataSource: 'Three regional price feeds',
        dataAccessType: 'file_upload',
        fileId,
        complianceAcknowledged: true,
        qualityAcknowledged: true,
        legalAcknowledged: true,
      },
    },
  );
  expect(createListing.__typename, createListing.message).toBe('MutationCreateListingSuccess');
  const listing = createListing.data!;
  await adminLogin(admin);
  const approved = await admin.patch(`/api/contracts/${listing.contractId}`, { data: { status: 'active' } });
  expect(approved.status(), await approved.text()).toBe(200);
  return { ...listing, title, files: [] };
}

async function download(page: Page, item: ReturnType<typeof libraryItem>, version: string) {
  await item.getByRole('radio', { name: `Release ${version}` }).check();
  const saved = page.waitForEvent('download');
  await item.getByRole('button', { name: 'Download', exact: true }).click();
  const file = await saved;
  return fs.readFile((await file.path())!, 'utf8');
}

test('a provider publishes release 2 without a column; the subscriber is told of the schema change and downloads both releases', async ({ page, browser, playwright, baseURL }) => {
  test.setTimeout(180_000);
  // a busy machine: the first loads of each screen may be slow
  test.slow();
  const providerApi = await playwright.request.newContext({ baseURL });
  const adminApi = await playwright.request.newContext({ baseURL });
  const listing = await approvedCsvListing(providerApi, adminApi, unique('Regional prices'));
  await Promise.all([providerApi.dispose(), adminApi.dispose()]);

  // a buyer subscribes (monthly): release 1 is theirs, and what comes while their access lasts
  await buyerWhoPaid(page, listing);
  await page.goto('/my-data');
  const item = libraryItem(page, listing.title);
  await expect(item.getByTestId('release')).toHaveCount(1, { timeout: 30_000 });

  // the provider publishes release 2 from the listing's card: upload with progress, version, notes
  const providerContext = await browser.newContext();
  const provider = await providerContext.newPage();
  await login(provider.request, DEMO_PROVIDER);
  await provider.goto('/dashboard/listings');
  const card = provider.getByTestId('listing-card').filter({ hasText: listing.title });
  await expect(card.getByTestId('listing-releases')).toContainText('Releases (1)', { timeout: 30_000 });
  await card.getByRole('button', { name: 'Publish release' }).click();
  const dialog = provider.getByRole('dialog');
  await dialog.getByTestId('file-input').setInputFiles({ name: 'regions-2.csv', mimeType: 'text/csv', buffer: Buffer.from(V2) });
  await expect(dialog.getByTestId('uploaded-file')).toContainText('regions-2.csv');
  await expect(dialog.getByLabel('Version')).toHaveValue('2');
  await dialog.getByLabel('Release notes').fill('The region column is gone: join on the country listing instead.');
  await dialog.getByRole('button', { name: 'Publish release' }).click();
  await expect(toast(provider, 'Release Published')).toBeVisible();
  await expect(card.getByTestId('listing-releases')).toContainText('Releases (2)');
  await expect(card.getByTestId('release').first().getByTestId('schema-change')).toBeVisible();
  await providerContext.close();

  // the buyer's bell rings with the schema change (the server's job runner fans the event out)
  await page.goto('/');
  await expect(page.getByTestId('notification-count')).toHaveText('1', { timeout: 30_000 });
  await page.getByTestId('notification-bell').click();
  const notice = page.getByTestId('notification-panel').getByTestId('notification-row').first();
  await expect(notice).toContainText('New release 2 (schema change)');
  await expect(notice).toContainText(listing.title);
  await page.keyboard.press('Escape');

  // the contract page: both releases, the newest with its badge, notes and diff
  await page.goto(`/contract/${listing.contractId}`);
  const releases = page.getByTestId('releases');
  await expect(releases.getByTestId('release')).toHaveCount(2);
  const newest = releases.getByTestId('release').first();
  await expect(newest).toContainText('v2');
  await expect(newest.getByTestId('schema-change')).toHaveText(/schema change/i);
  await expect(newest).toContainText('The region column is gone');
  await expect(newest.getByTestId('schema-diff')).toContainText('− region');
  await page.setViewportSize({ width: 390, height: 844 });
  await releases.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/releases-contract-phone.png' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // the library: both releases; release 1 and release 2 download with their own contents
  await page.goto('/my-data');
  await expect(item.getByTestId('release')).toHaveCount(2);
  await expect(item.getByTestId('release').first().getByTestId('schema-change')).toBeVisible();
  const first = await download(page, item, '1');
  const second = await download(page, item, '2');
  expect(first).toBe(V1);
  expect(second).toBe(V2);
  expect(first).not.toBe(second);
  await page.setViewportSize({ width: 390, height: 844 });
  await item.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/releases-library-phone.png', fullPage: false });
});
