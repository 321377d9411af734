import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { RateLimiter } from '../rate-limiter.ts';
import { jsonError } from '../rest/respond.ts';

/**
 * The general quota of programs (docs/api-rate-limits.md): a REST request that carries a bearer
 * token (`Authorization: Bearer`) or a data key (`X-API-Key`) counts against that credential's
 * quota, API_LIMIT_PER_CREDENTIAL requests per API_LIMIT_WINDOW_MS (600 a minute by default).
 * Browsers (the session cookie) are not counted here: their writes have their own limits. The
 * counter is named by a hash of the credential, never the credential itself, and counted before
 * the credential is checked, so a flood of wrong keys is held back too.
 */
export function apiCallerLimit(limiter: RateLimiter, limits: { perCredential: number; windowMs: number }): MiddlewareHandler {
  return async (c, next) => {
    const authorization = c.req.header('authorization');
    const bearer = authorization && /^bearer\s+/i.test(authorization) ? authorization.replace(/^bearer\s+/i, '').trim() : undefined;
    const credential = bearer || c.req.header('x-api-key')?.trim();
    if (!credential) return next();
    const name = crypto.createHash('sha256').update(credential).digest('base64url').slice(0, 22);
    const result = await limiter.hit(`api:caller:${name}`, limits.perCredential, limits.windowMs);
    if (!result.allowed) {
      c.header('retry-after', String(result.retryAfterSeconds));
      return jsonError(c, 'RATE_LIMITED', `Too many requests with this credential: at most ${limits.perCredential} every ${Math.round(limits.windowMs / 1000)} seconds`, { retryAfterSeconds: result.retryAfterSeconds });
    }
    return next();
  };
}
