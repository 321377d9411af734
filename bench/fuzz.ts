// Hostile-input fuzzer: thousands of malformed, oversized, mistyped and out-of-place requests at
// every REST path and every GraphQL query and mutation, as anonymous, user, provider, another
// provider, administrator and with broken cookies. Nothing may answer a 5xx (nor a GraphQL
// INTERNAL_SERVER_ERROR, which is a 500 in disguise), and every REST refusal must have the error
// body's shape (bench/fuzz/answers.ts). In-process only: requests go through
// app.fetch of api/test/harness.ts, never a socket.
//
//   npm run fuzz                        # 10,000 requests on the embedded database
//   TEST_DATABASE_URL=postgresql://... npm run fuzz    # and on PostgreSQL
//   npm run fuzz -- --count 50000 --seed 7 --concurrency 8
//   npm run fuzz -- --seed 7 --only 1234               # replay one request of a run
//
// Each request is derived from (seed, index) alone, so a failure printed with its index replays.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FUZZ_APP_ENV, setupFuzzWorld } from './fuzz/world.ts';
import { runFuzz } from './fuzz/run.ts';

// The parts live in bench/fuzz/: world.ts (the users and listings aimed at), hostile.ts (values),
// rest.ts and graphql.ts (requests), answers.ts (what an answer must be), run.ts (the loop).

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
