// The cases of `npm run bench`: issue 11's table (with its goals, as ratios to the bare Yoga
// `{ hello }` of the same run), search, a contract, and what a logged-in buyer reads most. Each
// case checks one answer before it is measured, so a fast error never passes for a fast answer.
import fs from 'node:fs';
import { COUNTER } from './wrk.ts';
import { DEMO_BUYER_EMAIL, DEMO_USER_PASSWORD } from '../api/demo/seed.ts';

/**
 * What the cases need from the running app: the demo buyer's session, a contract to open, and the
 * listing of the buyer's library with the most releases (its releases list).
 */
export interface BenchTarget {
  base: string;
  cookie: string;
  userId: string;
  contractId: string;
  releasesContractId: string;
}

export interface BenchCase {
  name: string;
  path: string | ((t: BenchTarget) => string);
  method?: 'GET' | 'POST';
  /** The same JSON body on every request. */
  body?: string;
  /** A JSON body with a counter (bench/wrk.ts COUNTER) that differs on every request. */
  varyingBody?: string;
  /** Sends the demo buyer's session cookie. */
  loggedIn?: boolean;
  /** The goal: at least this ratio to bare Yoga's req/s (issue 11). */
  goal?: number;
  /** What is wrong with one answer's JSON (its status was 2xx), or null when it is right. */
  check: (json: any, t: BenchTarget) => string | null;
}

const graphql = (query: string) => JSON.stringify({ query });

/**
 * "Nothing cached": the same anonymous query, with a variable `n` that changes on every request.
 * The operation declares no `$n` (a declared but unused variable fails validation), and GraphQL
 * ignores variables an operation does not declare, so the page and its SQL are the same, while a
 * response cache keyed by document and variables (Yoga's response-cache plugin keys on the request's
 * variables) misses every time. The document stays the same, so Yoga's parse and validation caches
 * still hit, as they would for real uncached pages. A logged-in cookie would also bypass the cache,
 * but would add the session check and measure another path.
 */
export const uncached = (query: string) => `{"query":${JSON.stringify(query)},"variables":{"n":${COUNTER}}}`;

// What a card on the trading floor selects.
export const FLOOR_CARD = `id ticker title categoryLabel status updateFrequency price pricingModel marketPrice
  priceChange24h { change percent } recordCount fieldCount dataFormat deliveryMethod highestBid salesCount
  provider { name rating reviewCount completedSales isVerifiedProvider }`;

/** The list queries the floor runs, shared with the scale benchmark (bench/scale.ts). */
export const FLOOR_PAGE = `{ contracts(first: 20) { totalCount edges { node { ${FLOOR_CARD} } } } }`;
export const SEARCH_PAGE = `{ contracts(first: 20, filter: { search: "equities" }) { totalCount edges { node { ${FLOOR_CARD} } } } }`;
export const FILTERED_SORT_PAGE = `{ contracts(first: 20, sort: PRICE_LOW, filter: { category: financial, minPrice: "100", maxPrice: "3000" }) { totalCount edges { node { ${FLOOR_CARD} } } } }`;
const SEARCH_FILTER_SORT_PAGE = `{ contracts(first: 20, sort: PRICE_LOW, filter: { search: "equities", minPrice: "100", maxPrice: "3000" }) { totalCount edges { node { ${FLOOR_CARD} } } } }`;

/**
 * A web screen's query as the web app sends it: its persisted id (Relay's persisted queries, written
 * by `npm run gen` to web/__generated__/persisted-queries.json), no text. Read when a case runs, so
 * the file is needed only by the cases that use it.
 */
export function persistedBody(operationName: string): string {
  const operations = JSON.parse(fs.readFileSync(new URL('../web/__generated__/persisted-queries.json', import.meta.url), 'utf8')) as Record<string, string>;
  const id = Object.keys(operations).find((key) => new RegExp(`^query ${operationName}\\b`).test(operations[key]!));
  if (!id) throw new Error(`no persisted operation ${operationName}: run \`npm run gen\``);
  return JSON.stringify({ operationName, extensions: { persistedQuery: { version: 1, sha256Hash: id } }, variables: {} });
}

const graphqlErrors = (json: any) => (json?.errors?.length ? `GraphQL errors: ${JSON.stringify(json.errors).slice(0, 300)}` : null);

/** A page of contract cards: no errors and `size` cards (fewer only when the market has fewer). */
export const cardsPage = (size: number) => (json: any) =>
  graphqlErrors(json) ??
  (Array.isArray(json?.data?.contracts?.edges) && json.data.contracts.edges.length === Math.min(size, json.data.contracts.totalCount) && json.data.contracts.totalCount > 0
    ? null
    : `expected ${size} cards, got ${JSON.stringify(json).slice(0, 200)}`);

