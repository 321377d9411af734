// The live conversations benchmark (npm run bench:subscribers): SUB_CONNECTIONS (1,000) users, in
// pairs, each pair one conversation, each user on its own graphql-ws connection subscribed to
// messageReceived. This process is the load generator; the server runs from source (tsx) as a
// child process on a scratch PostgreSQL database (BENCH_DATABASE_URL), once with its in-process
// event bus and once with REDIS_URL (BENCH_REDIS_URL, default redis://127.0.0.1:6379; SUB_RUNS picks
// the runs: memory,redis). Users, their sessions and conversations are written straight into the
// database and the session cookies signed with the server's secret: logins are not measured.
//
// Measured, per run:
// - memory per connection: the server's VmRSS (/proc/<pid>/status) before the connections are
//   opened and after all are open and subscribed, over their count;
// - paced: SUB_RATE (20) messages a second for SUB_SECONDS (15) s, each in a random conversation,
//   from post (the request leaving) to the delivery on the recipient's and on the sender's socket;
// - rounds: SUB_ROUNDS (10) times, SUB_ROUND_SIZE (100) conversations, at random, get a message at
//   the same moment (100 posts, 200 deliveries); "post -> last delivery" of each round and every
//   delivery. A failed post is reported and counted, its deliveries are not waited for.
// Goal: delivery p99 at most 200 ms at the paced rate (read, not enforced). Exit 1 when a post
// fails or a delivery is missing.
// The market run (SUB_RUNS=market): SUB_MARKET_SOCKETS (2) anonymous connections, each with
// SUB_MARKET_PER_SOCKET (2,000) `marketStats` subscriptions (the server's
// WS_MAX_SUBSCRIPTIONS_PER_SOCKET is raised to fit), then one registration: the server's CPU time
// and RSS from the registration to the last subscriber's push (docs/performance.md "One public
// event, thousands of subscribers").
// BENCH_ENTRY=<file> runs a built server (node <file>) instead of the source through tsx.
// SUB_CPU_PROF=<dir> writes a V8 CPU profile of the server there (node --cpu-prof) when it stops.
// The runs are chat-delivery.ts (memory, redis) and market-push.ts (market); the server they
// start and the sockets they open, sub-server.ts.
import os from 'node:os';
import { benchSubscribers, subscribersMarkdown, type RunReport } from './chat-delivery.ts';
import { benchMarketFigures, marketMarkdown } from './market-push.ts';
import { REDIS_URL, redisReachable } from './sub-server.ts';

const RUNS = (process.env.SUB_RUNS ?? 'memory,redis').split(',').map((s) => s.trim()).filter(Boolean);

async function main() {
  const reports: RunReport[] = [];
  for (const run of RUNS) {
    if (run === 'market') {
      const market = await benchMarketFigures();
      console.log(marketMarkdown(market).join('\n'));
      console.log(JSON.stringify({ market }));
      if (market.missing) process.exitCode = 1;
      continue;
    }
    if (run !== 'memory' && run !== 'redis') throw new Error(`SUB_RUNS: unknown run ${run} (memory, redis, market)`);
    if (run === 'redis' && !(await redisReachable())) {
      console.error(`redis: ${REDIS_URL} unreachable, run skipped`);
      continue;
    }
    reports.push(await benchSubscribers(run));
  }
  if (!reports.length) return;
  console.log(subscribersMarkdown(reports).join('\n'));
  console.log(JSON.stringify({ reports, machine: `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}` }));
  if (reports.some((r) => r.paced.missing || r.rounds.missing || r.paced.errors || r.rounds.errors)) process.exitCode = 1;
}

await main();
