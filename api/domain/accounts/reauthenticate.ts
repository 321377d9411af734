import type { User } from '../../db/generated/prisma/client.ts';
import { RateLimitedError, ValidationError } from '../errors.ts';
import type { AccountsDeps } from './accounts.service.ts';
import { verifyPassword } from './password.ts';

/**
 * The password asked again before a change that could take the account (a new email) or end it
 * (deletion): a borrowed, unlocked browser is not enough. Wrong guesses count against the failed
 * login limit per account, under `action`'s own counter; a right one clears it.
 */
export async function reauthenticate(deps: Pick<AccountsDeps, 'limiter' | 'limits'>, user: User, password: string, action: string) {
  const { perAccount, windowMs } = deps.limits.login;
  const key = `${action}:account:${user.id}`;
  const limit = await deps.limiter.hit(key, perAccount, windowMs);
  if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds, 'Too many attempts. Please try again later.');
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw new ValidationError('Password is incorrect', [{ field: 'password', message: 'Password is incorrect' }], 'WRONG_CURRENT_PASSWORD');
  }
  await deps.limiter.reset(key);
}