const list = (atLeast: number, what: string) => (json: any) =>
  Array.isArray(json) && json.length >= atLeast ? null : `expected at least ${atLeast} ${what}, got ${JSON.stringify(json).slice(0, 200)}`;

export const cases: BenchCase[] = [
  { name: 'app GET /healthz (bare route of the app)', path: '/healthz', check: (j) => (j?.status ? null : `unexpected ${JSON.stringify(j)}`) },
  {
    name: 'GraphQL { __typename }',
    path: '/graphql',
    method: 'POST',
    body: graphql('{ __typename }'),
    goal: 0.9,
    check: (j) => graphqlErrors(j) ?? (j?.data?.__typename === 'Query' ? null : `unexpected ${JSON.stringify(j)}`),
  },
  { name: 'GraphQL floor page, 20 cards, anonymous', path: '/graphql', method: 'POST', body: graphql(FLOOR_PAGE), goal: 0.5, check: cardsPage(20) },
  { name: 'GraphQL floor page, nothing cached', path: '/graphql', method: 'POST', varyingBody: uncached(FLOOR_PAGE), goal: 0.15, check: cardsPage(20) },
  { name: 'GraphQL search + filter + sort', path: '/graphql', method: 'POST', body: graphql(SEARCH_FILTER_SORT_PAGE), check: cardsPage(20) },
  { name: 'REST GET /api/contracts?limit=20', path: '/api/contracts?limit=20', goal: 0.5, check: list(20, 'contracts') },
  {
    name: 'REST GET /api/contracts search + filter + sort',
    path: '/api/contracts?limit=20&search=equities&minPrice=100&maxPrice=3000&sortBy=price-low',
    check: list(20, 'contracts'),
  },
  { name: 'REST GET /api/contracts/{id}', path: (t) => `/api/contracts/${t.contractId}`, check: (j, t) => (j?.id === t.contractId ? null : `unexpected ${JSON.stringify(j).slice(0, 200)}`) },
  { name: 'REST GET /api/stats', path: '/api/stats', goal: 0.8, check: (j) => (typeof j?.activeContracts === 'number' ? null : `unexpected ${JSON.stringify(j)}`) },
  { name: 'REST GET /api/auth/user, logged in', path: '/api/auth/user', loggedIn: true, goal: 0.5, check: (j, t) => (j?.id === t.userId ? null : `unexpected ${JSON.stringify(j)}`) },
  {
    name: 'GraphQL viewer, logged in',
    path: '/graphql',
    method: 'POST',
    body: graphql('{ viewer { id name username rating tradeCount } }'),
    loggedIn: true,
    check: (j) => graphqlErrors(j) ?? (j?.data?.viewer?.username ? null : `unexpected ${JSON.stringify(j)}`),
  },
  // Issue 28's logged-in pages (goal 0.3 each): the library, the conversations, the positions, the
  // dashboard's frame and first tab as the web app asks for them, the notifications and a releases list.
  { name: 'REST GET /api/positions, logged in', path: '/api/positions', loggedIn: true, goal: 0.3, check: list(1, 'open positions') },
  { name: 'REST GET /api/purchases/buyer/{id}, logged in', path: (t) => `/api/purchases/buyer/${t.userId}`, loggedIn: true, goal: 0.3, check: list(1, 'purchases') },
  { name: 'REST GET /api/messages/conversations, logged in', path: '/api/messages/conversations', loggedIn: true, goal: 0.3, check: list(1, 'conversations') },
  {
    name: 'REST GET /api/messages/unread/{id}, logged in',
    path: (t) => `/api/messages/unread/${t.userId}`,
    loggedIn: true,
    check: (j) => (typeof j?.count === 'number' ? null : `unexpected ${JSON.stringify(j)}`),
  },
  {
    name: 'GraphQL dashboard frame (DashboardQuery), logged in',
    path: '/graphql',
    method: 'POST',
    get body() {
      return persistedBody('DashboardQuery');
    },
    loggedIn: true,
    goal: 0.3,
    check: (j) => graphqlErrors(j) ?? (j?.data?.viewer?.dashboardSummary ? null : `unexpected ${JSON.stringify(j).slice(0, 200)}`),
  },
  {
    name: 'GraphQL dashboard overview (OverviewQuery), logged in',
    path: '/graphql',
    method: 'POST',
    get body() {
      return persistedBody('OverviewQuery');
    },
    loggedIn: true,
    goal: 0.3,
    check: (j) => graphqlErrors(j) ?? (j?.data?.viewer?.recentActivity?.length ? null : `unexpected ${JSON.stringify(j).slice(0, 200)}`),
  },
  { name: 'REST GET /api/notifications, logged in', path: '/api/notifications', loggedIn: true, goal: 0.3, check: list(1, 'notifications') },
  {
    name: 'GraphQL notifications tab (NotificationsQuery), logged in',
    path: '/graphql',
    method: 'POST',
    get body() {
      return persistedBody('NotificationsQuery');
    },
    loggedIn: true,
    goal: 0.3,
    check: (j) => graphqlErrors(j) ?? (j?.data?.viewer?.notifications?.edges?.length ? null : `unexpected ${JSON.stringify(j).slice(0, 200)}`),
  },
  {
    name: 'REST GET /api/contracts/{id}/releases, logged in',
    path: (t) => `/api/contracts/${t.releasesContractId}/releases`,
    loggedIn: true,
    goal: 0.3,
    check: list(1, 'releases'),
  },
];

