// Hostile-input fuzzer: thousands of malformed, oversized, mistyped and out-of-place requests at
// every REST path and every GraphQL query and mutation, as anonymous, user, provider, another
// provider, administrator and with broken cookies. Nothing may answer a 5xx (nor a GraphQL
// INTERNAL_SERVER_ERROR, which is a 500 in disguise). In-process only: requests go through
// app.fetch of api/test/harness.ts, never a socket.
//
//   npm run fuzz                        # 10,000 requests on the embedded database
//   TEST_DATABASE_URL=postgresql://... npm run fuzz    # and on PostgreSQL
//   npm run fuzz -- --count 50000 --seed 7 --concurrency 8
//   npm run fuzz -- --seed 7 --only 1234               # replay one request of a run
//
// Each request is derived from (seed, index) alone, so a failure printed with its index replays.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { encodeGlobalID, offsetToCursor } from '@pothos/plugin-relay';
import type { TestApp } from '../api/test/harness.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'Fuzz#Passw0rd';

// ---------------------------------------------------------------- deterministic randomness

/** mulberry32: small, fast, and the same sequence on every machine for a seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    chance: (p: number) => next() < p,
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]!;
    },
  };
}
type Rng = ReturnType<typeof prng>;

// ---------------------------------------------------------------- the world the requests aim at

export interface FuzzWorld {
  ids: Record<string, string>;
  /** Cookie header of each role ('' for anonymous). */
  cookies: Record<Role, string>;
  usernames: Record<Exclude<Role, 'anonymous'>, string>;
}

export type Role = 'anonymous' | 'user' | 'provider' | 'otherProvider' | 'admin';
const ROLES: Role[] = ['anonymous', 'user', 'provider', 'otherProvider', 'admin'];

// Requests of the fuzzer's own bookkeeping (logins) come from an address the fuzz never uses, so
// the login rate limits the fuzz trips do not lock the fuzzer out.
const SETUP_IP = '10.254.254.254';

/** A few real password checks per address cover the login path; past them the limiter answers (cheaply). */
export const FUZZ_APP_ENV = { LOGIN_LIMIT_PER_IP: '10' };
const FUZZ_IPS = ['10.200.0.1', '10.200.0.2', '10.200.0.3', '192.0.2.77'];

async function call(app: TestApp, method: string, p: string, body: unknown, cookie = '') {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (cookie) headers.cookie = cookie;
  const res = await app.fetch(p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), ip: SETUP_IP });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, cookie: sessionCookieOf(res) };
}

function sessionCookieOf(res: Response): string {
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    if (pair.startsWith('pit_session=') && pair.length > 'pit_session='.length) return pair;
  }
  return '';
}

