import type { APIRequestContext } from '@playwright/test';
import { expect as baseExpect, test, toast } from './fixtures.ts';
import { DEMO_PROVIDER, adminLogin, createLinkListing, login, unique } from './providing.ts';

// The freshness promise (issue 26; docs/decisions.md "Issue 26: the freshness promise"): a daily
// listing whose next release is two days late shows "delayed since" on its page and its card, its
// provider hears of it in the bell, and confirming an update of the link listing clears it. The
// check a day and more away runs through the journeys' clock, for this listing only.

const DAY = 24 * 3_600_000;
// pages on a shared, busy machine: a journey of five pages waits longer than one assertion's default
const expect = baseExpect.configure({ timeout: 25_000 });

/** Runs the listing's freshness check and the fan-out of what it records, as if it were `at`. */
async function runFreshnessCheck(request: APIRequestContext, contractId: string, at: Date) {
  const res = await request.post('/api/test/jobs/run', { data: { at: at.toISOString(), keyPrefixes: [`freshness:${contractId}:`], kinds: ['event.fanout'] } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { done: number };
}

/**
 * How many of the listing's own freshness checks are due at `at` (and were run). The fan-out is
 * left out: other journeys that ran their clock ahead leave events due at their own future times,
 * which a fan-out pass at `at` would run and count.
 */
async function checksDue(request: APIRequestContext, contractId: string, at: Date) {
  const res = await request.post('/api/test/jobs/run', { data: { at: at.toISOString(), keyPrefixes: [`freshness:${contractId}:`] } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { done: number }).done;
}

test('a daily listing two days late is delayed on its page and its card, the provider is told, and a confirmed update clears it', async ({ page, request }) => {
  test.setTimeout(180_000); // a page, a card, the bell, My Listings and the page again
  await login(page.request, DEMO_PROVIDER);
  const title = unique('E2E Daily FX');
  const listing = await createLinkListing(page.request, title);
  await adminLogin(request);
  const approved = await request.patch(`/api/contracts/${listing.contractId}`, { data: { status: 'active' } });
  expect(approved.status(), await approved.text()).toBe(200);

  // a day later it is still within its grace: nothing
  expect(await checksDue(request, listing.contractId, new Date(Date.now() + DAY))).toBe(0);
  await page.goto(`/contract/${listing.contractId}`);
  const panel = page.getByTestId('contract-freshness');
  await expect(panel).toContainText('On schedule');
  await expect(panel).toContainText('daily releases');

  // two days later the release is overdue
  const ran = await runFreshnessCheck(request, listing.contractId, new Date(Date.now() + 2 * DAY));
  const after = await (await request.get(`/api/contracts/${listing.contractId}`)).json();
  expect(after.delayedSince, JSON.stringify({ ran, after })).not.toBeNull();
  await page.reload();
  await expect(panel.getByTestId('contract-delayed')).toContainText('Delayed since');

  // the card on the market says so too
  await page.goto(`/browse?search=${encodeURIComponent(title)}`);
  const card = page.getByTestId('contract-card').filter({ hasText: title });
  await expect(card.getByTestId('contract-delayed')).toContainText('Delayed since');

  // the provider's bell
  await page.goto('/dashboard/notifications');
  await expect(page.getByTestId('notification-list').getByTestId('notification-row').filter({ hasText: title }).filter({ hasText: 'Your data is delayed' })).toBeVisible();
  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('notification-panel').getByTestId('notification-row').filter({ hasText: title }).filter({ hasText: 'Your data is delayed' })).toBeVisible();
  await page.keyboard.press('Escape');

  // My Listings: the link listing's update confirmed with a note
  await page.goto('/dashboard/listings');
  const mine = page.getByTestId('listing-card').filter({ hasText: title });
  await expect(mine.getByTestId('listing-delayed')).toBeVisible();
  await mine.getByRole('button', { name: `Confirm update of ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm an update' });
  await dialog.getByRole('button', { name: 'Confirm update' }).click();
  await expect(dialog.getByText('Say what was updated')).toBeVisible();
  await dialog.getByLabel('What was updated').fill('Rates for the last two days added.');
  await dialog.getByRole('button', { name: 'Confirm update' }).click();
  await expect(toast(page, 'Update Confirmed')).toBeVisible();
  await expect(mine.getByTestId('listing-delayed')).toHaveCount(0);

  await page.goto(`/contract/${listing.contractId}`);
  await expect(panel).toContainText('On schedule');
  // the confirmed update moved the next check a day and its grace on: two days from now is no longer due
  expect(await checksDue(request, listing.contractId, new Date(Date.now() + DAY))).toBe(0);
});

test('the freshness panel and a delayed card at a phone width', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page.request, DEMO_PROVIDER);
  const title = unique('E2E Phone FX');
  const listing = await createLinkListing(page.request, title);
  await adminLogin(request);
  expect((await request.patch(`/api/contracts/${listing.contractId}`, { data: { status: 'active' } })).status()).toBe(200);
  await runFreshnessCheck(request, listing.contractId, new Date(Date.now() + 2 * DAY));
  await page.goto(`/contract/${listing.contractId}`);
  await expect(page.getByTestId('contract-freshness').getByTestId('contract-delayed')).toBeVisible();
  await page.getByTestId('contract-freshness').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/freshness-contract-390.png' });
  await page.goto(`/browse?search=${encodeURIComponent(title)}`);
  await expect(page.getByTestId('contract-card').filter({ hasText: title }).getByTestId('contract-delayed')).toBeVisible();
  await page.screenshot({ path: 'test-results/freshness-card-390.png' });
  await page.goto('/dashboard/listings');
  await page.getByTestId('listing-card').filter({ hasText: title }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/freshness-listings-390.png' });
});
