import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';
import { MemoryMailer } from '../test/harness.ts';

// Deployments sharing one Redis (docs/decisions.md "One Redis prefix per deployment"): with
// different REDIS_PREFIX values they hear none of each other's events and count their own rate
// limits; with the same one they are one deployment. Every key and channel starts with the prefix.
describe.runIf(process.env.TEST_REDIS_URL)('one Redis shared by deployments', () => {
  const redis = new Redis(process.env.TEST_REDIS_URL!);
  const run = crypto.randomBytes(4).toString('hex');
  const [one, two] = [`pit-one-${run}:`, `pit-two-${run}:`];
  let database: TestDatabase;
  const dirs: string[] = [];
  const apps: Array<ReturnType<typeof createApp>> = [];

  function appWith(prefix: string) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-prefix-'));
    dirs.push(dataDir);
    const config = loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: 'prefix-secret-prefix-secret-prefix',
      NODE_ENV: 'test',
      REDIS_URL: process.env.TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      RESPONSE_CACHE: '1',
    });
    // No limiter given: the app's own, in Redis (as api/server.ts makes it).
    const app = createApp({ config, database, mailer: new MemoryMailer(), logger: createLogger('silent') });
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.destroy();
    for (const prefix of [one, two]) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
    }
    await redis.quit();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const listeners = async (channel: string) => ((await redis.pubsub('NUMSUB', channel)) as [string, number])[1];

  it('hears events and shares rate-limit counts only within one prefix', async () => {
    const [a, b, c] = [appWith(one), appWith(one), appWith(two)];

    const heard = { b: 0, c: 0 };
    const listen = (app: typeof a, who: 'b' | 'c') => {
      const events = app.services.events.subscribe('marketStatsChanged')[Symbol.asyncIterator]();
      void (async () => {
        while (!(await events.next()).done) heard[who] += 1;
      })();
      return events;
    };
    const stops = [listen(b, 'b'), listen(c, 'c')];
    await expect.poll(async () => [await listeners(`${one}events:marketStatsChanged`), await listeners(`${two}events:marketStatsChanged`)]).toEqual([1, 1]);
    a.services.events.publish('marketStatsChanged');
    await expect.poll(() => heard.b).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(heard.c).toBe(0);
    for (const stop of stops) await stop.return?.();

    // Two attempts allowed: a third on the same deployment is refused, the other deployment counts apart.
    expect((await a.services.limiter.hit('login:shared', 2, 60_000)).allowed).toBe(true);
    expect((await a.services.limiter.hit('login:shared', 2, 60_000)).allowed).toBe(true);
    expect((await b.services.limiter.hit('login:shared', 2, 60_000)).allowed).toBe(false);
    expect((await c.services.limiter.hit('login:shared', 2, 60_000)).allowed).toBe(true);
    expect(await redis.get(`${one}ratelimit:login:shared`)).toBe('3');
    expect(await redis.get(`${two}ratelimit:login:shared`)).toBe('1');
  });

  it('files the response cache under the prefix too (RESPONSE_CACHE_REDIS_PREFIX, when set, still wins)', async () => {
    const [a] = [appWith(one)];
    const res = await a.app.fetch(
      new Request('http://localhost/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ marketStats { totalUsers } }' }) }),
    );
    expect(res.status).toBe(200);
    await expect.poll(async () => (await redis.keys(`${one}cache:*`)).length).toBeGreaterThan(0);
    expect(loadConfig({ DATA_DIR: dirs[0]!, REDIS_PREFIX: two }).responseCache.redisKeyPrefix).toBe(`${two}cache:`);
    expect(loadConfig({ DATA_DIR: dirs[0]!, REDIS_PREFIX: two, RESPONSE_CACHE_REDIS_PREFIX: 'legacy:cache:' }).responseCache.redisKeyPrefix).toBe('legacy:cache:');
  });
});