async function login(app: TestApp, username: string): Promise<string> {
  const res = await call(app, 'POST', '/api/auth/login', { usernameOrEmail: username, password: PASSWORD });
  if (res.status !== 200 || !res.cookie) throw new Error(`fuzz setup: login of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.cookie;
}

/**
 * Users of every role, listings in every state, an application, bids, a purchase and a file, made
 * through the database (users) and the public API (everything else), so ids of other users'
 * objects are at hand.
 */
export async function setupFuzzWorld(app: TestApp): Promise<FuzzWorld> {
  const db = app.database.prisma;
  const { hashPassword } = await import('../api/domain/accounts/password.ts');
  const passwordHash = await hashPassword(PASSWORD);
  const user = async (username: string, extra: Record<string, unknown> = {}) =>
    db.user.create({ data: { name: username, username, email: `${username}@fuzz.example`, passwordHash, emailVerifiedAt: new Date(), ...extra } });
  const u = {
    user: await user('fz-user'),
    provider: await user('fz-provider', { dueDiligenceStatus: 'approved' }),
    otherProvider: await user('fz-other', { dueDiligenceStatus: 'approved' }),
    admin: await user('fz-admin', { isAdmin: true, dueDiligenceStatus: 'not_applicable' }),
    applicant: await user('fz-applicant'),
  };
  const cookies: Record<Role, string> = {
    anonymous: '',
    user: await login(app, 'fz-user'),
    provider: await login(app, 'fz-provider'),
    otherProvider: await login(app, 'fz-other'),
    admin: await login(app, 'fz-admin'),
  };
  const ids: Record<string, string> = {};
  for (const [k, v] of Object.entries(u)) ids[`${k}Id`] = v.id;

  // A file uploaded through the API (CSV), then listings in each state.
  const boundary = 'fuzzboundary';
  const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="prices.csv"\r\nContent-Type: text/csv\r\n\r\nday,price\n2026-01-01,10\n2026-01-02,11\n\r\n--${boundary}--\r\n`;
  const up = await app.fetch('/api/uploads', { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: cookies.provider }, body: multipart, ip: SETUP_IP });
  const upBody = (await up.json()) as { id?: string };
  if (up.status !== 201 || !upBody.id) throw new Error(`fuzz setup: upload failed: ${up.status} ${JSON.stringify(upBody)}`);
  ids.fileId = upBody.id;

  const listing = (title: string, extra: Record<string, unknown> = {}) => ({
    ...LISTING_BODY,
    title,
    ...extra,
  });
  const created = async (who: Role, body: Record<string, unknown>) => {
    const res = await call(app, 'POST', '/api/contracts', body, cookies[who]);
    if (res.status !== 201) throw new Error(`fuzz setup: listing failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  ids.activeContractId = await created('provider', listing('Fuzz Active Prices', { dataAccessType: 'file_upload', fileId: ids.fileId }));
  ids.pendingContractId = await created('provider', listing('Fuzz Pending Prices'));
  ids.rejectedContractId = await created('otherProvider', listing('Fuzz Rejected Prices'));
  ids.otherPendingContractId = await created('otherProvider', listing('Fuzz Other Pending'));
  const review = async (id: string, status: string, extra: Record<string, unknown> = {}) => {
    const res = await call(app, 'PATCH', `/api/contracts/${id}`, { status, reviewNotes: 'fuzz', ...extra }, cookies.admin);
    if (res.status !== 200) throw new Error(`fuzz setup: review failed: ${res.status} ${JSON.stringify(res.body)}`);
  };
  await review(ids.activeContractId, 'active');
  await review(ids.rejectedContractId, 'rejected', { rejectionReason: 'fuzz' });

  const bid = await call(app, 'POST', '/api/bids', { contractId: ids.activeContractId, bidAmount: 5, message: 'fuzz bid' }, cookies.user);
  if (bid.status !== 201) throw new Error(`fuzz setup: bid failed: ${bid.status} ${JSON.stringify(bid.body)}`);
  ids.bidId = bid.body.id;
  const purchase = await call(app, 'POST', '/api/purchases', { contractId: ids.activeContractId }, cookies.user);
  if (purchase.status !== 201) throw new Error(`fuzz setup: purchase failed: ${purchase.status} ${JSON.stringify(purchase.body)}`);
  ids.purchaseId = purchase.body.id;

  const applicantCookie = await login(app, 'fz-applicant');
  const application = await call(app, 'POST', '/api/due-diligence', APPLICATION_BODY, applicantCookie);
  if (application.status !== 201) throw new Error(`fuzz setup: application failed: ${application.status} ${JSON.stringify(application.body)}`);
  ids.applicationId = application.body.id;

  return {
    ids,
    cookies,
    usernames: { user: 'fz-user', provider: 'fz-provider', otherProvider: 'fz-other', admin: 'fz-admin' },
  };
}

/** Logs a role in again when its session ended (the fuzz never logs roles out, but be sure). */
async function refreshSessions(app: TestApp, world: FuzzWorld) {
  for (const role of ROLES) {
    if (role === 'anonymous') continue;
    const me = await call(app, 'GET', '/api/auth/user', undefined, world.cookies[role]);
    if (me.status !== 200) world.cookies[role] = await login(app, world.usernames[role]);
  }
}

const LISTING_BODY = {
  title: 'Fuzz Listing Prices',
  description: 'Daily closing prices of a fuzzed market, with documented provenance and fields.',
  category: 'financial',
  price: 25,
  pricingModel: 'one_time',
  dataFormat: 'csv',
  updateFrequency: 'daily',
  sampleSize: '2 rows',
  geographicCoverage: 'Global',
  dataSource: 'Generated by the fuzzer for testing',
  dataAccessType: 'external_link',
  dataAccessUrl: 'https://example.com/data.csv',
  complianceAcknowledged: true,
  qualityAcknowledged: true,
  legalAcknowledged: true,
};

const APPLICATION_BODY = {
  businessName: 'Fuzz Data Ltd',
  businessType: 'corporation',
  businessAddress: '1 Fuzz Street, London',
  contactEmail: 'ops@fuzz.example',
  contactPhone: '+44 20 7946 0000',
  businessDescription: 'We collect and sell fuzzed data sets with documented provenance for testing purposes.',
  dataTypes: ['Financial & market'],
  hasDataPrivacyPolicy: true,
  gdprCompliant: true,
  ccpaCompliant: false,
  hasUserConsent: true,
  hasDataProcessingAgreements: true,
};

// ---------------------------------------------------------------- hostile values

const HOSTILE_STRINGS = [
  '',
  ' ',
  'a',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001f\u007f',
  '\r\n\t',
  '💣🔥',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil',
  '\u200b',
  'ｅｍａｉｌ@ｅｘａｍｐｌｅ.ｃｏｍ',
  'é'.normalize('NFD'),
  'null',
  'undefined',
  'true',
  '[object Object]',
  '<script>alert(1)</script>',
  "'; DROP TABLE \"User\"; --",
  '" OR 1=1 --',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%',
  '%zz',
  '{{7*7}}',
  '${7*7}',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '1e309',
  '-1e309',
  '0x10',
  '9'.repeat(400),
  '1.999',
  '12.345',
  '-0.01',
  ' 5 ',
  'user@example.com',
  'a@b',
  '@',
  'x'.repeat(300),
  'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
  'OffsetConnection:-1',
  Buffer.from('OffsetConnection:-1').toString('base64'),
  Buffer.from('OffsetConnection:99999999999999999999').toString('base64'),
  Buffer.from('GPC:S:\u0000').toString('base64'),
  Buffer.from('GPC:J:{"x":1}').toString('base64'),
  Buffer.from('User:').toString('base64'),
  Buffer.from('Nope:1').toString('base64'),
  '00000000-0000-0000-0000-000000000000',
  '00000000-0000-7000-8000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'all',
  'financial',
  'Financial Data',
  'pending_review',
  'active',
  'rejected',
  'approved',
  'under_review',
  'requires_clarification',
  'submitted',
  'newest',
  'price-low',
];

/** JSON text nested `levels` deep (JSON.stringify itself overflows the stack at a few thousand levels). */
const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
/** Bodies nested thousands of levels deep: a listing's sample rows, GraphQL variables, an inline value. */
const DEEP_REST_BODIES = [`{"sampleData":[${deepJson(9000)}],"title":"Deep"}`, `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`];
const DEEP_GRAPHQL_BODIES = [
  `{"query":"mutation($i: ListingInput!) { createListing(input: $i) { __typename } }","variables":{"i":{"sampleData":[${deepJson(9000)}]}}}`,
  `{"query":"{ __typename }","variables":{"x":${deepJson(9000)}}}`,
  JSON.stringify({ query: `{ contracts(first: ${'{a:'.repeat(3000)}1${'}'.repeat(3000)}) { totalCount } }` }),
];

const HOSTILE_NUMBERS = [0, -0, -1, 1, 0.5, -0.5, 1.005, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 5e-324, 100, 101];

function idPool(world: FuzzWorld): string[] {
  const plain = Object.values(world.ids);
  const types = ['User', 'Contract', 'Bid', 'Purchase', 'DueDiligenceApplication', 'DataFile', 'Review', 'Payment', 'Nope'];
  const global = plain.flatMap((id) => types.map((t) => encodeGlobalID(t, id)));
  return [...plain, ...global, offsetToCursor(0), offsetToCursor(3)];
}

function hostileString(rng: Rng, world: FuzzWorld): string {
  const r = rng.next();
  if (r < 0.35) return rng.pick(idPool(world));
  if (r < 0.4) return rng.pick(Object.values(world.usernames));
  if (r < 0.45) {
    // Random code units, including lone surrogates and control characters.
    const n = rng.int(40) + 1;
    let s = '';
    for (let i = 0; i < n; i++) s += String.fromCharCode(rng.chance(0.3) ? rng.int(32) : rng.int(0xffff));
    return s;
  }
  if (r < 0.5) return rng.pick(HOSTILE_STRINGS) + rng.pick(idPool(world));
  if (r < 0.505) return 'x'.repeat(70_000);
  return rng.pick(HOSTILE_STRINGS);
}

function hostileValue(rng: Rng, world: FuzzWorld, depth = 0): unknown {
  const r = rng.next();
  if (r < 0.45) return hostileString(rng, world);
  if (r < 0.65) return rng.pick(HOSTILE_NUMBERS);
  if (r < 0.72) return rng.chance(0.5);
  if (r < 0.8) return null;
  if (r < 0.88 && depth < 3) return Array.from({ length: rng.int(4) }, () => hostileValue(rng, world, depth + 1));
  if (r < 0.93 && depth < 3) return { [hostileString(rng, world).slice(0, 20)]: hostileValue(rng, world, depth + 1), __proto__x: 1, constructor: 'x' };
  if (r < 0.96) return Array.from({ length: 3000 }, (_, i) => i);
  // Deep nesting.
  let deep: unknown = 1;
  for (let i = 0; i < 200; i++) deep = [deep];
  return deep;
}

// ---------------------------------------------------------------- requests

export interface FuzzRequest {
  index: number;
  role: Role | 'brokenCookie';
  ip: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Which path template or GraphQL field this request aims at. */
  target: string;
}

export interface FuzzFailure {
  request: FuzzRequest;
  status: number;
  body: string;
}

interface RestRoute {
  method: string;
  path: string;
}

/** Every REST route, read from api/rest/router.ts and api/rest/*.routes.ts (so new ones are fuzzed too). */
export function discoverRestRoutes(): RestRoute[] {
  const restDir = path.join(ROOT, 'api/rest');
  const router = fs.readFileSync(path.join(restDir, 'router.ts'), 'utf8');
  const mounts = new Map<string, string[]>();
  for (const m of router.matchAll(/import \{ (\w+) \} from '\.\/([\w.-]+\.routes)\.ts'/g)) mounts.set(m[1]!, [m[2]!]);
  const prefixOf = new Map<string, string>();
  for (const m of router.matchAll(/\.route\(\s*'([^']*)'\s*,\s*(\w+)\(/g)) {
    const file = mounts.get(m[2]!)?.[0];
    if (file) prefixOf.set(file, m[1] === '/' ? '' : m[1]!);
  }
  const routes: RestRoute[] = [];
  for (const [file, prefix] of prefixOf) {
    const source = fs.readFileSync(path.join(restDir, `${file}.ts`), 'utf8');
    for (const m of source.matchAll(/\b\w+\.(get|post|patch|put|delete)\(\s*'([^']+)'/g)) {
      const sub = m[2] === '/' ? '' : m[2]!;
      routes.push({ method: m[1]!.toUpperCase(), path: `/api${prefix}${sub}` });
    }
  }
  return routes;
}

/** The paths the README documents; the fuzz fails when one of them is not found among the routes. */
export const DOCUMENTED_REST = [
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/resend-verification',
  'GET /api/auth/user',
  'GET /api/auth/verify-email',
  'GET /api/stats',
  'GET /api/contracts',
  'GET /api/contracts/:id',
  'POST /api/contracts',
  'PATCH /api/contracts/:id',
  'GET /api/bids/contract/:id',
  'POST /api/bids',
  'POST /api/bids/:id/withdraw',
  'POST /api/purchases',
  'GET /api/purchases/buyer/:userId',
  'POST /api/due-diligence',
  'GET /api/due-diligence',
  'GET /api/due-diligence/status',
  'GET /api/due-diligence/user/:userId',
  'PATCH /api/due-diligence/:id',
  'POST /api/uploads',
  'GET /api/files/:id/download',
  'POST /api/payments',
  'POST /api/payments/:id/escrow',
  'GET /api/payments/contract/:contractId',
  'POST /api/payments/:id/dispute',
  'POST /api/payments/:id/settle',
  'GET /api/data/access/:purchaseId',
  'POST /api/data/access/:purchaseId/rotate',
  'GET /api/data/download/:contractId',
  'GET /api/data/stream/:contractId',
  'POST /api/reviews',
  'GET /api/messages/conversations',
  'GET /api/messages',
  'POST /api/messages',
  'GET /api/messages/unread/:userId',
  'GET /api/platform/earnings',
  'POST /api/support/tickets',
  'GET /api/support/tickets/:id/messages',
  'POST /api/support/tickets/:id/messages',
  'GET /api/support/admin/tickets',
  'POST /api/support/messages',
  'PATCH /api/support/tickets/:id',
  'GET /api/positions',
  'POST /api/positions',
  'POST /api/positions/:id/close',
];

const BODY_KEYS = [
  'usernameOrEmail', 'email', 'password', 'confirmPassword', 'name', 'username', 'token', 'contractId', 'buyerId', 'bidAmount',
  'message', 'status', 'reviewNotes', 'rejectionReason', 'providerId', 'userId', 'fileId', 'recordCount', 'dataFields',
  'sampleData', 'yearsInBusiness', 'dataTypes', 'certifications', 'website', 'limit', 'offset',
  'positionType', 'quantity', 'leverage', 'stopLoss', 'takeProfit',
];
const QUERY_KEYS = ['category', 'minPrice', 'maxPrice', 'search', 'sortBy', 'limit', 'offset', 'minRating', 'status', 'token', 'email', 'after', 'first'];

/** Bodies that pass the first checks, so the fuzz reaches the code behind them. */
function baseBody(route: RestRoute, world: FuzzWorld): Record<string, unknown> {
  const p = `${route.method} ${route.path}`;
  if (p.endsWith('/auth/register')) return { name: 'Fuzz', email: 'fuzz@fuzz.example', username: 'fuzzer', password: PASSWORD, confirmPassword: PASSWORD };
  if (p.endsWith('/auth/login')) return { usernameOrEmail: 'nobody-here', password: PASSWORD };
  if (p.endsWith('/auth/resend-verification')) return { email: 'nobody@fuzz.example' };
  if (p === 'POST /api/contracts') return { ...LISTING_BODY };
  if (p === 'PATCH /api/contracts/:id') return { status: 'rejected', rejectionReason: 'fuzz' };
  if (p.endsWith('/bids')) return { contractId: world.ids.activeContractId, bidAmount: 7, message: 'x' };
  if (p.endsWith('/purchases')) return { contractId: world.ids.activeContractId, status: 'pending' };
  if (p === 'POST /api/due-diligence') return { ...APPLICATION_BODY };
  if (p === 'PATCH /api/due-diligence/:id') return { status: 'under_review', reviewNotes: 'x' };
  return {};
}

const PATH_PARAM_VALUES = (world: FuzzWorld) => [
  ...Object.values(world.ids),
  'not-a-user',
  '%00',
  'a%00b',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%',
  '%zz',
  '%E2%80%AE',
  '%F0%9F%92%A3',
  '%ED%A0%80',
  'x'.repeat(5000),
  encodeURIComponent('\u0001\u007f'),
  encodeGlobalID('Contract', world.ids.activeContractId!),
  '00000000-0000-0000-0000-000000000000',
  '-1',
  '1e309',
];

/** A URL cannot carry a lone surrogate; JSON bodies can (and do). */
function safeEncode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

function restRequest(rng: Rng, world: FuzzWorld, route: RestRoute): Omit<FuzzRequest, 'index' | 'role' | 'ip'> {
  let p = route.path.replace(/:(\w+)/g, () => {
    if (rng.chance(0.6)) return rng.pick(PATH_PARAM_VALUES(world));
    return safeEncode(hostileString(rng, world).slice(0, 2000));
  });
  if (route.method === 'GET' || rng.chance(0.1)) {
    const n = rng.int(4);
    const params: string[] = [];
    for (let i = 0; i < n; i++) {
      const v = rng.chance(0.15) ? rng.pick(['%', '%zz', '%00', '&&', '==']) : safeEncode(String(rng.chance(0.5) ? rng.pick(HOSTILE_NUMBERS) : hostileString(rng, world).slice(0, 3000)));
      params.push(`${rng.pick(QUERY_KEYS)}=${v}`);
    }
    if (params.length) p += `?${params.join('&')}`;
  }
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (route.method !== 'GET') {
    const r = rng.next();
    if (r < 0.65) {
      const obj: Record<string, unknown> = baseBody(route, world);
      const keys = Object.keys(obj);
      const n = rng.int(3) + 1;
      for (let i = 0; i < n; i++) {
        const key = keys.length && rng.chance(0.7) ? rng.pick(keys) : rng.pick(BODY_KEYS);
        if (rng.chance(0.1)) delete obj[key];
        else obj[key] = hostileValue(rng, world);
      }
      body = JSON.stringify(obj);
      headers['content-type'] = 'application/json';
    } else if (r < 0.8) {
      body = rng.pick(['{', '{"a":', '[]', '[1,2]', '"str"', '123', 'null', 'true', '\u0000', '{"a":1}x', '{"__proto__":{"isAdmin":true}}', '\ufeff{}', '{"a":"\\ud800"}', '{"a":"\\u0000"}', `{"x":"${'y'.repeat(1_100_000)}"}`, ...DEEP_REST_BODIES]);
      headers['content-type'] = 'application/json';
    } else if (r < 0.92) {
      body = JSON.stringify(baseBody(route, world));
      headers['content-type'] = rng.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/json; charset=utf-16', 'application/jsonp', '', 'multipart/form-data', 'application/json, text/plain', 'a'.repeat(300)]);
      if (!headers['content-type']) delete headers['content-type'];
    }
    // else: no body at all
  }
  return { method: route.method, path: p, headers, body, target: `${route.method} ${route.path}` };
}

// ---------------------------------------------------------------- GraphQL operations

interface GqlField {
  operation: 'query' | 'mutation';
  field: GraphQLField<unknown, unknown>;
}

/** Every query and mutation field of the live schema (subscriptions need a stream; not over plain HTTP). */
export function graphqlFields(schema: GraphQLSchema): GqlField[] {
  const out: GqlField[] = [];
  for (const field of Object.values(schema.getQueryType()?.getFields() ?? {})) out.push({ operation: 'query', field });
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) out.push({ operation: 'mutation', field });
  return out;
}

const ARG_PAGE = new Set(['first', 'last', 'after', 'before']);

/** A selection of the leaf fields of a type, two levels deep, with every union member's leaves. */
function selectionOf(type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type);
  if (isScalarType(named) || isEnumType(named)) return '';
  if (depth > 2) return '{ __typename }';
  const parts = ['__typename'];
  if (isUnionType(named)) {
    for (const member of named.getTypes()) parts.push(`... on ${member.name} ${selectionOf(member, depth + 1)}`);
    return `{ ${parts.join(' ')} }`;
  }
  if (isObjectType(named) || isInterfaceType(named)) {
    for (const f of Object.values(named.getFields())) {
      if (f.args.some((a) => isNonNullType(a.type))) continue;
      const sub = selectionOf(f.type, depth + 1);
      const leaf = isScalarType(getNamedType(f.type)) || isEnumType(getNamedType(f.type));
      if (leaf) parts.push(f.name);
      else if (depth < 2) parts.push(`${f.name} ${sub}`);
    }
  }
  return `{ ${parts.join(' ')} }`;
}

function hostileInput(rng: Rng, world: FuzzWorld, type: GraphQLInputType, depth = 0): unknown {
  // Sometimes a value of the wrong type altogether.
  if (rng.chance(0.08)) return hostileValue(rng, world);
  const nullable = !isNonNullType(type);
  if (nullable && rng.chance(0.15)) return null;
  const inner = getNullableType(type) as GraphQLInputType;
  if (isListType(inner)) {
    const n = rng.chance(0.05) ? 2000 : rng.int(4);
    return Array.from({ length: n }, () => hostileInput(rng, world, inner.ofType as GraphQLInputType, depth + 1));
  }
  if (isEnumType(inner)) return rng.chance(0.8) ? rng.pick(inner.getValues()).name : hostileString(rng, world);
  if (isInputObjectType(inner)) {
    const obj: Record<string, unknown> = {};
    for (const f of Object.values(inner.getFields())) {
      if (!isNonNullType(f.type) && rng.chance(0.4)) continue;
      if (isNonNullType(f.type) && rng.chance(0.03)) continue;
      obj[f.name] = depth > 4 ? null : hostileInput(rng, world, f.type, depth + 1);
    }
    if (rng.chance(0.05)) obj[hostileString(rng, world).slice(0, 30) || 'extra'] = 1;
    return obj;
  }
  switch ((inner as { name: string }).name) {
    case 'Int':
      return rng.chance(0.8) ? rng.pick([0, -1, 1, 5, 100, 101, 2 ** 31 - 1, -(2 ** 31)]) : rng.pick(HOSTILE_NUMBERS);
    case 'Float':
      return rng.pick(HOSTILE_NUMBERS);
    case 'Boolean':
      return rng.chance(0.8) ? rng.chance(0.5) : hostileValue(rng, world);
    case 'DateTime':
      return rng.pick(['2026-01-01T00:00:00Z', '0000-00-00', '9999-99-99T99:99:99Z', '-271821-04-20T00:00:00Z', hostileString(rng, world)]);
    case 'Decimal':
      return rng.pick(['1.00', '0', '-1', '1e309', '12.345', '99999999999999999999.99', 'NaN', hostileString(rng, world)]);
    case 'JSON':
      return hostileValue(rng, world);
    default:
      return hostileString(rng, world);
  }
}

function graphqlRequest(rng: Rng, world: FuzzWorld, schema: GraphQLSchema, target: GqlField): Omit<FuzzRequest, 'index' | 'role' | 'ip'> {
  const { field, operation } = target;
  const varDefs: string[] = [];
  const args: string[] = [];
  const variables: Record<string, unknown> = {};
  for (const arg of field.args) {
    if (!isNonNullType(arg.type) && rng.chance(ARG_PAGE.has(arg.name) ? 0.4 : 0.5)) continue;
    varDefs.push(`$${arg.name}: ${String(arg.type)}`);
    args.push(`${arg.name}: $${arg.name}`);
    variables[arg.name] = hostileInput(rng, world, arg.type);
  }
  const selection = selectionOf(field.type, 0);
  const document = `${operation} Fuzz${varDefs.length ? `(${varDefs.join(', ')})` : ''} { ${field.name}${args.length ? `(${args.join(', ')})` : ''} ${selection} }`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' };
  const r = rng.next();
  let body: string | undefined;
  let p = '/graphql';
  let method = 'POST';
  if (r < 0.82) body = JSON.stringify({ query: document, variables });
  else if (r < 0.86 && operation === 'query') {
    method = 'GET';
    p = `/graphql?query=${safeEncode(document)}&variables=${safeEncode(JSON.stringify(variables)).slice(0, 4000)}`;
    delete headers['content-type'];
  } else if (r < 0.9) body = JSON.stringify({ query: document, variables: rng.pick(['x', 1, [], null, '{"a":']) });
  else if (r < 0.93) body = JSON.stringify([{ query: document, variables }, { query: document }]);
  else if (r < 0.96) {
    body = rng.pick(['{', '{"query":', '{"query":1}', '{"query":"{ viewer { id } "}', '{"query":"query { __typename }","operationName":"Nope"}', `{"query":"${'{ a '.repeat(600)}"}`, '\u0000', '{"query":"\\u0000"}', ...DEEP_GRAPHQL_BODIES]);
  } else {
    body = JSON.stringify({ query: document, variables });
    headers['content-type'] = rng.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/graphql']);
  }
  void schema;
  return { method, path: p, headers, body, target: `${operation} ${field.name}` };
}

// ---------------------------------------------------------------- running

const BROKEN_COOKIES = [
  'pit_session=garbage',
  'pit_session=a.b.c',
  'pit_session=',
  'pit_session="quoted"',
  'pit_session=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
  '=;;=;pit_session',
  `pit_session=${'x'.repeat(8000)}`,
  'pit_session=%E0%A4%A',
  'pit_session=\u00ff\u00fe',
];

/** Logging out (or anything that ends sessions) only as anonymous or with a broken cookie, so roles stay logged in. */
const SESSION_ENDING = /logout|password|delete|session|deactivate/i;

// Password checks (scrypt) and the market figures cost tens of milliseconds each; they are aimed at
// less often so 10,000 requests stay within a CI minute or two. Every target is still hit.
const EXPENSIVE = /login|register|stats|marketStats/i;

function weightedPick<T>(rng: Rng, items: readonly T[], name: (item: T) => string): T {
  for (;;) {
    const item = rng.pick(items);
    if (!EXPENSIVE.test(name(item)) || rng.chance(0.25)) return item;
  }
}

export function buildRequest(index: number, seed: number, world: FuzzWorld, routes: RestRoute[], fields: GqlField[], schema: GraphQLSchema): FuzzRequest {
  const rng = prng((seed * 0x9e3779b1) ^ (index * 0x85ebca6b));
  const gql = rng.chance(0.5);
  const base = gql ? graphqlRequest(rng, world, schema, weightedPick(rng, fields, (f) => f.field.name)) : restRequest(rng, world, weightedPick(rng, routes, (r) => r.path));
  let role: FuzzRequest['role'] = rng.chance(0.1) ? 'brokenCookie' : rng.pick(ROLES);
  if (SESSION_ENDING.test(base.target) && role !== 'brokenCookie') role = 'anonymous';
  const headers = { ...base.headers };
  if (role === 'brokenCookie') {
    let cookie = rng.pick(BROKEN_COOKIES);
    // A real session with a flipped character: a bad signature.
    if (rng.chance(0.4)) {
      const real = world.cookies[rng.pick(['user', 'admin'] as const)];
      const i = 'pit_session='.length + rng.int(Math.max(1, real.length - 'pit_session='.length));
      cookie = real.slice(0, i) + (real[i] === 'A' ? 'B' : 'A') + real.slice(i + 1);
    }
    headers.cookie = cookie;
  } else if (world.cookies[role]) {
    headers.cookie = world.cookies[role];
  }
  if (rng.chance(0.03)) headers.origin = rng.pick(['https://evil.example', 'null', 'http://localhost']);
  if (rng.chance(0.03)) headers['x-request-id'] = rng.pick(['', 'x'.repeat(500), '../../', '\u00ff']);
  // Data delivery authenticates with an API key: broken ones, someone else's ids, huge ones.
  if (rng.chance(0.05)) headers['x-api-key'] = rng.pick(['', 'garbage', 'pit_live_', 'x'.repeat(5000), '\u00ff\u00fe', world.ids.purchaseId!, world.ids.userId!]);
  return { ...base, headers, index, role, ip: rng.pick(FUZZ_IPS) };
}

function printable(s: string, max = 400): string {
  const shown = JSON.stringify(s.length > max ? `${s.slice(0, max)}…(${s.length} chars)` : s);
  return shown;
}

/** The request as a reader can replay it. */
export function describeRequest(r: FuzzRequest, seed: number): string {
  const lines = [
    `#${r.index} (seed ${seed}) as ${r.role} from ${r.ip}: ${r.target}`,
    `  ${r.method} ${printable(r.path)}`,
    ...Object.entries(r.headers).map(([k, v]) => `  ${k}: ${printable(v, 200)}`),
  ];
  if (r.body !== undefined) lines.push(`  body: ${printable(r.body, 1500)}`);
  return lines.join('\n');
}

/** A 5xx, or a GraphQL answer that masked an internal error. */
function failed(status: number, text: string): boolean {
  if (status >= 500) return true;
  if (text.includes('INTERNAL_SERVER_ERROR') || text.includes('Internal server error')) return true;
  return false;
}

export interface FuzzOptions {
  count: number;
  seed: number;
  concurrency?: number;
  /** Only this request index (replay). */
  only?: number;
  /** Stop early after this many milliseconds (the CLI's safety net; the test runs its full count). */
  maxMs?: number;
  log?: (line: string) => void;
}

export interface FuzzReport {
  sent: number;
  failures: FuzzFailure[];
  statuses: Record<string, number>;
  restTargets: Set<string>;
  graphqlTargets: Set<string>;
  missingDocumented: string[];
  allGraphqlFields: string[];
  /** Milliseconds spent per target, to keep the run short. */
  msByTarget: Record<string, number>;
}

export async function runFuzz(app: TestApp, world: FuzzWorld, schema: GraphQLSchema, opts: FuzzOptions): Promise<FuzzReport> {
  const routes = discoverRestRoutes();
  const fields = graphqlFields(schema);
  const found = new Set(routes.map((r) => `${r.method} ${r.path}`));
  const report: FuzzReport = {
    sent: 0,
    failures: [],
    statuses: {},
    restTargets: new Set(),
    graphqlTargets: new Set(),
    missingDocumented: DOCUMENTED_REST.filter((d) => !found.has(d)),
    allGraphqlFields: fields.map((f) => `${f.operation} ${f.field.name}`),
    msByTarget: {},
  };
  const started = Date.now();
  const indexes = opts.only !== undefined ? [opts.only] : Array.from({ length: opts.count }, (_, i) => i);
  let cursor = 0;
  let sinceRefresh = 0;
  const worker = async () => {
    for (;;) {
      if (opts.maxMs !== undefined && Date.now() - started > opts.maxMs) return;
      const i = cursor++;
      if (i >= indexes.length) return;
      if (++sinceRefresh >= 1000) {
        sinceRefresh = 0;
        await refreshSessions(app, world);
      }
      const req = buildRequest(indexes[i]!, opts.seed, world, routes, fields, schema);
      (req.target.startsWith('query ') || req.target.startsWith('mutation ') ? report.graphqlTargets : report.restTargets).add(req.target);
      let status: number;
      let text: string;
      const t0 = performance.now();
      try {
        const res = await app.fetch(req.path, { method: req.method, headers: req.headers, body: req.body, ip: req.ip });
        status = res.status;
        text = await res.text();
      } catch (error) {
        status = 599;
        text = `the app threw: ${(error as Error)?.stack ?? String(error)}`;
      }
      report.sent++;
      report.msByTarget[req.target] = (report.msByTarget[req.target] ?? 0) + performance.now() - t0;
      report.statuses[status] = (report.statuses[status] ?? 0) + 1;
      if (failed(status, text)) {
        report.failures.push({ request: req, status, body: text.slice(0, 2000) });
        opts.log?.(`FAIL ${status}\n${describeRequest(req, opts.seed)}\n  answer: ${text.slice(0, 500)}`);
      }
      if (report.sent % 2000 === 0) opts.log?.(`${report.sent} requests, ${report.failures.length} failures, ${Math.round((Date.now() - started) / 1000)} s`);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
  return report;
}

// ---------------------------------------------------------------- CLI

async function main() {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const count = Number(arg('count') ?? 10_000);
  const seed = Number(arg('seed') ?? 20261122);
  const concurrency = Number(arg('concurrency') ?? 4);
  const only = arg('only') === undefined ? undefined : Number(arg('only'));
  const maxMs = arg('seconds') === undefined ? undefined : Number(arg('seconds')) * 1000;
  process.env.NODE_ENV ??= 'test';
  // Pothos' development warning about unused Prisma selections would bury the report.
  const warn = console.warn;
  console.warn = (...parts: unknown[]) => {
    if (typeof parts[0] === 'string' && parts[0].startsWith('Prisma query was unused')) return;
    warn(...parts);
  };
  const { startTestApp } = await import('../api/test/harness.ts');
  const { testDatabases } = await import('../api/test/databases.ts');
  const { schema } = await import('../api/graphql/schema.ts');
  let failedAny = false;
  for (const kind of testDatabases()) {
    const app = await startTestApp(kind, FUZZ_APP_ENV);
    try {
      const world = await setupFuzzWorld(app);
      const started = Date.now();
      const report = await runFuzz(app, world, schema, { count, seed, concurrency, only, maxMs, log: (l) => console.log(`[${kind}] ${l}`) });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`[${kind}] ${report.sent} requests in ${seconds} s; statuses ${JSON.stringify(report.statuses)}`);
      console.log(`[${kind}] REST targets ${report.restTargets.size}, GraphQL fields ${report.graphqlTargets.size} of ${report.allGraphqlFields.length}`);
      const slowest = Object.entries(report.msByTarget).sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.FUZZ_SLOWEST ?? 8));
      console.log(`[${kind}] slowest targets (ms): ${slowest.map(([t, ms]) => `${t} ${Math.round(ms)}`).join(', ')}`);
      if (report.missingDocumented.length) console.log(`[${kind}] documented REST paths not found: ${report.missingDocumented.join(', ')}`);
      if (report.failures.length || report.missingDocumented.length) failedAny = true;
      console.log(`[${kind}] ${report.failures.length} failures`);
    } finally {
      await app.close();
    }
  }
  process.exit(failedAny ? 1 : 0);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
