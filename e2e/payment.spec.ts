import type { APIRequestContext, Page } from '@playwright/test';
import { expect, gql, test, toast } from './fixtures.ts';
import { DECLINED_CARD, DEMO_PASSWORD, fillCard, GOOD_CARD, logIn, meridianListing, money, newBuyer, PROVIDER_EMAIL, PROVIDER_NAME, quoteOf } from './paying.ts';

// Paying for a data set (/payment/{contractId}): the success card, the declined card and a retry,
// lost answers, an accepted bid paid at its amount, and an unknown contract. Every journey buys as
// a new user, so none depends on another. The escrow page's own journeys: escrow-page.spec.ts.

test('the card form is checked in the browser, field by field', async ({ page }) => {
  await newBuyer(page);
  const listing = await meridianListing(page.request, 0);
  const quote = await quoteOf(page.request, listing.contractId);

  await page.goto(`/payment/${listing.contractId}`);
  const summary = page.getByTestId('payment-summary');
  await expect(summary).toContainText(listing.title);
  await expect(summary).toContainText(PROVIDER_NAME);
  await expect(summary.getByTestId('payment-price')).toHaveText(money(quote.price));
  await expect(summary.getByTestId('payment-fee')).toHaveText(money(quote.fee));
  await expect(summary.getByTestId('payment-total')).toHaveText(money(quote.total));
  await expect(page.getByTestId('payment-notes')).toContainText('Held in escrow for 24 hours.');

  const pay = page.getByRole('button', { name: `PAY ${money(quote.total)}` });
  // invalid until the card is complete; each field says what is wrong once left
  await expect(pay).toBeDisabled();
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByLabel('Expiry (MM/YY)').fill('01/20');
  await page.getByLabel('CVC').fill('1');
  await page.getByLabel('Card number').focus();
  await expect(page.getByText('This card number is not valid: check the digits')).toBeVisible();
  await expect(page.getByText('This card has expired')).toBeVisible();
  await expect(page.getByText('The CVC has 3 or 4 digits')).toBeVisible();
  await expect(pay).toBeDisabled();

  await fillCard(page, GOOD_CARD);
  await expect(page.getByText('This card number is not valid: check the digits')).toHaveCount(0);
  await expect(pay).toBeEnabled();
});

test('a buyer pays with the success card: escrow, redirect, a ticking countdown and the API key once', async ({ page }) => {
  await newBuyer(page);
  const listing = await meridianListing(page.request, 0);
  const quote = await quoteOf(page.request, listing.contractId);

  await page.goto(`/payment/${listing.contractId}`);
  await fillCard(page, GOOD_CARD);
  await page.getByRole('button', { name: `PAY ${money(quote.total)}` }).click();
  await expect(toast(page, 'Payment Successful')).toContainText('Funds are now in escrow. You have 24 hours to raise any disputes.');
  await expect(page).toHaveURL(new RegExp(`/payment-success/${listing.contractId}$`));

  const status = page.getByTestId('escrow-status');
  await expect(status.getByTestId('escrow-badge')).toHaveText('Escrowed');
  await expect(status.getByTestId('escrow-total')).toHaveText(money(quote.total));
  const countdown = status.getByTestId('escrow-countdown');
  await expect(countdown).toHaveText(/^(23:59|24:00):\d{2}$/);
  const first = await countdown.textContent();
  await expect.poll(() => countdown.textContent(), { message: 'the countdown ticks' }).not.toBe(first);

  // the key escrow issued, shown this once
  await expect(page.getByTestId('api-key')).toHaveText(/^dpk_[\w-]{43}$/);
  await expect(page.getByTestId('api-key-once')).toContainText('Shown once');
  await page.reload();
  await expect(page.getByTestId('escrow-badge')).toHaveText('Escrowed');
  await expect(page.getByTestId('api-key-once')).toHaveCount(0);
});

