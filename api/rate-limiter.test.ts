import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './rate-limiter.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The behaviour both limiters share. */
function sharedBehaviour(make: () => RateLimiter) {
  it('allows `limit` hits per window, then refuses with the seconds left', async () => {
    const limiter = make();
    for (let i = 0; i < 3; i++) expect((await limiter.hit('k', 3, 60_000)).allowed).toBe(true);
    const refused = await limiter.hit('k', 3, 60_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.peek('k', 3)).allowed).toBe(false);
    expect((await limiter.peek('other', 3)).allowed).toBe(true);
  });

  it('a refund takes one hit back; a refund of an unknown key does nothing', async () => {
    const limiter = make();
    await limiter.hit('r', 2, 60_000);
    await limiter.hit('r', 2, 60_000);
    await limiter.refund('r');
    expect((await limiter.hit('r', 2, 60_000)).allowed).toBe(true);
    expect((await limiter.hit('r', 2, 60_000)).allowed).toBe(false);
    await limiter.refund('never-hit');
    expect((await limiter.peek('never-hit', 1)).allowed).toBe(true);
  });

  it('reset forgets a key', async () => {
    const limiter = make();
    await limiter.hit('x', 1, 60_000);
    await limiter.hit('x', 1, 60_000);
    await limiter.reset('x');
    expect((await limiter.hit('x', 1, 60_000)).allowed).toBe(true);
  });
}

describe('memory rate limiter', () => {
  const made: RateLimiter[] = [];
  afterAll(async () => {
    for (const l of made) await l.close();
  });
  sharedBehaviour(() => {
    const l = memoryRateLimiter();
    made.push(l);
    return l;
  });

  it('a window ends after windowMs', async () => {
    let t = 0;
    const limiter = memoryRateLimiter(() => t);
    made.push(limiter);
    await limiter.hit('w', 1, 1000);
    expect((await limiter.hit('w', 1, 1000)).allowed).toBe(false);
    t = 1001;
    expect((await limiter.hit('w', 1, 1000)).allowed).toBe(true);
  });
});

describe('Redis rate limiter (local Redis)', () => {
  let redis: Redis;
  // One prefix per run, removed afterwards, so runs never see each other's counters.
  const prefix = `test:ratelimit:${crypto.randomBytes(6).toString('hex')}:`;
  let n = 0;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  const made: RateLimiter[] = [];
  afterAll(async () => {
    for (const l of made) await l.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  // Each limiter gets its own connection (close() quits it) and its own key space.
  sharedBehaviour(() => {
    const l = redisRateLimiter(new Redis(REDIS_URL, { maxRetriesPerRequest: 1 }), `${prefix}${n++}:`);
    made.push(l);
    return l;
  });

  it('every counter it creates expires, even when the process dies right after the first command', async () => {
    const p = `${prefix}crash:`;
    // A Redis whose connection is lost after the first command the limiter sends (armed once the
    // limiter is built).
    let calls = 0;
    let armed = false;
    const dying = new Proxy(new Redis(REDIS_URL, { maxRetriesPerRequest: 1 }), {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function' || !armed || prop === 'quit') return value;
        return (...args: unknown[]) => {
          if (calls++ >= 1) throw new Error('connection lost');
          return value.apply(target, args);
        };
      },
    });
    const limiter = redisRateLimiter(dying, p);
    armed = true;
    await limiter.hit('login', 5, 60_000).catch(() => {});
    const ttl = await redis.pttl(`${p}login`);
    // -2: no key at all; otherwise the key must carry its expiry (-1 would be a counter forever).
    expect(ttl === -2 || ttl > 0).toBe(true);
    expect(ttl).toBeGreaterThan(0);
    armed = false;
    await limiter.close();
  });

  it('gives a counter that lost its expiry a new one', async () => {
    const p = `${prefix}heal:`;
    await redis.set(`${p}k`, '3');
    const limiter = redisRateLimiter(new Redis(REDIS_URL, { maxRetriesPerRequest: 1 }), p);
    await limiter.hit('k', 5, 60_000);
    expect(await redis.pttl(`${p}k`)).toBeGreaterThan(0);
    await limiter.close();
  });

  it('counts hits from many concurrent callers exactly', async () => {
    const limiter = redisRateLimiter(new Redis(REDIS_URL, { maxRetriesPerRequest: 1 }), `${prefix}race:`);
    const results = await Promise.all(Array.from({ length: 40 }, () => limiter.hit('k', 10, 60_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    await limiter.close();
  });

  it('a refund never creates a counter without expiry', async () => {
    const p = `${prefix}refund:`;
    const limiter = redisRateLimiter(new Redis(REDIS_URL, { maxRetriesPerRequest: 1 }), p);
    await limiter.refund('gone');
    expect(await redis.exists(`${p}gone`)).toBe(0);
    await limiter.hit('k', 5, 60_000);
    await limiter.refund('k');
    expect(await redis.pttl(`${p}k`)).toBeGreaterThan(0);
    await limiter.close();
  });
});
