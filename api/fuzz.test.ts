import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp } from './test/harness.ts';
import { testDatabases } from './test/databases.ts';
import { schema } from './graphql/schema.ts';
import { FUZZ_APP_ENV, setupFuzzWorld } from '../bench/fuzz/world.ts';
import { discoverRestRoutes } from '../bench/fuzz/rest.ts';
import { describeRequest, runFuzz } from '../bench/fuzz/run.ts';
import { faultOf } from '../bench/fuzz/answers.ts';

// bench/fuzz.ts as a test: 10,000 hostile requests per database over every REST path and every
// GraphQL query and mutation, as every role and with broken cookies; none may answer a 5xx, and
// every REST refusal is { code, message, requestId } with its code's status (bench/fuzz/answers.ts).
// The seed is fixed, so a failure printed here replays with `npm run fuzz -- --seed S --only N`.
const COUNT = Number(process.env.FUZZ_COUNT ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

// Pothos' development warning about unused Prisma selections would print thousands of lines here.
const warn = console.warn;
beforeAll(() => {
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('Prisma query was unused')) return;
    warn(...args);
  });
});
afterAll(() => vi.restoreAllMocks());

describe('what an answer must be', () => {
  const headers = (extra: Record<string, string> = {}) => new Headers({ 'x-request-id': 'r1', ...extra });
  it('a REST refusal is { code, message, requestId } with its code\'s status; a 401 names its challenge', () => {
    expect(faultOf('/api/contracts/x', { status: 404, headers: headers(), text: '{"code":"NOT_FOUND","message":"Contract not found","requestId":"r1"}' })).toBeNull();
    expect(faultOf('/api/contracts/x', { status: 404, headers: headers(), text: '{"message":"Contract not found"}' })).toMatch(/without code/);
    expect(faultOf('/api/contracts/x', { status: 400, headers: headers(), text: '{"code":"NOT_FOUND","message":"x","requestId":"r1"}' })).toMatch(/not its status/);
    expect(faultOf('/api/contracts/x', { status: 404, headers: headers(), text: '{"code":"NOT_FOUND","message":"x","requestId":"r2"}' })).toMatch(/X-Request-Id/);
    expect(faultOf('/api/auth/user', { status: 401, headers: headers(), text: '{"code":"LOGIN_REQUIRED","message":"x","requestId":"r1"}' })).toMatch(/WWW-Authenticate/);
    expect(faultOf('/api/auth/user', { status: 401, headers: headers({ 'www-authenticate': 'Cookie realm="api"' }), text: '{"code":"LOGIN_REQUIRED","message":"x","requestId":"r1"}' })).toBeNull();
  });
  it('GraphQL never quotes an internal error, and its error types carry enum codes', () => {
    expect(faultOf('/graphql', { status: 400, headers: headers(), text: '{"errors":[{"message":"POST body sent invalid JSON.","extensions":{"originalError":{}}}]}' })).toMatch(/originalError/);
    expect(faultOf('/graphql', { status: 200, headers: headers(), text: '{"data":{"placeBid":{"__typename":"NotFoundError","code":"NOT_FOUND","reason":"NOT_FOUND"}}}' })).toBeNull();
    expect(faultOf('/graphql', { status: 200, headers: headers(), text: '{"data":{"placeBid":{"__typename":"NotFoundError","code":"Nope","reason":"NOT_FOUND"}}}' })).toMatch(/not an ErrorCode/);
    expect(faultOf('/graphql', { status: 502, headers: headers(), text: '' })).toMatch(/502/);
  });
});

describe.each(testDatabases())('hostile requests on %s', (kind) => {
  it(`${COUNT} requests, no 5xx`, { timeout: 30 * 60_000 }, async () => {
    const app = await startTestApp(kind, FUZZ_APP_ENV);
    try {
      const world = await setupFuzzWorld(app);
      const report = await runFuzz(app, world, schema, { count: COUNT, seed: SEED, log: (line) => line.startsWith('FAIL') && console.log(line) });
      expect(report.sent).toBe(COUNT);
      expect(report.missingDocumented).toEqual([]);
      // Every REST route and every query and mutation was aimed at (a short local run may miss some).
      if (COUNT >= 10_000) {
        expect([...report.restTargets].sort()).toEqual([...new Set(discoverRestRoutes().map((r) => `${r.method} ${r.path}`))].sort());
        expect([...report.graphqlTargets].sort()).toEqual([...report.allGraphqlFields].sort());
      }
      expect(report.failures.map((f) => `${f.status} (${f.fault}): ${describeRequest(f.request, SEED)}\n  answer: ${f.body.slice(0, 300)}`)).toEqual([]);
      // Still serving afterwards.
      expect((await app.fetch('/readyz')).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
