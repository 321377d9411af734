import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Yoga } from '../graphql/yoga.ts';
import type { Context } from '../context.ts';
import { isMultipartPath } from '../http/rest-guard.ts';
import { requestContext, type ClientIp } from './execute.ts';
import { jsonError } from './respond.ts';

// Idempotency-Key on every REST POST (docs/decisions.md "Issue 27: API conventions"): the first
// request with a key runs and its answer is kept for 24 hours, per user and route; the same key and
// body again is answered the kept answer (with `Idempotent-Replayed: true`) instead of doing the work
// twice; the same key with another body is a 409; a twin sent while the first still runs waits for
// its answer (then 409 IDEMPOTENCY_KEY_IN_PROGRESS if it takes longer than a few seconds).

/** Printable ASCII, 1 to 255 characters (the bound of the payment key before this, and Stripe's). */
const KEY_PATTERN = /^[\x20-\x7E]{1,255}$/;
/** How long a key and its answer are kept. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** A key still "running" after this long belongs to a request whose process died: it is taken over. */
const STALE_RUN_MS = 5 * 60 * 1000;
/** How long a twin waits for the first request's answer before it is told to retry. */
const WAIT_FOR_TWIN_MS = 10_000;
const POLL_MS = 50;
/** Expired keys are removed lazily, at most this often per process. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;
/** Headers of the kept answer that are part of it; Set-Cookie never is, nor what describes this moment (RateLimit, X-Request-Id). */
const KEPT_HEADERS = ['content-type', 'location', 'link', 'etag', 'x-total-count', 'deprecation', 'sunset', 'cache-control'];

/** What the key's row keeps of an answer (the `response` JSON). */
interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  /** The body's bytes (identity encoding), base64; absent when the answer was not kept (see `kept`). */
  body?: string;
  /** False for an answer that set a cookie or said `Cache-Control: no-store` (a secret shown once). */
  kept: boolean;
}

const unzip = {
  gzip: promisify(zlib.gunzip),
  br: promisify(zlib.brotliDecompress),
  deflate: promisify(zlib.inflate),
} as const;

/** Whether a route's POST honours Idempotency-Key (file uploads do not: see docs/decisions.md). */
export function honoursIdempotencyKey(method: string, path: string): boolean {
  return method === 'POST' && !isMultipartPath(path);
}

/** What an answer with this status may be kept as: our failures, rate limits and timeouts are retried for real. */
function keepable(status: number): boolean {
  return status < 500 && status !== 429 && status !== 408;
}

function hashOf(method: string, url: URL, contentType: string | undefined, body: string): string {
  return crypto.createHash('sha256').update(JSON.stringify([method, url.pathname, url.search, contentType ?? '', body])).digest('hex');
}

function replay(answer: KeptAnswer): Response {
  const headers = new Headers(answer.headers);
  headers.set('idempotent-replayed', 'true');
  return new Response(answer.body === undefined ? null : Buffer.from(answer.body, 'base64'), { status: answer.status, headers });
}

export async function keptAnswerOf(res: Response): Promise<KeptAnswer> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = res.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const secret = res.headers.has('set-cookie') || /\bno-store\b/i.test(res.headers.get('cache-control') ?? '');
  if (secret) return { status: res.status, headers, kept: false };
  let bytes = Buffer.from(await res.clone().arrayBuffer());
  const encoding = res.headers.get('content-encoding')?.trim().toLowerCase();
  if (encoding && encoding in unzip) bytes = await unzip[encoding as keyof typeof unzip](bytes);
  return { status: res.status, headers, body: bytes.toString('base64'), kept: true };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The middleware of the REST router. Anonymous requests (login, register, a visitor's ticket) run
 * without it: there is no user to keep a key for, and keying by address would let one visitor
 * replay another's answer.
 */
export function idempotency(yoga: Yoga, clientIp: ClientIp): MiddlewareHandler<{ Bindings: HttpBindings }> {
  let lastSweep = 0;
  const sweep = (prisma: Context['db'], now: number) => {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    prisma.idempotencyKey.deleteMany({ where: { createdAt: { lt: new Date(now - IDEMPOTENCY_KEY_TTL_MS) } } })
      .catch(() => undefined);
  };

  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined || !honoursIdempotencyKey(c.req.method, c.req.path)) return next();
    if (!KEY_PATTERN.test(key)) {
      return jsonError(c, 'IDEMPOTENCY_KEY_INVALID', 'The Idempotency-Key header must be 1 to 255 printable ASCII characters');
    }
    const { viewer, db: prisma } = await requestContext(yoga, c, clientIp(c));
    if (!viewer) return next();
    const url = new URL(c.req.url);
    const operation = `${c.req.method} ${url.pathname}`;
    const requestHash = hashOf(c.req.method, url, c.req.header('content-type'), await c.req.text());
    const where = { userId_operation_key: { userId: viewer.id, operation, key } };
    sweep(prisma, Date.now());

    // Claim the key (a row without a response: running), or find who has it.
    const waitUntil = Date.now() + WAIT_FOR_TWIN_MS;
    let rowId: string | undefined;
    for (let attempt = 0; ; attempt++) {
      if (attempt > 1000) throw new Error('Idempotency-Key: could not claim the key');
      try {
        rowId = (await prisma.idempotencyKey.create({ data: { userId: viewer.id, operation, key, requestHash }, select: { id: true } })).id;
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== 'P2002') throw error;
      }
      const seen = await prisma.idempotencyKey.findUnique({ where });
      if (!seen) continue;
      const age = Date.now() - seen.createdAt.getTime();
      const abandoned = seen.response === null && age > STALE_RUN_MS;
      if (age > IDEMPOTENCY_KEY_TTL_MS || abandoned) {
        await prisma.idempotencyKey.deleteMany({ where: { id: seen.id, createdAt: seen.createdAt } });
        continue;
      }
      if (seen.requestHash !== requestHash) {
        return jsonError(c, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used with a different request: use a new key for a new request');
      }
      if (seen.response !== null) {
        const answer = seen.response as unknown as KeptAnswer;
        if (!answer.kept) {
          return jsonError(c, 'IDEMPOTENT_ANSWER_NOT_KEPT', 'The request with this Idempotency-Key was done; its answer set a cookie or held a secret shown once, so it is not repeated');
        }
        return replay(answer);
      }
      if (Date.now() >= waitUntil) {
        c.header('retry-after', '1');
        return jsonError(c, 'IDEMPOTENCY_KEY_IN_PROGRESS', 'A request with this Idempotency-Key is still being processed: retry shortly');
      }
      await sleep(POLL_MS);
    }

    const release = () => prisma.idempotencyKey.deleteMany({ where: { id: rowId } }).catch(() => undefined);
    try {
      await next();
    } catch (error) {
      await release();
      throw error;
    }
    if (!keepable(c.res.status)) {
      await release();
      return;
    }
    const answer = await keptAnswerOf(c.res);
    await prisma.idempotencyKey.update({ where: { id: rowId }, data: { response: answer as never } });
  };
}
