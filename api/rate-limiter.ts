import type { Redis } from 'ioredis';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets (when not allowed). */
  retryAfterSeconds: number;
  /** The quota of the window (what was asked), its attempts left, and seconds until it resets: the RateLimit headers (api/http/rate-limit-headers.ts). */
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/**
 * Fixed-window counters. `hit` counts one attempt and says whether it is still within `limit`;
 * `refund` takes one hit back (an attempt counted up front that turned out not to count, e.g. a
 * login that was right: counting first and refunding later keeps concurrent attempts from all
 * slipping through one check); `reset` forgets a key.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  peek(key: string, limit: number): Promise<RateLimitResult>;
  refund(key: string): Promise<void>;
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
  const result = (w: { count: number; resetAt: number } | undefined, limit: number): RateLimitResult => {
    const resetSeconds = w ? Math.max(1, Math.ceil((w.resetAt - now()) / 1000)) : 0;
    return { allowed: !w || w.count <= limit, retryAfterSeconds: resetSeconds, limit, remaining: Math.max(0, limit - (w?.count ?? 0)), resetSeconds };
  };
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
    async refund(key) {
      const w = current(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

// Count and expiry in one script: Redis runs a script atomically, so no crash or lost connection
// between INCR and PEXPIRE can leave a counter that never expires (a lockout for good). A counter
// found without expiry (written by an older version) gets one too.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

// DECR only an existing counter: DECR of a missing key would create one without expiry.
const REFUND_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  return redis.call('DECR', KEYS[1])
end
return 0`;

interface LimiterCommands {
  rateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
  rateLimitRefund(key: string): Promise<number>;
}

/**
 * Shared counters in Redis (REDIS_URL), so several server processes enforce one limit. Keys start
 * with `prefix`: the app passes REDIS_PREFIX + `ratelimit:` (config.redisKeys.rateLimits), so
 * deployments sharing a Redis keep their own counts; the default is that of the default REDIS_PREFIX.
 */
export function redisRateLimiter(redis: Redis, prefix = 'datapit:ratelimit:'): RateLimiter {
  // defineCommand sends the script by its SHA (EVALSHA), loading it once per connection.
  redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  redis.defineCommand('rateLimitRefund', { numberOfKeys: 1, lua: REFUND_SCRIPT });
  const commands = redis as unknown as LimiterCommands;
  return {
    async hit(key, limit, windowMs) {
      const [count, ttl] = await commands.rateLimitHit(prefix + key, windowMs);
      const resetSeconds = Math.max(1, Math.ceil(ttl / 1000));
      return { allowed: count <= limit, retryAfterSeconds: resetSeconds, limit, remaining: Math.max(0, limit - count), resetSeconds };
    },
    async peek(key, limit) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [[null, string | null], [null, number]];
      const n = Number(count ?? 0);
      const resetSeconds = ttl > 0 ? Math.ceil(ttl / 1000) : 0;
      return { allowed: n < limit, retryAfterSeconds: resetSeconds, limit, remaining: Math.max(0, limit - n), resetSeconds };
    },
    async refund(key) {
      await commands.rateLimitRefund(prefix + key);
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

/** One limit a request met, as its answer's RateLimit headers tell it. */
export interface RateLimitNote {
  /** The policy's name: the leading words of its counter's key (`login:ip`, `message:user`), never the address or id after them. */
  policy: string;
  key: string;
  limit: number;
  remaining: number;
  resetSeconds: number;
  /** Undefined for a peek (the window is not known from a peek). */
  windowSeconds?: number;
}

/** `login:ip:10.0.0.1` -> `login:ip`: at most two lowercase words, so no address, mailbox or id leaks into a header. */
export function policyOfKey(key: string): string {
  const words: string[] = [];
  for (const part of key.split(':')) {
    if (words.length === 2 || !/^[a-z][a-z-]*$/.test(part)) break;
    words.push(part);
  }
  return words.join(':') || 'limit';
}

/**
 * The limiter the app hands to the domain: it tells `note` (the request's async scope) each limit a
 * request meets, so the HTTP answer can carry RateLimit headers without every service returning them.
 */
export function reportingLimiter(limiter: RateLimiter, notes: () => RateLimitNote[] | undefined): RateLimiter {
  const record = (key: string, result: RateLimitResult, windowMs?: number) => {
    const list = notes();
    if (!list) return;
    const at = list.findIndex((n) => n.key === key);
    const note: RateLimitNote = {
      policy: policyOfKey(key),
      key,
      limit: result.limit,
      remaining: result.remaining,
      resetSeconds: result.resetSeconds,
      windowSeconds: windowMs === undefined ? list[at]?.windowSeconds : Math.ceil(windowMs / 1000),
    };
    if (at >= 0) list[at] = note;
    else list.push(note);
  };
  return {
    ...limiter,
    async hit(key, limit, windowMs) {
      const result = await limiter.hit(key, limit, windowMs);
      record(key, result, windowMs);
      return result;
    },
    async peek(key, limit) {
      const result = await limiter.peek(key, limit);
      record(key, result);
      return result;
    },
    async refund(key) {
      await limiter.refund(key);
      const note = notes()?.find((n) => n.key === key);
      if (note) note.remaining = Math.min(note.limit, note.remaining + 1);
    },
    async reset(key) {
      await limiter.reset(key);
      const note = notes()?.find((n) => n.key === key);
      if (note) note.remaining = note.limit;
    },
    close: () => limiter.close(),
    ...(limiter.ping ? { ping: () => limiter.ping!() } : {}),
  };
}