test('a declined card says Payment Failed and stays; the good card then pays', async ({ page }) => {
  await newBuyer(page);
  const listing = await meridianListing(page.request, 1);
  const quote = await quoteOf(page.request, listing.contractId);

  await page.goto(`/payment/${listing.contractId}`);
  const pay = page.getByRole('button', { name: `PAY ${money(quote.total)}` });
  await fillCard(page, DECLINED_CARD);
  await pay.click();
  await expect(toast(page, 'Payment Failed')).toContainText('Your card was declined');
  await expect(pay).toBeEnabled();
  await expect(page).toHaveURL(new RegExp(`/payment/${listing.contractId}$`));

  await page.getByLabel('Card number').fill(GOOD_CARD);
  await pay.click();
  await expect(toast(page, 'Payment Successful')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/payment-success/${listing.contractId}$`));
  await expect(page.getByTestId('escrow-badge')).toHaveText('Escrowed');
});

test('a declined card shows the reason by the card number, and it stays after the toast', async ({ page }) => {
  await newBuyer(page);
  const listing = await meridianListing(page.request, 1);
  const quote = await quoteOf(page.request, listing.contractId);

  await page.goto(`/payment/${listing.contractId}`);
  await fillCard(page, DECLINED_CARD);
  await page.getByRole('button', { name: `PAY ${money(quote.total)}` }).click();
  const reason = page.getByTestId('card-declined');
  await expect(reason).toHaveText('Your card was declined');
  // it belongs to the card number (read out with the field) and outlives the 5-second toast
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Card number')).toHaveAccessibleDescription(/Your card was declined/);
  await expect(toast(page, 'Payment Failed')).toHaveCount(0, { timeout: 15_000 });
  await expect(reason).toBeVisible();
  // another card is a new try: the old reason goes
  await page.getByLabel('Card number').fill(GOOD_CARD);
  await expect(reason).toHaveCount(0);
});

test('the connection fails before the confirmation reaches the server: the page says the card was not charged', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/Failed to load resource|ERR_|Failed to fetch/);
  await newBuyer(page);
  const listing = await meridianListing(page.request, 5);
  const quote = await quoteOf(page.request, listing.contractId);
  let cut = false;
  await page.route('**/graphql', async (route) => {
    const operation = route.request().postDataJSON()?.operationName;
    if (operation === 'PaymentConfirmMutation' && !cut) {
      cut = true;
      return route.abort('internetdisconnected');
    }
    return route.fallback();
  });

  await page.goto(`/payment/${listing.contractId}`);
  await fillCard(page, GOOD_CARD);
  const pay = page.getByRole('button', { name: `PAY ${money(quote.total)}` });
  await pay.click();
  await expect(page.getByTestId('payment-outcome')).toContainText('The connection failed: your card was not charged.');
  await expect(toast(page, 'Escrow Failed')).toHaveCount(0);
  await expect(pay).toBeEnabled();
  // paying again goes through, once
  await pay.click();
  await expect(toast(page, 'Payment Successful')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/payment-success/${listing.contractId}$`));
  await expect(page.getByTestId('escrow-badge')).toHaveText('Escrowed');
});