/** How many open positions the demo buyer holds while the cases run (the demo data has none). */
const OPEN_POSITIONS = 3;

/**
 * Logs the demo buyer in, picks a contract, and opens a few paper positions for the buyer so that
 * GET /api/positions lists something, as it does for someone who trades.
 */
export async function prepareTarget(base: string): Promise<BenchTarget> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usernameOrEmail: DEMO_BUYER_EMAIL, password: DEMO_USER_PASSWORD }),
  });
  if (!login.ok) throw new Error(`bench login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  if (!cookie) throw new Error('bench login set no cookie');
  const userId = ((await login.json()) as { id: string }).id;

  const contracts = (await (await fetch(`${base}/api/contracts?limit=${OPEN_POSITIONS}`)).json()) as Array<{ id: string }>;
  if (contracts.length < OPEN_POSITIONS) throw new Error('the bench market has too few contracts');
  const open = (await (await fetch(`${base}/api/positions`, { headers: { cookie } })).json()) as unknown[];
  for (const contract of contracts.slice(open.length)) {
    const res = await fetch(`${base}/api/positions`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ contractId: contract.id, positionType: 'long', quantity: '1', leverage: 1 }),
    });
    if (res.status !== 201 && res.status !== 200) throw new Error(`opening a bench position failed: ${res.status} ${await res.text()}`);
  }
  // The library's listing with the most releases: its releases list is the longest a buyer reads.
  const library = (await (await fetch(`${base}/api/purchases/buyer/${userId}`, { headers: { cookie } })).json()) as Array<{ contractId: string }>;
  let releasesContractId = '';
  let most = 0;
  for (const { contractId } of library) {
    const total = Number((await fetch(`${base}/api/contracts/${contractId}/releases?limit=1`, { headers: { cookie } })).headers.get('x-total-count') ?? 0);
    if (total > most) [most, releasesContractId] = [total, contractId];
  }
  if (!releasesContractId) throw new Error('no listing of the bench buyer\'s library has a release');
  return { base, cookie, userId, contractId: contracts[0]!.id, releasesContractId };
}

export const casePath = (c: BenchCase, t: BenchTarget) => (typeof c.path === 'function' ? c.path(t) : c.path);

export function caseHeaders(c: BenchCase, t: BenchTarget): Record<string, string> {
  return {
    ...(c.loggedIn ? { cookie: t.cookie } : {}),
    ...(c.body !== undefined || c.varyingBody !== undefined ? { 'content-type': 'application/json' } : {}),
  };
}

/** One answer of the case, checked: 2xx and the JSON it should be. A varying body must vary the cache key. */
export async function checkCase(c: BenchCase, t: BenchTarget): Promise<void> {
  const send = async (n: number) => {
    const body = c.varyingBody?.replace(COUNTER, String(n)) ?? c.body;
    const res = await fetch(t.base + casePath(c, t), { method: c.method ?? 'GET', headers: caseHeaders(c, t), body });
    const text = await res.text();
    if (!res.ok) throw new Error(`${c.name}: answered ${res.status} ${text.slice(0, 300)}`);
    const problem = c.check(JSON.parse(text), t);
    if (problem) throw new Error(`${c.name}: ${problem}`);
    return res.headers.get('etag');
  };
  const first = await send(1);
  if (c.varyingBody !== undefined) {
    // A response cache that answers with an ETag names its key: two counters must be two keys.
    const second = await send(2);
    if (first && first === second) throw new Error(`${c.name}: the varying variable no longer changes the response cache key (ETag ${first})`);
  }
}
