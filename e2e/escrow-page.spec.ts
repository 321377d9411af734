import type { APIRequestContext, Page } from '@playwright/test';
import { expect, gql, test, toast } from './fixtures.ts';
import { logIn, meridianListing, newBuyer, quoteOf, type Listing } from './paying.ts';

// The escrow page (/payment-success/{contractId}): raising a dispute, and following the payment
// live while an administrator settles it (docs/decisions.md, "Payments: the rooms").

const ADMIN = { email: 'admin@datapit.demo', password: 'PitBoss#2026' };

/** A new buyer (logged in in the page) who paid for the n-th demo listing through the API: it is in escrow. */
async function paidListing(page: Page, n: number): Promise<{ listing: Listing; paymentId: string }> {
  await newBuyer(page);
  const listing = await meridianListing(page.request, n);
  const quote = await quoteOf(page.request, listing.contractId);
  const { createPayment } = await gql<{ createPayment: { data?: { id: string }; message?: string } }>(
    page.request,
    'mutation ($input: CreatePaymentInput!) { createPayment(input: $input) { ... on MutationCreatePaymentSuccess { data { id } } ... on Error { message } } }',
    { input: { contractId: listing.id, paymentMethod: 'crypto', amount: quote.total } },
  );
  expect(createPayment.data, createPayment.message).toBeDefined();
  const { confirmPayment } = await gql<{ confirmPayment: { __typename: string; message?: string } }>(
    page.request,
    'mutation ($input: ConfirmPaymentInput!) { confirmPayment(input: $input) { __typename ... on Error { message } } }',
    { input: { paymentId: createPayment.data!.id } },
  );
  expect(confirmPayment.__typename, confirmPayment.message).toBe('MutationConfirmPaymentSuccess');
  return { listing, paymentId: createPayment.data!.id };
}

async function mutate(request: APIRequestContext, query: string, input: Record<string, unknown>) {
  const answer = await gql<Record<string, { __typename: string; message?: string }>>(request, query, { input });
  const result = Object.values(answer)[0]!;
  expect(result.__typename, result.message).toMatch(/Success$/);
}

test('a buyer raises a dispute: Missing Information first, then Dispute Raised', async ({ page }) => {
  // paid through the API: this journey is about the escrow page
  const { listing } = await paidListing(page, 2);

  // the payment page now says it is paid and leads to the escrow status
  await page.goto(`/payment/${listing.contractId}`);
  await page.getByTestId('payment-standing').getByRole('link', { name: 'View escrow status' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment-success/${listing.contractId}$`));
  await expect(page.getByTestId('escrow-badge')).toHaveText('Escrowed');
  const steps = page.getByTestId('next-steps');
  // the library, named for what the listing delivers (a file: Download data; the provider's link: Open My Data)
  await expect(steps.getByRole('link', { name: /^(Download data|Open My Data)$/ })).toHaveAttribute('href', '/my-data');
  await expect(steps.getByRole('link', { name: 'Contact seller' })).toHaveAttribute('href', `/messaging?contract=${listing.contractId}`);
  await steps.getByRole('button', { name: 'Raise dispute' }).click();
  await expect(page.getByLabel('Reason')).toBeFocused();

  const form = page.getByTestId('dispute-form');
  await form.getByRole('button', { name: 'SUBMIT DISPUTE' }).click();
  await expect(toast(page, 'Missing Information')).toContainText('Please provide a reason and description for the dispute');

  await form.getByLabel('Reason').selectOption({ label: 'Misleading description' });
  await form.getByRole('button', { name: 'SUBMIT DISPUTE' }).click();
  await expect(toast(page, 'Missing Information')).toBeVisible();

  await form.getByLabel('Description').fill('The rows stop in 2024, the listing says they run to today.');
  await form.getByRole('button', { name: 'SUBMIT DISPUTE' }).click();
  await expect(toast(page, 'Dispute Raised')).toContainText("We'll contact you within 24 hours.");

  const dispute = page.getByTestId('dispute');
  await expect(dispute.getByTestId('dispute-status')).toHaveText('Open');
  await expect(dispute).toContainText('Misleading description');
  await expect(dispute).toContainText('The rows stop in 2024');
  await expect(page.getByTestId('escrow-badge')).toHaveText('Disputed');
  await expect(page.getByTestId('escrow-countdown')).toHaveText('Disputed');
  await expect(page.getByRole('button', { name: 'Raise dispute' })).toHaveCount(0);
  await expect(page.getByTestId('dispute-form')).toHaveCount(0);
});

test('the escrow page follows the payment live: the dispute and the refund show without a reload', async ({ page, playwright, baseURL }) => {
  const { listing, paymentId } = await paidListing(page, 7);
  await page.goto(`/payment-success/${listing.contractId}`);
  await expect(page.getByTestId('escrow-badge')).toHaveText('Escrowed');
  // A reload would drop this mark: everything below arrives through the subscription.
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  // The buyer disputes from another tab (the API, with the page's session).
  await mutate(
    page.request,
    'mutation ($input: OpenDisputeInput!) { openDispute(input: $input) { __typename ... on Error { message } } }',
    { paymentId, reason: 'incomplete_data', description: 'Half of the rows are missing.' },
  );
  await expect(page.getByTestId('escrow-badge')).toHaveText('Disputed');
  await expect(page.getByTestId('dispute').getByTestId('dispute-status')).toHaveText('Open');

  // An administrator refunds it.
  const admin = await playwright.request.newContext({ baseURL });
  await logIn(admin, ADMIN.email, ADMIN.password);
  await mutate(
    admin,
    'mutation ($input: SettleDisputeInput!) { settleDispute(input: $input) { __typename ... on Error { message } } }',
    { paymentId, decision: 'refund', note: 'Rows were missing' },
  );
  await expect(page.getByTestId('escrow-badge')).toHaveText('Refunded');
  await expect(page.getByTestId('dispute').getByTestId('dispute-status')).toHaveText('Refunded');
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await admin.dispose();
});
