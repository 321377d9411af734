// The benchmark cases. Later areas add theirs here; the first case is the bare baseline.

export interface BenchTarget {
  base: string;
}

export interface BenchCase {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  /** Prepares the case (e.g. logs in) and returns headers to send with every request. */
  setup?: (target: BenchTarget) => Promise<Record<string, string>>;
}

import { DEMO_BUYER_EMAIL, DEMO_USER_PASSWORD } from '../api/demo/seed.ts';

const DEMO_BUYER = { usernameOrEmail: DEMO_BUYER_EMAIL, password: DEMO_USER_PASSWORD };

async function sessionCookie(target: BenchTarget): Promise<Record<string, string>> {
  const res = await fetch(`${target.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_BUYER),
  });
  if (!res.ok) throw new Error(`bench login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
  return { cookie };
}

const graphql = (query: string) => JSON.stringify({ query });
const json = async () => ({ 'content-type': 'application/json' });

// What a card on the trading floor selects.
const FLOOR_CARD = `id ticker title categoryLabel status updateFrequency price pricingModel marketPrice
  priceChange24h { change percent } recordCount fieldCount dataFormat deliveryMethod highestBid salesCount
  provider { name rating reviewCount completedSales isVerifiedProvider }`;

export const cases: BenchCase[] = [
  { name: 'bare route GET /healthz', path: '/healthz' },
  { name: 'GraphQL { __typename }', path: '/graphql', method: 'POST', body: graphql('{ __typename }') },
  {
    name: 'GraphQL viewer (logged in)',
    path: '/graphql',
    method: 'POST',
    body: graphql('{ viewer { id name username rating tradeCount } }'),
    setup: async (t) => ({ ...(await sessionCookie(t)), 'content-type': 'application/json' }),
  },
  { name: 'REST GET /api/auth/user (logged in)', path: '/api/auth/user', setup: sessionCookie },
  {
    name: 'GraphQL contracts, first 20 (floor page)',
    path: '/graphql',
    method: 'POST',
    body: graphql(`{ contracts(first: 20) { totalCount edges { node { ${FLOOR_CARD} } } } }`),
    setup: json,
  },
  {
    name: 'GraphQL contracts, search + filter + sort',
    path: '/graphql',
    method: 'POST',
    body: graphql(`{ contracts(first: 20, sort: PRICE_LOW, filter: { search: "equities", minPrice: "100", maxPrice: "3000" }) { totalCount edges { node { ${FLOOR_CARD} } } } }`),
    setup: json,
  },
  { name: 'REST GET /api/contracts?limit=20', path: '/api/contracts?limit=20' },
  { name: 'REST GET /api/contracts search + filter + sort', path: '/api/contracts?limit=20&search=equities&minPrice=100&maxPrice=3000&sortBy=price-low' },
];
