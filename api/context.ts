import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Config } from './config.ts';
import type { Db, SqlReader } from './db/database.ts';
import type { User } from './db/generated/prisma/client.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/mailer.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { EventBus } from './events/event-bus.ts';
import type { Jobs } from './jobs/job-runner.ts';
import type { FileStorage } from './storage/storage.ts';
import type { PaymentProvider } from './domain/payments/payment-provider.ts';
import {
  clearedSessionCookie,
  parseCookies,
  readSession,
  SESSION_COOKIE,
  SESSION_RENEW_AFTER_SECONDS,
  sessionCookie,
  signSession,
} from './auth/session.ts';
import { clientAddress } from './auth/client-address.ts';
import { readSupportGrant, SUPPORT_GRANT_COOKIE } from './domain/support/support.grant.ts';
import type { AccountsDeps } from './domain/accounts/accounts.service.ts';
import { createSession, noteSessionSeen, renewSession, revokeSession, userOfLiveSession } from './domain/accounts/sessions.service.ts';
import { isTwoFactorEnabled } from './domain/accounts/two-factor.service.ts';
import { bearerOf, type Scope } from './domain/tokens/tokens.rules.ts';
import { noteTokenUsed, userOfBearer } from './domain/tokens/tokens.service.ts';

/** Long-lived services, built once by createApp. */
export interface AppServices {
  config: Config;
  db: Db;
  /** Plain SQL on the same database, for the hottest reads only (api/db/database.ts). */
  sql: SqlReader;
  mailer: Mailer;
  limiter: RateLimiter;
  logger: Logger;
  events: EventBus;
  jobs: Jobs;
  storage: FileStorage;
  /** Who takes the money (the built-in simulation unless createApp is given another). */
  paymentProvider: PaymentProvider;
}

