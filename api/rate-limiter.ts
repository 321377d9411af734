import type { Redis } from 'ioredis';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets (when not allowed). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters. `hit` counts one attempt and says whether it is still within `limit`;
 * `reset` forgets a key (a successful login clears the account's failures).
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  peek(key: string, limit: number): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
  /** Rejects when the shared store is unreachable (for /readyz); absent for in-process counters. */
  ping?(): Promise<void>;
}

/** In-process counters: the zero-setup default (one process serves everything). */
export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  }, 60_000);
  sweep.unref();
  const current = (key: string) => {
    const w = windows.get(key);
    return w && w.resetAt > now() ? w : undefined;
  };
  const result = (w: { count: number; resetAt: number } | undefined, limit: number): RateLimitResult => ({
    allowed: !w || w.count <= limit,
    retryAfterSeconds: w ? Math.max(1, Math.ceil((w.resetAt - now()) / 1000)) : 0,
  });
  return {
    async hit(key, limit, windowMs) {
      let w = current(key);
      if (!w) {
        w = { count: 0, resetAt: now() + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return result(w, limit);
    },
    async peek(key, limit) {
      const w = current(key);
      return { ...result(w, limit), allowed: !w || w.count < limit };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

/** Shared counters in Redis (REDIS_URL), so several server processes enforce one limit. */
export function redisRateLimiter(redis: Redis, prefix = 'ratelimit:'): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis
        .multi()
        .incr(k)
        .pttl(k)
        .exec()) as [[null, number], [null, number]];
      let ms = ttl;
      if (ttl < 0) {
        await redis.pexpire(k, windowMs);
        ms = windowMs;
      }
      return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
    },
    async peek(key, limit) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [[null, string | null], [null, number]];
      const n = Number(count ?? 0);
      return { allowed: n < limit, retryAfterSeconds: ttl > 0 ? Math.ceil(ttl / 1000) : 0 };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
    async ping() {
      // While disconnected ioredis queues commands and retries: answer at once instead.
      if (redis.status !== 'ready') throw new Error(`redis is ${redis.status}`);
      await redis.ping();
    },
  };
}
