import type { Db } from '../../db/database.ts';
import type { ApiToken, User } from '../../db/generated/prisma/client.ts';
import type { EventPublisher } from '../../events/events.ts';
import type { Jobs } from '../../jobs/job-runner.ts';
import { ConflictError, NotFoundError, PermissionError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { tellSecurityChange } from '../notifications/security-notice.ts';
import { createApiTokenInput } from './tokens.schemas.ts';
import {
  grantableScopes,
  hashOfSecret,
  isScope,
  isTokenShaped,
  lastUsedIsStale,
  MAX_LIVE_TOKENS,
  newSecret,
  tokenState,
  type Scope,
} from './tokens.rules.ts';

// Personal API tokens: create (the secret answered once), list, revoke, and the lookup that
// api/context.ts makes for a Bearer header (docs/decisions.md "Issue 27: API tokens").

export interface TokensDeps {
  db: Db;
  jobs: Pick<Jobs, 'schedule'>;
  events: EventPublisher;
}

/** A token as its owner sees it: never its secret or hash. */
export type ApiTokenView = Pick<ApiToken, 'id' | 'name' | 'scopes' | 'prefix' | 'expiresAt' | 'lastUsedAt' | 'revokedAt' | 'createdAt'>;

const VIEW = { id: true, name: true, scopes: true, prefix: true, expiresAt: true, lastUsedAt: true, revokedAt: true, createdAt: true } as const;

export const TOKEN_CREATED = (userId: string, name: string, scopes: readonly string[]) => ({
  userId,
  title: 'An API token was created',
  body: `A personal API token "${name}" (scopes: ${scopes.join(', ')}) was created for your DATA PIT account. If this was not you, revoke it under Dashboard > Developers and change your password.`,
  link: '/dashboard/developers',
});

export async function createApiToken(deps: TokensDeps, user: Pick<User, 'id' | 'isAdmin'>, rawInput: unknown, now = new Date()) {
  const input = parseInput(createApiTokenInput, rawInput);
  const allowed = grantableScopes(user.isAdmin);
  const refused = input.scopes.find((s) => !allowed.includes(s));
  if (refused) throw new PermissionError(`Only administrators may give a token the scope ${refused}`, 'ADMIN_SCOPE_REFUSED');
  const live = await deps.db.apiToken.count({ where: { userId: user.id, revokedAt: null, expiresAt: { gt: now } } });
  if (live >= MAX_LIVE_TOKENS) throw new ConflictError(`You already have ${MAX_LIVE_TOKENS} live tokens: revoke one first`, 'TOKEN_LIMIT_REACHED');
  const { secret, prefix, hash } = newSecret();
  const expiresAt = new Date(now.getTime() + input.expiresInDays * 86_400_000);
  const token = await deps.db.apiToken.create({
    data: { userId: user.id, name: input.name, scopes: input.scopes, prefix, hash, expiresAt, createdAt: now },
    select: VIEW,
  });
  // A credential appeared: the owner hears of it in the bell and by mail, like a password change.
  await tellSecurityChange(deps, TOKEN_CREATED(user.id, input.name, input.scopes), now);
  return { ...token, token: secret };
}

/** The viewer's tokens, newest first, revoked and expired ones included (their state is shown). */
export function listApiTokens(db: Db, userId: string): Promise<ApiTokenView[]> {
  return db.apiToken.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: VIEW });
}

/** Revokes one of the viewer's tokens; someone else's is not told apart from none. Revoking twice is fine. */
export async function revokeApiToken(db: Db, userId: string, id: string, now = new Date()): Promise<ApiTokenView> {
  const token = await db.apiToken.findFirst({ where: { id, userId }, select: VIEW });
  if (!token) throw new NotFoundError('No such API token');
  if (token.revokedAt) return token;
  await db.apiToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
  return { ...token, revokedAt: now };
}

export type BearerResult =
  | { ok: true; user: User; token: Pick<ApiToken, 'id' | 'scopes' | 'lastUsedAt'>; scopes: Set<Scope> }
  | { ok: false; reason: string };

/** Who a bearer secret authenticates, or why it does not (the RFC 6750 error_description). */
export async function userOfBearer(db: Db, secret: string, now = new Date()): Promise<BearerResult> {
  if (!isTokenShaped(secret)) return { ok: false, reason: 'The token is malformed' };
  const row = await db.apiToken.findUnique({ where: { hash: hashOfSecret(secret) }, include: { user: true } });
  if (!row) return { ok: false, reason: 'The token is unknown' };
  const state = tokenState(row, now);
  if (state !== 'live') return { ok: false, reason: `The token is ${state}` };
  if (row.user.deletedAt) return { ok: false, reason: 'The token is unknown' };
  const { user, ...token } = row;
  return { ok: true, user, token, scopes: new Set(token.scopes.filter(isScope)) };
}

/** Records a token's use, at most every few minutes and off the request's path. */
export function noteTokenUsed(db: Db, token: { id: string; lastUsedAt: Date | null }, onError: (err: unknown) => void, now = new Date()) {
  if (!lastUsedIsStale(token.lastUsedAt, now)) return;
  token.lastUsedAt = now;
  db.apiToken.update({ where: { id: token.id }, data: { lastUsedAt: now } }).catch(onError);
}
