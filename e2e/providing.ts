import type { APIRequestContext, Page } from '@playwright/test';
import { expect, gql } from './fixtures.ts';
import { DEMO_PASSWORD, logIn } from './paying.ts';

// What the provider journeys share (provider-diligence.spec.ts, provider-listing.spec.ts): logging
// in as the demo provider or the administrator, unique titles, a CSV to upload at a throttled
// speed, and listings made and read through the API.

export const DEMO_PROVIDER = 'meridian@datapit.demo';
export const ADMIN = { email: 'admin@datapit.demo', password: 'PitBoss#2026' };

/** Logs in through the API with this request context (a page's request shares the page's cookies); a demo user's password unless told. */
export const login = (request: APIRequestContext, usernameOrEmail: string, password = DEMO_PASSWORD) => logIn(request, usernameOrEmail, password);

/** Logs the request context in as the demo administrator (REST admin login). */
export async function adminLogin(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
}

export const unique = (label: string) => `${label} ${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;

/** A CSV of about `megabytes` MB with a header and a field that is sometimes empty. */
export function tradesCsv(megabytes: number) {
  const header = 'trade_id,symbol,price,volume,traded_at,venue';
  const rows = [header];
  let size = header.length;
  let i = 0;
  while (size < megabytes * 1024 * 1024) {
    const row = `${i},SYM${i % 500},${(100 + (i % 997) / 7).toFixed(2)},${i % 10_000},2025-01-${String(1 + (i % 28)).padStart(2, '0')},${i % 10 === 0 ? '' : 'XNAS'}`;
    rows.push(row);
    size += row.length + 1;
    i++;
  }
  return { buffer: Buffer.from(rows.join('\n')), records: i, fields: header.split(',') };
}

/** Slows the page's uploads down so the progress bar has time to be seen; null lifts the limit. */
export async function throttleUploads(page: Page, bytesPerSecond: number | null) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

/** A listing with an external link created through the API by the page's user; returns its ids. */
export async function createLinkListing(request: APIRequestContext, title: string) {
  const { createListing } = await gql<{ createListing: { __typename: string; message?: string; data?: { id: string; contractId: string } } }>(
    request,
    `mutation ($input: ListingInput!) {
      createListing(input: $input) { __typename ... on MutationCreateListingSuccess { data { id contractId } } ... on Error { message } }
    }`,
    {
      input: {
        title,
        description: 'Daily end-of-day FX rates for 40 currency pairs, normalised from three interbank sources.',
        category: 'financial',
        price: '180.00',
        dataFormat: 'api',
        updateFrequency: 'daily',
        sampleSize: '20 sample rows',
        geographicCoverage: 'Global',
        dataSource: 'Interbank quotes from three liquidity providers',
        dataAccessType: 'external_link',
        dataAccessUrl: 'https://api.fx.example/v1/eod',
        accessInstructions: 'Send your API key as a bearer token.',
        dataFields: ['pair', 'date', 'rate'],
        sampleData: [{ pair: 'EURUSD', date: '2025-01-02', rate: 1.0312 }],
        complianceAcknowledged: true,
        qualityAcknowledged: true,
        legalAcknowledged: true,
      },
    },
  );
  expect(createListing.__typename, createListing.message).toBe('MutationCreateListingSuccess');
  return createListing.data!;
}

export async function listingStatus(request: APIRequestContext, id: string) {
  const { contract } = await gql<{ contract: { status: string; title: string; price: string; rejectionReason: string | null; recordCount: number | null } }>(
    request,
    'query ($id: ID!) { contract(id: $id) { status title price rejectionReason recordCount } }',
    { id },
  );
  return contract;
}