export interface Context {
  services: AppServices;
  db: Db;
  viewer: User | null;
  /** The stored session the cookie names (model Session), while logged in. */
  sessionId: string | null;
  /**
   * An administrator without two-factor sign-in where it is required (REQUIRE_ADMIN_TWO_FACTOR):
   * `viewer` is then the account without its administrator rights until they enrol
   * (docs/decisions.md "Issue 25: two-factor sign-in").
   */
  twoFactorEnrolmentRequired: boolean;
  requestId: string;
  clientIp: string;
  userAgent: string | null;
  /**
   * Origin used in links we mail: PUBLIC_URL, else the server's own http://localhost:PORT (never
   * the request's Host header, which the client chooses). Production requires PUBLIC_URL.
   */
  appUrl: string;
  /** Set-Cookie headers the response must carry (session start/end/renewal). */
  responseCookies: string[];
  /** Whether cookies must be Secure (HTTPS or production). */
  secureCookies: boolean;
  accounts: AccountsDeps;
  /** Support tickets this browser opened (its grant cookie, docs/decisions.md "Support tickets"). */
  supportGrant: string[];
  /**
   * The scopes of the personal API token that authenticated the request (`Authorization: Bearer`),
   * or null for a cookie session or an anonymous visitor (full rights of who they are). Checked
   * before execution by api/graphql/token-scopes.ts (docs/decisions.md "Issue 27: API tokens").
   */
  tokenScopes: ReadonlySet<Scope> | null;
  /** Why the request's bearer token was refused (malformed, unknown, expired, revoked): answered 401. */
  tokenRejection: string | null;
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

/** A WebSocket upgrade request; `trustProxy` is TRUST_PROXY (api/auth/client-address.ts). */
export function requestInfoFromNode(req: IncomingMessage, trustProxy: number): RequestInfo {
  const host = req.headers.host ?? 'localhost';
  const headers: RequestInfo['headers'] = {
    get: (name) => {
      const v = req.headers[name.toLowerCase()];
      return Array.isArray(v) ? v.join(', ') : v ?? null;
    },
  };
  return {
    headers,
    url: `http://${host}${req.url ?? '/'}`,
    clientIp: clientAddress(req.socket.remoteAddress, headers.get('x-forwarded-for'), trustProxy),
  };
}

/**
 * A graphql-ws client that cannot set headers on the upgrade (browsers) may send its API token as
 * connectionParams `{ authorization: "Bearer ..." }`; it wins over the upgrade's own header.
 */
export function withConnectionAuthorization(info: RequestInfo, params: Record<string, unknown> | undefined | null): RequestInfo {
  const authorization = params?.authorization ?? params?.Authorization;
  if (typeof authorization !== 'string') return info;
  return { ...info, headers: { get: (name) => (name.toLowerCase() === 'authorization' ? authorization : info.headers.get(name)) } };
}

/**
 * The one place that authenticates a request (the session cookie) and builds the context, for
 * HTTP (GraphQL and REST) and WebSocket alike.
 */
export async function createContext(services: AppServices, info: RequestInfo): Promise<Context> {
  const { config, db } = services;
  const secure = config.production || info.url.startsWith('https:');
  const bearer = bearerOf(info.headers.get('authorization'));
  if (bearer !== undefined) return createTokenContext(services, info, bearer, secure);
  const responseCookies: string[] = [];
  const cookies = parseCookies(info.headers.get('cookie'));
  const token = cookies[SESSION_COOKIE];
  // A visitor without cookies (most anonymous reads) waits for nothing here.
  const claims = token ? await readSession(config.sessionSecret, token) : null;
  // One query: the user, if the session the cookie names is live and theirs. A revoked, expired or
  // unknown session is no login.
  const viewer = claims ? await userOfLiveSession(services.sql, claims) : null;
  // Only administrators pay the extra read, and only where the setting is on.
  const mustEnrol = viewer !== null && viewer.isAdmin && config.requireAdminTwoFactor && !(await isTwoFactorEnabled(db, viewer.id));
  if (token && !viewer) responseCookies.push(clearedSessionCookie(secure));
  if (viewer && claims && Date.now() / 1000 - claims.issuedAt > SESSION_RENEW_AFTER_SECONDS) {
    // Renewal keeps the row (logout still ends it) and moves its expiry; at most once a day per session.
    const expiresAt = await renewSession(db, claims.sessionId);
    if (expiresAt) {
      responseCookies.push(sessionCookie(await signSession(config.sessionSecret, { id: claims.sessionId, userId: viewer.id, expiresAt }), secure));
    }
  }
  if (viewer) noteActivity(db, viewer, services.logger);
  if (viewer && claims) noteSessionSeen(db, claims.sessionId, (err) => services.logger.warn({ err }, 'could not record session use'));
  return {
    ...baseContext(services, info, secure),
    viewer: viewer && mustEnrol ? { ...viewer, isAdmin: false } : viewer,
    sessionId: viewer && claims ? claims.sessionId : null,
    twoFactorEnrolmentRequired: mustEnrol,
    responseCookies,
    supportGrant: cookies[SUPPORT_GRANT_COOKIE] ? await readSupportGrant(config.sessionSecret, cookies[SUPPORT_GRANT_COOKIE]) : [],
  };
}

/** What every context has, whoever asks. */
function baseContext(services: AppServices, info: RequestInfo, secure: boolean) {
  const { config, db } = services;
  return {
    services,
    db,
    requestId: info.requestId ?? crypto.randomUUID(),
    clientIp: info.clientIp,
    userAgent: info.headers.get('user-agent'),
    appUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    secureCookies: secure,
    accounts: {
      db,
      mailer: services.mailer,
      limiter: services.limiter,
      limits: { login: config.loginLimits, register: config.registerLimits, resend: config.resendLimits },
      production: config.production,
      events: services.events,
      jobs: services.jobs,
    },
    tokenScopes: null,
    tokenRejection: null,
  } satisfies Partial<Context>;
}

/**
 * A request with `Authorization: Bearer <token>`: the token alone says who it is. Cookies are
 * ignored entirely (no session, no renewal cookie, no support grant), so a program's call never
 * writes a cookie and a browser's cookies never widen a token (docs/decisions.md "Issue 27: API
 * tokens"). A refused token leaves no viewer and its reason in `tokenRejection` (answered 401).
 */
async function createTokenContext(services: AppServices, info: RequestInfo, secret: string, secure: boolean): Promise<Context> {
  const { config, db } = services;
  const base = { ...baseContext(services, info, secure), sessionId: null, responseCookies: [], supportGrant: [] };
  const found = await userOfBearer(db, secret);
  if (!found.ok) return { ...base, viewer: null, twoFactorEnrolmentRequired: false, tokenScopes: new Set(), tokenRejection: found.reason };
  const { user, token, scopes } = found;
  // Administrator rights come with the `admin` scope only, and with REQUIRE_ADMIN_TWO_FACTOR as for sessions.
  const adminScoped = user.isAdmin && scopes.has('admin');
  const mustEnrol = adminScoped && config.requireAdminTwoFactor && !(await isTwoFactorEnabled(db, user.id));
  noteActivity(db, user, services.logger);
  noteTokenUsed(db, token, (err) => services.logger.warn({ err }, 'could not record token use'));
  return {
    ...base,
    viewer: adminScoped && !mustEnrol ? user : { ...user, isAdmin: false },
    twoFactorEnrolmentRequired: mustEnrol,
    tokenScopes: scopes,
    tokenRejection: null,
  };
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

/** Logs `user` in: stores a session, sets its cookie on the response, and is the viewer from now on. */
export async function startSession(ctx: Context, user: User): Promise<void> {
  const { sessionSecret } = ctx.services.config;
  // A login over an existing session replaces it: the old one ends rather than lingering unseen.
  if (ctx.sessionId) await revokeSession({ db: ctx.db, events: ctx.services.events }, ctx.sessionId, { replaced: true });
  const session = await createSession(ctx.db, user.id, { userAgent: ctx.userAgent, ip: ctx.clientIp });
  ctx.responseCookies.push(sessionCookie(await signSession(sessionSecret, session), ctx.secureCookies));
  ctx.viewer = user;
  ctx.sessionId = session.id;
}

/** Logs out: ends the stored session (a copy of the cookie no longer works) and clears the cookie. */
export async function endSession(ctx: Context): Promise<void> {
  if (ctx.sessionId) await revokeSession({ db: ctx.db, events: ctx.services.events }, ctx.sessionId);
  ctx.responseCookies.push(clearedSessionCookie(ctx.secureCookies));
  ctx.viewer = null;
  ctx.sessionId = null;
}
