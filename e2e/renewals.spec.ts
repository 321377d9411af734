import type { APIRequestContext, Page } from '@playwright/test';
import { expect, gql, test, toast } from './fixtures.ts';
import { fillCard, GOOD_CARD, money, newBuyer, quoteOf } from './paying.ts';

// Subscriptions that renew (issue 26): a buyer ticks "Renew automatically" at checkout, the
// renewal runs on the journeys' clock (POST /api/test/jobs/run, only this purchase's jobs) and the
// library shows the new period with its invoice; a second subscription with a kept card that
// declines: the failed renewal rings the bell and the library says so; the buyer cancels renewing.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Pays at checkout, declined once kept (the simulated provider's renewal test card). */
const RENEWAL_DECLINES = '4000 0000 0000 0341';

type Subscription = { id: string; contractId: string; title: string };
type Purchase = { purchaseId: string; accessExpiresAt: string; renewalStatus: string; contract: { contractId: string } };

/** Active monthly subscriptions on the market (any provider: the buyer is a new user). */
async function monthlyListings(request: APIRequestContext): Promise<Subscription[]> {
  const { contracts } = await gql<{ contracts: { edges: { node: Subscription & { status: string; pricingModel: string } }[] } }>(
    request,
    '{ contracts(first: 100) { edges { node { id contractId title status pricingModel } } } }',
  );
  const found = contracts.edges.map((e) => e.node).filter((c) => c.status === 'active' && c.pricingModel === 'monthly_subscription');
  expect(found.length, 'active monthly subscriptions in the demo data').toBeGreaterThan(1);
  return found;
}

async function purchaseOf(request: APIRequestContext, contractId: string): Promise<Purchase> {
  const { viewer } = await gql<{ viewer: { purchases: { edges: { node: Purchase }[] } } }>(
    request,
    '{ viewer { purchases(first: 20) { edges { node { purchaseId accessExpiresAt renewalStatus contract { contractId } } } } } }',
  );
  const found = viewer.purchases.edges.map((e) => e.node).find((p) => p.contract.contractId === contractId);
  expect(found, 'the purchase in the library').toBeTruthy();
  return found!;
}

/** Runs this purchase's renewal jobs due at `at`, then the notices they raised. */
async function runRenewal(request: APIRequestContext, purchaseId: string, at: Date) {
  const ran = await request.post('/api/test/jobs/run', { data: { at: at.toISOString(), keyPrefixes: [`renew:${purchaseId}`] } });
  expect(ran.status()).toBe(200);
  expect((await ran.json()).done).toBe(1);
  const told = await request.post('/api/test/jobs/run', { data: { at: at.toISOString(), kinds: ['event.fanout'] } });
  expect(told.status()).toBe(200);
}

/** Checkout with "Renew automatically" ticked; answers the purchase. */
async function subscribe(page: Page, listing: Subscription, card: string): Promise<Purchase> {
  const quote = await quoteOf(page.request, listing.contractId);
  await page.goto(`/payment/${listing.contractId}`);
  const choice = page.getByTestId('auto-renew-choice');
  await expect(choice).toContainText('Renew automatically every 30 days', { timeout: 30_000 });
  await page.getByLabel('Renew automatically every 30 days').check();
  await expect(choice).toContainText('You are reminded 7 days before each renewal');
  await fillCard(page, card);
  await page.getByRole('button', { name: `PAY ${money(quote.total)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/payment-success/${listing.contractId}$`), { timeout: 15_000 });
  return purchaseOf(page.request, listing.contractId);
}

const libraryCard = (page: Page, title: string) => page.getByTestId('library-item').filter({ has: page.getByRole('link', { name: title, exact: true }) });

test('a subscription renews on its own: the library shows the new period and its invoice; a declined card rings the bell; cancel renewing', async ({ page }) => {
  test.setTimeout(180_000);
  await newBuyer(page);
  const [first, second] = await monthlyListings(page.request);

  // 1. Bought with automatic renewal: the library says when it renews, with which card.
  const renewing = await subscribe(page, first!, GOOD_CARD);
  expect(renewing.renewalStatus).toBe('scheduled');
  await page.goto('/my-data');
  const card = libraryCard(page, first!.title);
  await expect(card.getByTestId('renewal-status')).toContainText('Renews automatically');
  await expect(card.getByTestId('renewal-status')).toContainText('Visa •••• 4242');

  // 2. The renewal, in the hour after it falls due (3 days before the end): the same purchase runs 30 days longer.
  const end = new Date(renewing.accessExpiresAt);
  await runRenewal(page.request, renewing.purchaseId, new Date(end.getTime() - 3 * DAY + HOUR));
  const renewed = await purchaseOf(page.request, first!.contractId);
  expect(new Date(renewed.accessExpiresAt).getTime()).toBe(end.getTime() + 30 * DAY);
  await page.reload();
  const periods = card.getByTestId('renewed-periods');
  await expect(periods).toContainText('Renewed');
  await expect(periods.getByTestId('invoice-pdf')).toBeVisible();
  await expect(card.getByTestId('renewal-status')).toContainText('Renews automatically');

  // 3. A kept card that declines: the renewal fails, the buyer hears it, the library says so.
  const declining = await subscribe(page, second!, RENEWAL_DECLINES);
  await runRenewal(page.request, declining.purchaseId, new Date(new Date(declining.accessExpiresAt).getTime() - 3 * DAY + HOUR));
  await page.goto('/my-data');
  await expect(page.getByTestId('notification-count')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('notification-bell').click();
  const panel = page.getByTestId('notification-panel');
  await expect(panel.getByTestId('notification-row').filter({ hasText: 'Your subscription could not renew' })).toContainText(second!.title);
  await page.keyboard.press('Escape');
  const failing = libraryCard(page, second!.title);
  await expect(failing.getByTestId('renewal-status')).toContainText('Renewal failed: Your card was declined');
  await expect(failing.getByTestId('renewal-status')).toContainText('We try again on');
  await page.setViewportSize({ width: 390, height: 844 });
  await failing.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/renewals-library-phone.png', fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });

  // 4. Cancel renewing from the library: access lasts to the end of the paid period.
  await failing.getByRole('button', { name: 'Cancel renewal' }).click();
  await expect(toast(page, 'Renewal cancelled')).toBeVisible();
  await expect(failing.getByTestId('renewal-status')).toContainText('Renewal cancelled. Your access lasts until');
  expect((await purchaseOf(page.request, second!.contractId)).renewalStatus).toBe('cancelled');
});
