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
];
