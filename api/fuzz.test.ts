import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp } from './test/harness.ts';
import { testDatabases } from './test/databases.ts';
import { schema } from './graphql/schema.ts';
import { describeRequest, discoverRestRoutes, FUZZ_APP_ENV, runFuzz, setupFuzzWorld } from '../bench/fuzz.ts';

// bench/fuzz.ts as a test: 10,000 hostile requests per database over every REST path and every
// GraphQL query and mutation, as every role and with broken cookies; none may answer a 5xx.
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
      expect(report.failures.map((f) => `${f.status}: ${describeRequest(f.request, SEED)}\n  answer: ${f.body.slice(0, 300)}`)).toEqual([]);
      // Still serving afterwards.
      expect((await app.fetch('/readyz')).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
