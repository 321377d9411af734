import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { User } from '../../db/generated/prisma/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { RateLimiter } from '../../rate-limiter.ts';
import type { Jobs } from '../../jobs/job-runner.ts';
import type { EventPublisher } from '../../events/events.ts';
import {
  AuthenticationError,
  ConflictError,
  EmailNotVerifiedError,
  RateLimitedError,
  ValidationError,
} from '../errors.ts';
import {
  isEmailLike,
  isTokenUsable,
  loginAccountKey,
  mailboxOf,
  normalizeEmail,
  normalizeUsername,
  VERIFICATION_TOKEN_TTL_MS,
} from './accounts.rules.ts';
import {
  adminLoginInput,
  loginInput,
  registerInput,
  resendVerificationInput,
  verifyEmailInput,
} from './accounts.schemas.ts';
import { parseInput } from '../parse-input.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password.ts';
import { verificationMail } from './accounts.mails.ts';
import { isPublishedDemoLogin } from './demo-admin.ts';
import { issueEmailToken, sha256 } from './email-tokens.ts';

/** Attempts allowed per window (README lists the variables that set them; docs/decisions.md, "Hardening: sessions, limits and production defaults"). */
export interface AccountLimits {
  /** Failed logins: per account and client address, and per client address. */
  login: { perAccount: number; perIp: number; windowMs: number };
  /** Registrations: per client address and per target mailbox. */
  register: { perIp: number; perEmail: number; windowMs: number };
  /** Verification resends: per client address and per mailbox. */
  resend: { perIp: number; perEmail: number; windowMs: number };
}

export interface AccountsDeps {
  db: Db;
  mailer: Mailer;
  limiter: RateLimiter;
  limits: AccountLimits;
  /** In production the demo administrator's published password never logs in. */
  production: boolean;
  events: EventPublisher;
  /** Timed work: the mails telling of security changes (tellSecurityChange). */
  jobs: Pick<Jobs, 'schedule'>;
  now?: () => Date;
}

const INVALID_CREDENTIALS = 'Invalid credentials';
const INVALID_ADMIN_CREDENTIALS = 'Invalid admin credentials';
const INVALID_TOKEN = 'Invalid or expired verification token';

/**
 * Registers an unverified account and mails a verification link. Limited per client address and
 * per target mailbox, so the form cannot be used to mass-create accounts or to mail someone
 * repeatedly; input that breaks a rule is refused before it counts.
 */
export async function register(deps: AccountsDeps, rawInput: unknown, appUrl: string, clientIp: string) {
  const input = parseInput(registerInput, rawInput);
  const { perIp, perEmail, windowMs } = deps.limits.register;
  const byIp = await deps.limiter.hit(`register:ip:${clientIp}`, perIp, windowMs);
  if (!byIp.allowed) throw new RateLimitedError(byIp.retryAfterSeconds, 'Too many registrations from this address. Please try again later.');
  const byMailbox = await deps.limiter.hit(`register:mailbox:${mailboxOf(input.email)}`, perEmail, windowMs);
  if (!byMailbox.allowed) throw new RateLimitedError(byMailbox.retryAfterSeconds, 'Too many registrations for this email address. Please try again later.');
  const passwordHash = await hashPassword(input.password);
  const taken = await deps.db.user.findFirst({
    where: { OR: [{ email: input.email }, { username: input.username }] },
    select: { email: true },
  });
  if (taken) throw duplicateError(taken.email === input.email ? 'email' : 'username');
  let user: User;
  try {
    user = await deps.db.user.create({
      data: { name: input.name, email: input.email, username: input.username, passwordHash },
    });
  } catch (error) {
    // Two registrations racing for the same email or username: the unique index decides.
    const field = uniqueViolationField(error);
    if (field) throw duplicateError(field);
    throw error;
  }
  // Registered users are a market figure.
  deps.events.publish('marketStatsChanged');
  await sendVerification(deps, user, appUrl);
  return {
    user,
    message: 'Registration successful. Please check your email to verify your account.',
  };
}

function duplicateError(field: 'email' | 'username') {
  return new ConflictError(
    field === 'email' ? 'An account with this email already exists' : 'This username is already taken',
  );
}