test('the answer is lost after the server took the payment: the page follows it to the escrow, never Escrow Failed', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/Failed to load resource|ERR_|Failed to fetch/);
  await newBuyer(page);
  const listing = await meridianListing(page.request, 6);
  const quote = await quoteOf(page.request, listing.contractId);
  let confirms = 0;
  let statusReads = 0;
  await page.route('**/graphql', async (route) => {
    const operation = route.request().postDataJSON()?.operationName;
    if (operation === 'PaymentConfirmMutation') {
      confirms += 1;
      // the server charges and escrows; the answer never reaches the page
      const answer = await route.fetch();
      expect(answer.ok()).toBe(true);
      return route.abort('connectionreset');
    }
    if (operation === 'paymentStatusQuery') {
      statusReads += 1;
      // still offline for the first look; the second finds it as it was while the provider answered
      if (statusReads === 1) return route.abort('internetdisconnected');
      if (statusReads === 2) {
        const answer = await route.fetch();
        const json = await answer.json();
        json.data.payment.status = 'processing';
        return route.fulfill({ response: answer, json });
      }
    }
    return route.fallback();
  });

  await page.goto(`/payment/${listing.contractId}`);
  await fillCard(page, GOOD_CARD);
  await page.getByRole('button', { name: `PAY ${money(quote.total)}` }).click();
  const outcome = page.getByTestId('payment-outcome');
  await expect(outcome).toContainText('It is not known yet whether your card was charged');
  await expect(outcome).toContainText('Your payment is being confirmed.');
  await expect(page.getByRole('button', { name: 'CONFIRMING PAYMENT…' })).toBeDisabled();
  await expect(toast(page, 'Payment Successful')).toBeVisible();
  await expect(toast(page, 'Escrow Failed')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/payment-success/${listing.contractId}$`));
  await expect(page.getByTestId('escrow-badge')).toHaveText('Escrowed');
  await expect(page.getByTestId('escrow-total')).toHaveText(money(quote.total));
  // the card went to the server once: the page never confirmed again
  expect(confirms).toBe(1);
});

/** A new buyer (logged in in the page) whose bid on a demo listing the provider accepted. */
async function winningBid(page: Page, request: APIRequestContext, n: number) {
  await newBuyer(page);
  const listing = await meridianListing(page.request, n);
  const bidAmount = Math.max(1, Math.floor(Number(listing.price) * 0.8 * 100) / 100).toFixed(2);
  const { placeBid } = await gql<{ placeBid: { data?: { id: string }; message?: string } }>(
    page.request,
    'mutation ($input: PlaceBidInput!) { placeBid(input: $input) { ... on MutationPlaceBidSuccess { data { id } } ... on Error { message } } }',
    { input: { contractId: listing.id, amount: bidAmount, message: 'Paying through the e2e journey' } },
  );
  expect(placeBid.data, placeBid.message).toBeDefined();
  await logIn(request, PROVIDER_EMAIL, DEMO_PASSWORD);
  const { acceptBid } = await gql<{ acceptBid: { __typename: string; message?: string } }>(
    request,
    'mutation ($input: DecideBidInput!) { acceptBid(input: $input) { __typename ... on Error { message } } }',
    { input: { bidId: placeBid.data!.id } },
  );
  expect(acceptBid.__typename, acceptBid.message).toBe('MutationAcceptBidSuccess');
  const quote = await quoteOf(page.request, listing.contractId);
  expect(quote.fromAcceptedBid).toBe(true);
  expect(quote.price).toBe(bidAmount);
  return { listing, bidAmount, quote };
}

test('the contract page shows a winning bidder the bid price, and BUY NOW leads to paying it', async ({ page, request }) => {
  const { listing, bidAmount } = await winningBid(page, request, 3);
  await page.goto(`/contract/${listing.contractId}`);
  const card = page.getByTestId('trade-card');
  await expect(card.getByTestId('trade-price')).toHaveText(money(bidAmount));
  await expect(card).toContainText('Your accepted bid');
  await expect(card.getByTestId('trade-list-price')).toContainText(money(listing.price));
  await card.getByRole('link', { name: 'BUY NOW - SECURE ESCROW' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/${listing.contractId}$`));
  await expect(page.getByTestId('payment-summary').getByTestId('payment-price')).toContainText(money(bidAmount));
});

test('an accepted bid is paid at its amount', async ({ page, request }) => {
  const { listing, bidAmount, quote } = await winningBid(page, request, 4);
  await page.goto(`/payment/${listing.contractId}`);
  const summary = page.getByTestId('payment-summary');
  await expect(summary.getByTestId('payment-price')).toContainText(money(bidAmount));
  await expect(summary.getByTestId('payment-list-price')).toContainText(money(listing.price));
  await expect(summary.getByTestId('payment-total')).toHaveText(money(quote.total));
  await expect(summary).toContainText('you pay the bid amount');

  await page.getByRole('radio', { name: /Bank transfer/ }).check();
  await expect(page.getByTestId('method-info')).toContainText('No bank details needed');
  await page.getByRole('button', { name: `PAY ${money(quote.total)}` }).click();
  await expect(toast(page, 'Payment Successful')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/payment-success/${listing.contractId}$`));
  await expect(page.getByTestId('escrow-total')).toHaveText(money(quote.total));
  await expect(page.getByTestId('escrow-status')).toContainText(money(bidAmount));
});

test('an unknown contract shows CONTRACT NOT FOUND; a visitor is asked to log in', async ({ page }) => {
  await page.goto('/payment/does-not-exist');
  await expect(page.getByRole('heading', { name: 'CONTRACT NOT FOUND' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'BROWSE DATA' })).toHaveAttribute('href', '/browse');

  const listing = await meridianListing(page.request, 0);
  await page.goto(`/payment/${listing.contractId}`);
  await expect(page.getByTestId('payment-summary')).toContainText(listing.title);
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/auth/login?next=${encodeURIComponent(`/payment/${listing.contractId}`)}`);
  await expect(page.getByRole('button', { name: /^PAY/ })).toHaveCount(0);
});
