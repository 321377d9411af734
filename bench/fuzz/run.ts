// Running the fuzz: each request built from (seed, index), sent in-process, and its answer judged
// (bench/fuzz/answers.ts).
import type { GraphQLSchema } from 'graphql';
import type { TestApp } from '../../api/test/harness.ts';
import { prng, type Rng } from './random.ts';
import { ROLES, FUZZ_IPS, refreshSessions, type FuzzWorld, type Role } from './world.ts';
import { DOCUMENTED_REST, discoverRestRoutes, restRequest, type RestRoute } from './rest.ts';
import { graphqlFields, graphqlRequest, type GqlField } from './graphql.ts';
import { faultOf } from './answers.ts';

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
  /** What is wrong with the answer (bench/fuzz/answers.ts). */
  fault: string;
}

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
      let headers = new Headers();
      const t0 = performance.now();
      try {
        const res = await app.fetch(req.path, { method: req.method, headers: req.headers, body: req.body, ip: req.ip });
        status = res.status;
        headers = res.headers;
        text = await res.text();
      } catch (error) {
        status = 599;
        text = `the app threw: ${(error as Error)?.stack ?? String(error)}`;
      }
      report.sent++;
      report.msByTarget[req.target] = (report.msByTarget[req.target] ?? 0) + performance.now() - t0;
      report.statuses[status] = (report.statuses[status] ?? 0) + 1;
      const fault = faultOf(req.path, { status, headers, text });
      if (fault) {
        report.failures.push({ request: req, status, body: text.slice(0, 2000), fault });
        opts.log?.(`FAIL ${status} (${fault})\n${describeRequest(req, opts.seed)}\n  answer: ${text.slice(0, 500)}`);
      }
      if (report.sent % 2000 === 0) opts.log?.(`${report.sent} requests, ${report.failures.length} failures, ${Math.round((Date.now() - started) / 1000)} s`);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
  return report;
}
