import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { User } from './db/generated/prisma/client.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/mailer.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { EventBus } from './events/event-bus.ts';
import type { Jobs } from './jobs/job-runner.ts';
import type { FileStorage } from './storage/storage.ts';
import {
  clearedSessionCookie,
  parseCookies,
  readSession,
  SESSION_COOKIE,
  SESSION_RENEW_AFTER_SECONDS,
  sessionCookie,
  signSession,
} from './auth/session.ts';
import { userForSession } from './domain/accounts/accounts.service.ts';
import type { AccountsDeps } from './domain/accounts/accounts.service.ts';

/** Long-lived services, built once by createApp. */
export interface AppServices {
  config: Config;
  db: Db;
  mailer: Mailer;
  limiter: RateLimiter;
  logger: Logger;
  events: EventBus;
  jobs: Jobs;
  storage: FileStorage;
}

export interface Context {
  services: AppServices;
  db: Db;
  viewer: User | null;
  requestId: string;
  clientIp: string;
  /** Origin used in links we mail (PUBLIC_URL, else the origin the request came to). */
  appUrl: string;
  /** Set-Cookie headers the response must carry (session start/end/renewal). */
  responseCookies: string[];
  /** Whether cookies must be Secure (HTTPS or production). */
  secureCookies: boolean;
  accounts: AccountsDeps;
}

/** What the HTTP and WebSocket entry points know about a request before the context exists. */
export interface RequestInfo {
  headers: { get(name: string): string | null };
  url: string;
  clientIp: string;
  requestId?: string;
}

export function requestInfoFromFetch(request: Request, clientIp: string): RequestInfo {
  return { headers: request.headers, url: request.url, clientIp, requestId: request.headers.get('x-request-id') ?? undefined };
}

export function requestInfoFromNode(req: IncomingMessage): RequestInfo {
  const host = req.headers.host ?? 'localhost';
  return {
    headers: { get: (name) => { const v = req.headers[name.toLowerCase()]; return Array.isArray(v) ? v.join(', ') : v ?? null; } },
    url: `http://${host}${req.url ?? '/'}`,
    clientIp: req.socket.remoteAddress ?? 'unknown',
  };
}

/**
 * The one place that authenticates a request (the session cookie) and builds the context, for
 * HTTP (GraphQL and REST) and WebSocket alike.
 */
export async function createContext(services: AppServices, info: RequestInfo): Promise<Context> {
  const { config, db } = services;
  const secure = config.production || info.url.startsWith('https:');
  const responseCookies: string[] = [];
  const claims = await readSession(config.sessionSecret, parseCookies(info.headers.get('cookie'))[SESSION_COOKIE]);
  const viewer = claims ? await userForSession(db, claims) : null;
  if (claims && !viewer) responseCookies.push(clearedSessionCookie(secure));
  if (claims && viewer && Date.now() / 1000 - claims.issuedAt > SESSION_RENEW_AFTER_SECONDS) {
    responseCookies.push(sessionCookie(await signSession(config.sessionSecret, viewer.id, viewer.sessionVersion), secure));
  }
  if (viewer) noteActivity(db, viewer, services.logger);
  const ctx: Context = {
    services,
    db,
    viewer,
    requestId: info.requestId ?? crypto.randomUUID(),
    clientIp: info.clientIp,
    appUrl: config.publicUrl ?? new URL(info.url).origin,
    responseCookies,
    secureCookies: secure,
    accounts: { db, mailer: services.mailer, limiter: services.limiter, loginLimits: config.loginLimits, events: services.events },
  };
  return ctx;
}

const ACTIVITY_RESOLUTION_MS = 5 * 60_000;

// Feeds the live 'active users' figure; written at most every few minutes per user, off the
// request's critical path.
function noteActivity(db: Db, user: User, logger: AppServices['logger']) {
  const now = Date.now();
  if (user.lastActiveAt && now - user.lastActiveAt.getTime() < ACTIVITY_RESOLUTION_MS) return;
  user.lastActiveAt = new Date(now);
  db.user.update({ where: { id: user.id }, data: { lastActiveAt: user.lastActiveAt } }).catch((err: unknown) => logger.warn({ err }, 'could not record activity'));
}

// Session changes take the context the resolver was given (Yoga builds its own object from ours,
// so mutating ours would not be seen by later fields).

/** Logs `user` in for the rest of this request and sets the session cookie on the response. */
export async function startSession(ctx: Context, user: User): Promise<void> {
  const { sessionSecret } = ctx.services.config;
  ctx.responseCookies.push(sessionCookie(await signSession(sessionSecret, user.id, user.sessionVersion), ctx.secureCookies));
  ctx.viewer = user;
}

/** Logs out: clears the session cookie. */
export function endSession(ctx: Context): void {
  ctx.responseCookies.push(clearedSessionCookie(ctx.secureCookies));
  ctx.viewer = null;
}
