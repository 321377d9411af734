import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTER, luaScript, runWrk, wrkAvailable } from './wrk.ts';

// The load generator itself: what wrk sends (method, headers, a body that varies per request)
// and what it reports. Skipped where wrk is not installed (Debian's `wrk` package).
describe.skipIf(!wrkAvailable())('runWrk', () => {
  const seen: Array<{ method: string; type: string | undefined; body: string }> = [];
  let status = 200;
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        seen.push({ method: req.method!, type: req.headers['content-type'], body });
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('sends a new counter in every varying body, across threads, and counts what it sent', async () => {
    seen.length = 0;
    const result = await runWrk(
      { url, method: 'POST', headers: { 'content-type': 'application/json' }, varyingBody: `{"query":"{ a }","variables":{"n":${COUNTER}}}` },
      { connections: 4, seconds: 1, threads: 2 },
    );
    expect(result.requests).toBeGreaterThan(10);
    expect(result.non2xx).toBe(0);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
    // wrk may stop with requests in flight: the server saw at least every one it counted.
    expect(seen.length).toBeGreaterThanOrEqual(result.requests);
    expect(seen.every((s) => s.method === 'POST' && s.type === 'application/json')).toBe(true);
    const counters = seen.map((s) => JSON.parse(s.body).variables.n as number);
    expect(new Set(counters).size).toBe(counters.length);
  });

  it('sends a fixed body as it is and counts answers of 400 and more', async () => {
    seen.length = 0;
    status = 500;
    const body = 'a ]] tricky ]=] body\n';
    const result = await runWrk({ url, method: 'POST', body }, { connections: 2, seconds: 1 });
    status = 200;
    expect(result.non2xx).toBe(result.requests);
    expect(new Set(seen.map((s) => s.body))).toEqual(new Set([body]));
  });
});

describe('luaScript', () => {
  it('refuses a varying body without a counter', () => {
    expect(() => luaScript({ url: 'http://x/', varyingBody: '{}' })).toThrow(COUNTER);
  });
});
