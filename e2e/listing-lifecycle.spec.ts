import { createUser, expect, test, toast } from './fixtures.ts';
import { createLinkListing } from './providing.ts';
import { adminSession, freshProvider, logIn, logInAsAdmin, session, uid } from './reviewing.ts';

// Issue 26, listings that change (docs/decisions.md "Issue 26: listings that change"): the provider
// sees their listing in review (no Buy button), edits it once live (the price at once, the category
// through the back office), pauses it (its page says so, buying and bidding are refused) and
// resumes it. Everything asserted is on a listing made here, so other journeys are not touched.

test.describe.configure({ timeout: 180_000 });
// The first page of a fresh server (and a busy machine) can take longer than the default wait.
const firstLoad = { timeout: 30_000 };

test('a listing is edited, paused and resumed', async ({ page, browser, playwright, baseURL }) => {
  const admin = await adminSession(playwright, baseURL);
  const provider = await freshProvider(playwright, baseURL, admin);
  const title = `E2E Lifecycle FX ${uid()}`;
  const listing = await createLinkListing(provider.ctx, title);

  // The provider's own listing in review: what it is and where to edit it, no Buy button.
  await logIn(page.request, provider.user);
  await page.goto(`/contract/${listing.contractId}`);
  const trade = page.getByTestId('trade-card');
  await expect(trade.getByTestId('own-listing')).toHaveText(/Your listing · in review/i, firstLoad);
  await expect(trade.getByRole('link', { name: 'Edit listing' })).toHaveAttribute('href', `/list-data?edit=${listing.contractId}`);
  await expect(trade.getByRole('button', { name: /BUY NOW/ })).toHaveCount(0);

  const approved = await admin.patch(`/api/contracts/${listing.contractId}`, { data: { status: 'active' } });
  expect(approved.status(), await approved.text()).toBe(200);

  // Edit: the price changes at once, the category waits for review.
  await page.goto('/dashboard/listings');
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit listing' });
  await dialog.getByLabel('List price (USD)').fill('210.00');
  await dialog.getByLabel('Category').selectOption({ label: 'Energy' });
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Listing saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('changes-in-review')).toBeVisible();
  await expect(card).toContainText('$210.00');

  const publicView = await session(playwright, baseURL);
  const before = (await (await publicView.get(`/api/contracts/${listing.contractId}`)).json()) as { price: string; marketPrice: string; category: string };
  expect(before).toMatchObject({ price: '210.00', marketPrice: '210.00', category: 'financial' });

  // The administrator sees the change beside the current value and approves it.
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await logInAsAdmin(adminPage);
  const diff = adminPage.getByRole('table', { name: `Proposed changes to ${title}` });
  await expect(diff).toContainText('Financial');
  await expect(diff).toContainText('Energy');
  await adminPage.getByRole('button', { name: `Approve changes to ${title}` }).click();
  await expect(toast(adminPage, 'Changes approved')).toBeVisible();
  await expect(diff).toHaveCount(0);
  await adminContext.close();
  const after = (await (await publicView.get(`/api/contracts/${listing.contractId}`)).json()) as { category: string };
  expect(after.category).toBe('energy');

  // Pause: the card says so, the contract page says "Paused", buying and bidding are refused.
  await page.reload();
  await expect(card.getByTestId('changes-in-review')).toHaveCount(0);
  await card.getByRole('button', { name: `Pause ${title}` }).click();
  await expect(toast(page, 'Listing paused')).toBeVisible();
  await expect(card.getByText('paused', { exact: true })).toBeVisible();

  const buyer = await session(playwright, baseURL);
  const buyerUser = await createUser(buyer, { verified: true, label: 'lifecycle-buyer' });
  await logIn(buyer, buyerUser);
  const bid = await buyer.post('/api/bids', { data: { contractId: listing.contractId, bidAmount: 150 } });
  expect(bid.status()).toBe(409);
  expect(((await bid.json()) as { message: string }).message).toContain('paused');
  const pay = await buyer.post('/api/payments', { data: { contractId: listing.contractId, paymentMethod: 'card' } });
  expect(pay.status()).toBe(409);

  const buyerContext = await browser.newContext({ baseURL });
  const buyerPage = await buyerContext.newPage();
  await logIn(buyerPage.request, buyerUser);
  await buyerPage.goto(`/contract/${listing.contractId}`);
  await expect(buyerPage.getByTestId('contract-status')).toHaveText(/paused/i, firstLoad);
  await expect(buyerPage.getByTestId('not-on-sale')).toContainText('Paused by its provider');
  await expect(buyerPage.getByRole('button', { name: /BUY NOW/ })).toBeDisabled();

  // Resume: back on the market, a bid is taken again.
  await card.getByRole('button', { name: `Resume ${title}` }).click();
  await expect(toast(page, 'Listing resumed')).toBeVisible();
  await expect(card.getByText('active', { exact: true })).toBeVisible();
  const again = await buyer.post('/api/bids', { data: { contractId: listing.contractId, bidAmount: 150 } });
  expect(again.status(), await again.text()).toBe(201);
  await buyerPage.reload();
  await expect(buyerPage.getByRole('link', { name: /BUY NOW/ })).toBeVisible();
  await buyerContext.close();
});
