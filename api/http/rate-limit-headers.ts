import type { RateLimitNote } from '../rate-limiter.ts';

// The limits a request met, told in its answer (docs/api-rate-limits.md; the IETF draft
// "RateLimit header fields for HTTP", draft-ietf-httpapi-ratelimit-headers): each policy's quota and
// window in RateLimit-Policy, what is left of it and when it resets in RateLimit, both Structured
// Field lists with one item per policy, e.g.
//   RateLimit-Policy: "login:ip";q=20;w=900, "login:account";q=5;w=900
//   RateLimit: "login:ip";r=19;t=900, "login:account";r=4;t=900
// A 429 carries Retry-After (seconds) as well.

/** Sets the RateLimit headers of `notes` on `headers`, and Retry-After on a 429 that has none. */
export function applyRateLimitHeaders(headers: Headers, status: number, notes: readonly RateLimitNote[] | undefined): void {
  if (!notes?.length) return;
  const policies = notes.filter((n) => n.windowSeconds !== undefined).map((n) => `"${n.policy}";q=${n.limit};w=${n.windowSeconds}`);
  if (policies.length) headers.set('ratelimit-policy', policies.join(', '));
  headers.set('ratelimit', notes.map((n) => `"${n.policy}";r=${n.remaining};t=${n.resetSeconds}`).join(', '));
  if (status === 429 && !headers.has('retry-after')) {
    const exhausted = notes.filter((n) => n.remaining === 0);
    const wait = Math.max(1, ...exhausted.map((n) => n.resetSeconds));
    headers.set('retry-after', String(wait));
  }
}
