import crypto from 'node:crypto';

// Personal API tokens: what a token may do (scopes), how a secret looks, how long it lives
// (docs/decisions.md "Issue 27: API tokens"). Pure: no database here.

/** Every scope, with the one line the settings screen and the API document show. */
export const SCOPE_MEANINGS = {
  'account:read': 'Read your profile, notifications and billing details',
  'account:write': 'Change your profile, notification preferences and billing details',
  'market:read': 'Browse contracts, categories and market figures',
  trade: 'Place and answer bids, pay, check out, open and close positions, disputes',
  'data:read': 'Read your library and access, download and stream purchased data',
  listings: 'Manage your listings as a provider: create, update, upload, publish releases',
  messages: 'Read and send messages and your support tickets',
  webhooks: 'Manage webhook endpoints and read the event feed',
  admin: 'Back office (administrators only)',
} as const;

export type Scope = keyof typeof SCOPE_MEANINGS;
export const SCOPES = Object.keys(SCOPE_MEANINGS) as [Scope, ...Scope[]];

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && Object.hasOwn(SCOPE_MEANINGS, value);
}

/** What a token reaches that is not a scope: nothing, for credentials and token management. */
export const SESSION_ONLY = 'session-only' as const;

export const TOKEN_DEFAULT_DAYS = 90;
export const TOKEN_MAX_DAYS = 365;
export const TOKEN_NAME_MAX = 80;
/** Live (unrevoked, unexpired) tokens one person may hold. */
export const MAX_LIVE_TOKENS = 50;
/** lastUsedAt is written at most this often per token (api/context.ts). */
export const LAST_USED_RESOLUTION_MS = 5 * 60_000;

/** The recognisable start of every secret, so secret scanners (and people) can tell one. */
export const TOKEN_MARK = 'dpt_';
// dpt_ + 43 base64url characters (32 random bytes).
const TOKEN_SHAPE = /^dpt_[A-Za-z0-9_-]{43}$/;
const PREFIX_LENGTH = 12;

export interface NewSecret {
  secret: string;
  prefix: string;
  hash: string;
}

/** A new secret: 32 random bytes behind the mark; only its hash and prefix are stored. */
export function newSecret(): NewSecret {
  const secret = TOKEN_MARK + crypto.randomBytes(32).toString('base64url');
  return { secret, prefix: secret.slice(0, PREFIX_LENGTH), hash: hashOfSecret(secret) };
}

export function hashOfSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

export function isTokenShaped(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

/**
 * The secret of an `Authorization: Bearer <token>` header; `undefined` when the header is absent or
 * another scheme (Basic ...), `''` when it says Bearer with nothing usable.
 */
export function bearerOf(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer(?:\s+(.*))?$/i.exec(header.trim());
  if (!match) return undefined;
  return (match[1] ?? '').trim();
}

export type TokenState = 'live' | 'expired' | 'revoked';

export function tokenState(token: { expiresAt: Date; revokedAt: Date | null }, now: Date): TokenState {
  if (token.revokedAt) return 'revoked';
  return token.expiresAt.getTime() <= now.getTime() ? 'expired' : 'live';
}

/** Whether lastUsedAt is worth writing now (at most every LAST_USED_RESOLUTION_MS). */
export function lastUsedIsStale(lastUsedAt: Date | null, now: Date): boolean {
  return lastUsedAt === null || now.getTime() - lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS;
}

/** The scopes a person may give a token: `admin` only to administrators. */
export function grantableScopes(isAdmin: boolean): Scope[] {
  return SCOPES.filter((s) => s !== 'admin' || isAdmin);
}

/** The message of a refusal for want of `scope`. */
export function insufficientScopeMessage(scope: string): string {
  return `This token lacks the scope ${scope}`;
}

export const SESSION_REQUIRED_MESSAGE = 'API tokens cannot do this: sign in with a password session';

/** The RFC 6750 challenge of a refused token (401). */
export function invalidTokenChallenge(description: string): string {
  return `Bearer realm="datapit", error="invalid_token", error_description="${description.replace(/["\\]/g, '')}"`;
}

/** The RFC 6750 challenge of a token without the scope a call needs (403). */
export function insufficientScopeChallenge(scope: string): string {
  return `Bearer realm="datapit", error="insufficient_scope", scope="${scope}"`;
}
