import type { User } from '../../db/generated/prisma/client.ts';
import { AuthenticationError, RateLimitedError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { passwordTagOf, readChallenge, signChallenge } from './two-factor-challenge.ts';
import { mustEnrolTwoFactor } from './two-factor.rules.ts';
import { completeTwoFactorLoginInput } from './two-factor.schemas.ts';
import { countAttempt, isTwoFactorEnabled, limitKey, useCode, type TwoFactorDeps } from './two-factor.service.ts';

// The login when two-factor sign-in is on: the password step (accounts.service.ts login and
// adminLogin) answers a challenge instead of a session, and this second step trades the challenge
// and a code for the session (docs/decisions.md "Issue 25: two-factor sign-in").

/** What follows a right password: a session, or first a code; and whether an administrator must enrol. */
export type PasswordStepOutcome = { kind: 'session'; mustEnrol: boolean } | { kind: 'challenge'; challenge: string };

export async function afterPassword(deps: TwoFactorDeps, user: User, via: 'user' | 'admin'): Promise<PasswordStepOutcome> {
  const enabled = await isTwoFactorEnabled(deps.db, user.id);
  if (!enabled) return { kind: 'session', mustEnrol: mustEnrolTwoFactor(user, false, deps.requireAdminTwoFactor) };
  const now = deps.now?.() ?? new Date();
  const challenge = await signChallenge(deps.serverSecret, { userId: user.id, admin: via === 'admin', passwordTag: passwordTagOf(user.passwordHash) }, now);
  return { kind: 'challenge', challenge };
}

const CHALLENGE_INVALID = 'This sign-in has expired or is no longer valid. Please log in again.';

/**
 * The second step: a live challenge and a current authenticator code (each accepted once) or an
 * unused recovery code. Attempts count against the account's limit of failed logins and the client
 * address's, as password guesses do; a success clears the account's count.
 */
export async function completeTwoFactorLogin(deps: TwoFactorDeps, rawInput: unknown, clientIp: string): Promise<User> {
  const input = parseInput(completeTwoFactorLoginInput, rawInput);
  const now = deps.now?.() ?? new Date();
  const claims = await readChallenge(deps.serverSecret, input.challenge, now);
  if (!claims) throw new AuthenticationError(CHALLENGE_INVALID, 'TWO_FACTOR_CHALLENGE_INVALID');
  const { perIp, windowMs } = deps.limits.login;
  const ipKey = `login:ip:${clientIp}`;
  const byIp = await deps.limiter.hit(ipKey, perIp, windowMs);
  if (!byIp.allowed) throw new RateLimitedError(byIp.retryAfterSeconds);
  await countAttempt(deps, claims.userId);
  const user = await deps.db.user.findUnique({ where: { id: claims.userId }, include: { twoFactor: true } });
  // The password changed since, the account lost its administrator rights, or 2FA was turned off.
  if (!user || passwordTagOf(user.passwordHash) !== claims.passwordTag || (claims.admin && !user.isAdmin) || !user.twoFactor?.enabledAt) {
    throw new AuthenticationError(CHALLENGE_INVALID, 'TWO_FACTOR_CHALLENGE_INVALID');
  }
  const outcome = await useCode(deps, user.twoFactor, input.code);
  if (outcome === 'replayed') throw new AuthenticationError('This code was used already. Wait for the next one in your app.', 'TWO_FACTOR_CODE_REPLAYED');
  if (outcome === 'wrong') throw new AuthenticationError('Invalid code', 'TWO_FACTOR_CODE_INVALID');
  await Promise.all([deps.limiter.refund(ipKey), deps.limiter.reset(limitKey(user.id))]);
  const { twoFactor: _, ...plain } = user;
  return plain;
}