function uniqueViolationField(error: unknown): 'email' | 'username' | undefined {
  const e = error as { code?: string; message?: string; meta?: Record<string, unknown> };
  if (e?.code !== 'P2002') return undefined;
  const text = JSON.stringify(e.meta ?? {}) + (e.message ?? '');
  return text.includes('username') ? 'username' : 'email';
}

async function sendVerification(deps: AccountsDeps, user: User, appUrl: string) {
  const now = deps.now?.() ?? new Date();
  const token = await issueEmailToken(deps.db, user.id, 'verify_email', VERIFICATION_TOKEN_TTL_MS, now);
  const link = new URL('/auth/verify-email', appUrl);
  link.searchParams.set('email', user.email);
  link.searchParams.set('token', token);
  await deps.mailer.send(verificationMail({ to: user.email, name: user.name, link: link.toString() }));
}

const VERIFIED = 'Email verified successfully. You can now log in.';
const ALREADY_VERIFIED = 'Your email is already verified. You can log in.';

/**
 * Confirms an email with a single-use token; the token and any older ones stop working. A link
 * opened again once its account is verified (a second click, a mail scanner that opened it first,
 * two tabs) answers that the email is already verified: whoever holds the mailed link may know
 * that, and nothing else is said about a token that verifies nothing (docs/decisions.md
 * "Verification tokens opened again").
 */
export async function verifyEmail(deps: AccountsDeps, rawInput: unknown) {
  const input = parseInput(verifyEmailInput, rawInput);
  const now = deps.now?.() ?? new Date();
  return deps.db.$transaction(async (tx) => {
    const token = await tx.emailToken.findUnique({ where: { tokenHash: sha256(input.token) }, include: { user: true } });
    if (!token || token.purpose !== 'verify_email') throw new ValidationError(INVALID_TOKEN);
    if (input.email && normalizeEmail(input.email) !== token.user.email) throw new ValidationError(INVALID_TOKEN);
    const alreadyVerified = (user: User) => ({ user, message: ALREADY_VERIFIED, alreadyVerified: true });
    if (token.usedAt && token.user.emailVerifiedAt) return alreadyVerified(token.user);
    if (!isTokenUsable(token, now)) throw new ValidationError(INVALID_TOKEN);
    // Guarded update: of two racing uses of one token, only one finds it unused; the other (once
    // the first committed) finds the account verified.
    const used = await tx.emailToken.updateMany({ where: { id: token.id, usedAt: null }, data: { usedAt: now } });
    if (used.count !== 1) {
      const user = await tx.user.findUniqueOrThrow({ where: { id: token.userId } });
      if (user.emailVerifiedAt) return alreadyVerified(user);
      throw new ValidationError(INVALID_TOKEN);
    }
    await tx.emailToken.updateMany({
      where: { userId: token.userId, purpose: 'verify_email', usedAt: null },
      data: { usedAt: now },
    });
    const user = await tx.user.update({
      where: { id: token.userId },
      data: { emailVerifiedAt: token.user.emailVerifiedAt ?? now },
    });
    return { user, message: VERIFIED, alreadyVerified: false };
  });
}

const RESEND_MESSAGE = 'If an unverified account exists for this email, a new verification link has been sent.';

/**
 * Sends a fresh link. The answer is the same whether or not the account exists, so the form
 * cannot be used to find out who is registered; a few resends per hour per mailbox and per client
 * address.
 */
export async function resendVerification(deps: AccountsDeps, rawInput: unknown, appUrl: string, clientIp: string) {
  const { email } = parseInput(resendVerificationInput, rawInput);
  const { perIp, perEmail, windowMs } = deps.limits.resend;
  const byIp = await deps.limiter.hit(`resend:ip:${clientIp}`, perIp, windowMs);
  if (!byIp.allowed) throw new RateLimitedError(byIp.retryAfterSeconds);
  const limit = await deps.limiter.hit(`resend:mailbox:${mailboxOf(email)}`, perEmail, windowMs);
  if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds);
  const user = await deps.db.user.findUnique({ where: { email } });
  if (user && !user.emailVerifiedAt) await sendVerification(deps, user, appUrl);
  return { message: RESEND_MESSAGE };
}

