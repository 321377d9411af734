import crypto from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RateLimitNote } from '../rate-limiter.ts';

/**
 * The id of the request being served. An incoming `x-request-id` (from a proxy or a client that
 * wants to correlate) is kept only when it is a short plain token, so it can neither forge log
 * lines nor bloat them; otherwise a fresh UUID is used.
 */
export function requestIdFrom(header: string | null | undefined): string {
  return header && /^[A-Za-z0-9._:-]{1,128}$/.test(header) ? header : crypto.randomUUID();
}

/** What every log line written while serving a request carries (see api/logger.ts). */
export interface RequestScope {
  requestId: string;
  /** The rate limits the request met (api/rate-limiter.ts reportingLimiter), for its RateLimit headers. */
  rateLimits?: RateLimitNote[];
}

// Log lines find their request through the async call chain, so code deep in Yoga, the domain or
// the mailer needs no logger handed down to carry the id.
export const requestScope = new AsyncLocalStorage<RequestScope>();
