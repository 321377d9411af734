// REST requests: every route of api/rest, with hostile paths, queries, bodies and content types.
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { Rng } from './random.ts';
import { APPLICATION_BODY, LISTING_BODY, PASSWORD, type FuzzWorld } from './world.ts';
import { DEEP_REST_BODIES, HOSTILE_NUMBERS, hostileString, hostileValue } from './hostile.ts';
import type { FuzzRequest } from './run.ts';
import { restRouter } from '../../api/rest/router.ts';
import type { Yoga } from '../../api/graphql/yoga.ts';

export interface RestRoute {
  method: string;
  path: string;
}

/**
 * Every REST route, as the router itself lists them (so new ones are fuzzed too). Reading the
 * source with patterns missed every route once the router mounted its rooms from a table.
 */
export function discoverRestRoutes(): RestRoute[] {
  // Building the routes calls nothing of Yoga: they only keep it for their handlers.
  const router = restRouter({} as Yoga, () => '127.0.0.1');
  const seen = new Map<string, RestRoute>();
  for (const { method, path: sub } of router.routes) {
    if (!HTTP_METHODS.has(method)) continue; // middleware registered for every method
    const route = { method, path: `/api${sub}` };
    seen.set(`${route.method} ${route.path}`, route);
  }
  return [...seen.values()];
}

const HTTP_METHODS = new Set(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']);

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
  'POST /api/auth/change-email',
  'DELETE /api/auth/change-email',
  'POST /api/auth/confirm-email-change',
  'POST /api/auth/delete-account',
  'POST /api/profile/avatar',
  'DELETE /api/profile/avatar',
  'GET /api/users/:userId/avatar',
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
export function safeEncode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

export function restRequest(rng: Rng, world: FuzzWorld, route: RestRoute): Omit<FuzzRequest, 'index' | 'role' | 'ip'> {
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