/** Logs in with username or email (an identifier with `@` is an email). */
export async function login(deps: AccountsDeps, rawInput: unknown, clientIp: string) {
  const input = parseInput(loginInput, rawInput);
  const identifier = isEmailLike(input.usernameOrEmail)
    ? normalizeEmail(input.usernameOrEmail)
    : normalizeUsername(input.usernameOrEmail);
  const user = await checkPassword(deps, clientIp, {
    identifier,
    where: isEmailLike(identifier) ? { email: identifier } : { username: identifier },
    password: input.password,
    accept: () => true,
    failure: INVALID_CREDENTIALS,
  });
  if (!user.emailVerifiedAt) throw new EmailNotVerifiedError(user.email);
  return user;
}

/** Administrator login at /admin-login: email and password of an account with isAdmin. */
export async function adminLogin(deps: AccountsDeps, rawInput: unknown, clientIp: string) {
  const input = parseInput(adminLoginInput, rawInput);
  return checkPassword(deps, clientIp, {
    identifier: input.email,
    where: { email: input.email },
    password: input.password,
    accept: (user) => user.isAdmin,
    failure: INVALID_ADMIN_CREDENTIALS,
  });
}

/**
 * The password check of both logins, within the limits. Only failures count: one per client
 * address, and one per account and address, so an attacker guessing from one address is slowed
 * while the owner logging in from another is not (docs/decisions.md, "Hardening: sessions, limits and production defaults"). Each attempt is
 * counted before the check and refunded when it succeeds: concurrent guesses cannot all pass one
 * reading of the counter. A success clears the account's failures from that address.
 */
async function checkPassword(
  deps: AccountsDeps,
  clientIp: string,
  attempt: { identifier: string; where: { email: string } | { username: string }; password: string; accept: (user: User) => boolean; failure: string },
): Promise<User> {
  const { perIp, perAccount, windowMs } = deps.limits.login;
  const ipKey = `login:ip:${clientIp}`;
  const byIp = await deps.limiter.hit(ipKey, perIp, windowMs);
  if (!byIp.allowed) throw new RateLimitedError(byIp.retryAfterSeconds);
  const user = await deps.db.user.findUnique({ where: attempt.where });
  // The account, not the spelling: its username and email share one counter.
  const accountKey = `login:account:${loginAccountKey(user, attempt.identifier)}:ip:${clientIp}`;
  const byAccount = await deps.limiter.hit(accountKey, perAccount, windowMs);
  if (!byAccount.allowed) {
    throw new RateLimitedError(byAccount.retryAfterSeconds, 'Too many failed attempts for this account. Please try again later.');
  }
  // Without an account the same work is done against a dummy hash: timing does not tell.
  const ok = await verifyPassword(attempt.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok || !attempt.accept(user) || isPublishedDemoLogin(user.email, attempt.password, deps.production)) {
    throw new AuthenticationError(attempt.failure);
  }
  await Promise.all([deps.limiter.refund(ipKey), deps.limiter.reset(accountKey)]);
  return user;
}

/**
 * Makes sure the configured administrator exists, can log in with the configured password and is
 * verified (ADMIN_EMAIL / ADMIN_PASSWORD at start).
 */
export async function ensureAdmin(db: Db, opts: { email: string; password: string; name?: string }) {
  const email = normalizeEmail(opts.email);
  const existing = await db.user.findUnique({ where: { email } });
  if (existing && existing.isAdmin && (await verifyPassword(opts.password, existing.passwordHash))) return existing;
  const passwordHash = await hashPassword(opts.password);
  const data = {
    isAdmin: true,
    passwordHash,
    emailVerifiedAt: existing?.emailVerifiedAt ?? new Date(),
    dueDiligenceStatus: 'not_applicable' as const,
  };
  if (existing) {
    // A new password (or new powers) ends every session the account had: whoever held one may be
    // the reason for the reset.
    const [user] = await db.$transaction([
      db.user.update({ where: { id: existing.id }, data }),
      db.session.updateMany({ where: { userId: existing.id, revokedAt: null }, data: { revokedAt: new Date() } }),
    ]);
    return user;
  }
  const base = normalizeUsername(email.split('@')[0]!.replace(/[^a-z0-9._-]/gi, '')) || 'admin';
  const username = (await db.user.findUnique({ where: { username: base } })) ? `${base}-${crypto.randomBytes(3).toString('hex')}` : base;
  return db.user.create({ data: { ...data, email, username: username.padEnd(3, '0'), name: opts.name ?? 'Administrator' } });
}
