import type { APIRequestContext, Page } from '@playwright/test';
import { createUser, expect, gql } from './fixtures.ts';
import { DEMO_PASSWORD, logIn } from './paying.ts';

// What the library journeys (my-data.spec.ts) start from: the demo provider's listings (one with an
// uploaded file, one delivered by link), a new buyer who paid for one, and the library's row for it.

export const DEMO_PROVIDER = 'meridian@datapit.demo';
export const ADMIN = { email: 'admin@datapit.demo', password: 'PitBoss#2026' };
export const SUCCESS_CARD = { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' };

/** Logs in through the API with this request context (a page's request shares the page's cookies); a demo user's password unless told. */
export const login = (request: APIRequestContext, usernameOrEmail: string, password = DEMO_PASSWORD) => logIn(request, usernameOrEmail, password);

export type Listing = { id: string; contractId: string; title: string; files: { fileName: string; size: number }[] };

/** The demo provider's active listing with an uploaded file (read as the provider, in its own request context). */
export async function uploadedListing(request: APIRequestContext): Promise<Listing> {
  await login(request, DEMO_PROVIDER);
  const { viewer } = await gql<{ viewer: { listings: { edges: { node: Listing }[] } } }>(
    request,
    '{ viewer { listings(first: 50, status: active) { edges { node { id contractId title files { fileName size } } } } } }',
  );
  const listing = viewer.listings.edges.map((e) => e.node).find((l) => l.files.length > 0);
  expect(listing, 'the demo provider has an active listing with an uploaded file').toBeTruthy();
  return listing!;
}

export type LinkListing = Listing & { dataAccessUrl: string; accessInstructions: string };

/** An active listing of the demo provider delivered only by its own link (read as the provider). */
export async function linkListing(request: APIRequestContext): Promise<LinkListing> {
  await login(request, DEMO_PROVIDER);
  const { viewer } = await gql<{ viewer: { listings: { edges: { node: LinkListing & { dataAccessType: string } }[] } } }>(
    request,
    '{ viewer { listings(first: 50, status: active) { edges { node { id contractId title files { fileName size } dataAccessType dataAccessUrl accessInstructions } } } } }',
  );
  const listing = viewer.listings.edges.map((e) => e.node).find((l) => l.dataAccessType === 'external_link' && l.dataAccessUrl && l.accessInstructions);
  expect(listing, 'the demo provider has an active listing delivered by link').toBeTruthy();
  return listing!;
}

/** A new verified buyer (the page's session) pays for the listing with the success card; returns the payment's id. */
export async function buyerWhoPaid(page: Page, listing: Listing) {
  const buyer = await createUser(page.request, { verified: true, label: 'librarian' });
  await login(page.request, buyer.email, buyer.password);
  const { createPayment } = await gql<{ createPayment: { __typename: string; message?: string; data?: { id: string } } }>(
    page.request,
    `mutation ($input: CreatePaymentInput!) {
      createPayment(input: $input) { __typename ... on MutationCreatePaymentSuccess { data { id } } ... on Error { message } }
    }`,
    { input: { contractId: listing.id, paymentMethod: 'card' } },
  );
  expect(createPayment.__typename, createPayment.message).toBe('MutationCreatePaymentSuccess');
  const paymentId = createPayment.data!.id;
  const { confirmPayment } = await gql<{ confirmPayment: { __typename: string; message?: string; data?: { apiKey: string } } }>(
    page.request,
    `mutation ($input: ConfirmPaymentInput!) {
      confirmPayment(input: $input) { __typename ... on MutationConfirmPaymentSuccess { data { apiKey } } ... on Error { message } }
    }`,
    { input: { paymentId, card: SUCCESS_CARD } },
  );
  expect(confirmPayment.__typename, confirmPayment.message).toBe('MutationConfirmPaymentSuccess');
  return { buyer, paymentId, escrowKey: confirmPayment.data!.apiKey };
}

export function libraryItem(page: Page, title: string) {
  return page.getByTestId('library-item').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}
