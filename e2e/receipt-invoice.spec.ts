import fs from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { expect, gql, newestMailTo, test, toast } from './fixtures.ts';
import { DEMO_PASSWORD, fillCard, GOOD_CARD, logIn, meridianListing, money, newBuyer, PROVIDER_EMAIL, quoteOf } from './paying.ts';

// Receipts and invoices (docs/decisions.md, "Issue 25: receipts and invoices"): a buyer gives billing
// details at checkout, pays, gets the receipt by mail, and downloads the PDF invoice from the
// payment-success page and from the library; the seller finds it in their sales.

/** Clicks a download link and answers the file's name and first bytes. */
async function download(page: Page, link: Locator): Promise<{ name: string; head: string; size: number }> {
  const [file]: [Download, void] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const bytes = await fs.readFile((await file.path())!);
  return { name: file.suggestedFilename(), head: bytes.subarray(0, 5).toString('latin1'), size: bytes.length };
}

test('a buyer pays, gets the receipt by mail and downloads the PDF invoice from the success page and the library', async ({ page, browser, baseURL }) => {
  // a whole journey: checkout, mail, two downloads, the profile, and the seller's side
  test.setTimeout(90_000);
  const buyer = await newBuyer(page);
  const listing = await meridianListing(page.request, 4);
  const quote = await quoteOf(page.request, listing.contractId);

  // billing details asked once, at checkout (optional; saved to the profile when paying)
  await page.goto(`/payment/${listing.contractId}`);
  const billing = page.getByTestId('checkout-billing');
  await expect(billing).toContainText('Invoice to: your account name');
  await billing.locator('summary').click();
  await billing.getByLabel('Billing name').fill('Receipt Test Ltd');
  await billing.getByLabel('Billing address').fill('1 Ledger Lane\nLondon EC1');
  await page.setViewportSize({ width: 390, height: 844 });
  await billing.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('checkout-billing-390.png') });
  await page.setViewportSize({ width: 1280, height: 720 });
  await fillCard(page, GOOD_CARD);
  await page.getByRole('button', { name: `PAY ${money(quote.total)}` }).click();
  await expect(toast(page, 'Payment Successful')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/payment-success/${listing.contractId}$`));

  // the invoice, issued to the billing details given
  const { myPaymentForContract: payment } = await gql<{ myPaymentForContract: { paymentId: string; invoice: { number: string; billingName: string; billingAddress: string } } }>(
    page.request,
    'query ($id: ID!) { myPaymentForContract(contractId: $id) { paymentId invoice { number billingName billingAddress } } }',
    { id: listing.contractId },
  );
  const { number } = payment.invoice;
  expect(number).toMatch(/^DP-\d{4}-\d{6}$/);
  expect(payment.invoice).toMatchObject({ billingName: 'Receipt Test Ltd', billingAddress: '1 Ledger Lane\nLondon EC1' });

  // the receipt in the outbox: what, price, fee, total, method, escrow release, the invoice's link
  await expect.poll(async () => (await newestMailTo(buyer.email)).headers, { message: 'the receipt mail' }).toMatch(/^Subject: (=\?UTF-8\?Q\?)?Receipt[ _]for/m);
  const receipt = await newestMailTo(buyer.email);
  for (const part of [listing.title, money(quote.price), money(quote.fee), money(quote.total), 'card', 'Escrow releases', number, `/api/payments/${payment.paymentId}/invoice`]) {
    expect(receipt.body).toContain(part);
  }

  // from the success page
  const steps = page.getByTestId('next-steps');
  await expect(steps).toContainText(`Invoice ${number}`);
  const fromSuccess = await download(page, steps.getByTestId('invoice-pdf'));
  expect(fromSuccess.name).toBe(`${number}.pdf`);
  expect(fromSuccess.head).toBe('%PDF-');

  // at phone width the step and its button fit
  await page.setViewportSize({ width: 390, height: 844 });
  await steps.getByTestId('invoice-pdf').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('payment-success-390.png'), fullPage: true });
  const box = (await steps.getByTestId('invoice-pdf').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);

  // from the library (My Contracts)
  await page.goto('/dashboard/contracts');
  const row = page.getByTestId('purchase-row').filter({ hasText: listing.title }).first();
  const fromLibrary = await download(page, row.getByTestId('invoice-pdf'));
  expect(fromLibrary).toMatchObject({ name: `${number}.pdf`, head: '%PDF-' });
  await page.screenshot({ path: test.info().outputPath('my-contracts-390.png'), fullPage: false });

  // and from the data library (My Data), beside the download
  await page.goto('/my-data');
  const item = page.getByTestId('library-item').filter({ hasText: listing.title }).first();
  await expect(item.getByTestId('invoice-pdf')).toHaveAttribute('href', `/api/payments/${payment.paymentId}/invoice`);

  // the billing details are in the profile now
  await page.goto('/dashboard/profile');
  await expect(page.getByLabel('Billing name')).toHaveValue('Receipt Test Ltd');

  // the seller sees the invoice in their sales; someone else is refused the file
  const seller = await browser.newContext({ baseURL });
  await logIn(seller.request, PROVIDER_EMAIL, DEMO_PASSWORD);
  const sellerPage = await seller.newPage();
  await sellerPage.goto('/dashboard/payments');
  const sale = sellerPage.getByRole('table', { name: 'Sales as seller' }).getByTestId('sale-row').filter({ hasText: buyer.name });
  await expect(sale.getByTestId('invoice-pdf')).toHaveAttribute('href', `/api/payments/${payment.paymentId}/invoice`);
  await expect(sellerPage.getByTestId('statement-row').first()).toBeVisible();
  const asSeller = await seller.request.get(`/api/payments/${payment.paymentId}/invoice`);
  expect(asSeller.status()).toBe(200);
  expect(asSeller.headers()['content-type']).toBe('application/pdf');
  await seller.close();
  const stranger = await browser.newContext({ baseURL });
  expect((await stranger.request.get(`/api/payments/${payment.paymentId}/invoice`)).status()).toBe(401);
  await stranger.close();
});
