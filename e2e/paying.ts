import type { APIRequestContext, Page } from '@playwright/test';
import { createUser, expect, gql, type TestUser } from './fixtures.ts';

// What the paying journeys share (payment.spec.ts, escrow-page.spec.ts): the demo provider's
// listings, a new buyer logged in in the page, the server's quote, the card form.

export const DEMO_PASSWORD = 'Demo#Trader1';
export const PROVIDER_EMAIL = 'meridian@datapit.demo';
export const PROVIDER_NAME = 'Meridian Analytics';
export const GOOD_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

export type Listing = { id: string; contractId: string; title: string; price: string };
export type Quote = { price: string; fee: string; total: string; fromAcceptedBid: boolean };

export async function logIn(request: APIRequestContext, usernameOrEmail: string, password: string) {
  const { login } = await gql<{ login: { __typename: string; message?: string } }>(
    request,
    'mutation ($input: LoginInput!) { login(input: $input) { __typename ... on Error { message } } }',
    { input: { usernameOrEmail, password } },
  );
  expect(login.__typename, login.message).toBe('MutationLoginSuccess');
}

/** A new verified buyer, logged in in the page's browser context. */
export async function newBuyer(page: Page): Promise<TestUser> {
  const buyer = await createUser(page.request, { verified: true, label: 'payer' });
  await logIn(page.request, buyer.email, buyer.password);
  return buyer;
}

/** An active listing of the demo provider (the n-th, so journeys spread over listings). */
export async function meridianListing(request: APIRequestContext, n = 0): Promise<Listing> {
  const { contracts } = await gql<{ contracts: { edges: { node: Listing & { status: string; provider: { name: string } } }[] } }>(
    request,
    '{ contracts(first: 100) { edges { node { id contractId title price status provider { name } } } } }',
  );
  const listings = contracts.edges.map((e) => e.node).filter((c) => c.provider.name === PROVIDER_NAME && c.status === 'active');
  expect(listings.length, `active contracts of ${PROVIDER_NAME} in the demo data`).toBeGreaterThan(0);
  return listings[n % listings.length]!;
}

/** What the logged-in viewer of `request` pays for the contract, as the server quotes it. */
export async function quoteOf(request: APIRequestContext, contractId: string): Promise<Quote> {
  const { contract } = await gql<{ contract: { viewerQuote: Quote } }>(
    request,
    'query ($id: ID!) { contract(id: $id) { viewerQuote { price fee total fromAcceptedBid } } }',
    { id: contractId },
  );
  return contract.viewerQuote;
}

export const money = (amount: string) => `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
}
