import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { User } from '../../db/generated/prisma/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { RateLimiter } from '../../rate-limiter.ts';
import type { EventPublisher } from '../../events/events.ts';
import {
  AuthenticationError,
  ConflictError,
  EmailNotVerifiedError,
  RateLimitedError,
  ValidationError,
} from '../errors.ts';
import { isEmailLike, isTokenUsable, normalizeEmail, normalizeUsername, VERIFICATION_TOKEN_TTL_MS } from './accounts.rules.ts';
import {
  adminLoginInput,
  loginInput,
  parseInput,
  registerInput,
  resendVerificationInput,
  verifyEmailInput,
} from './accounts.schemas.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password.ts';
import { verificationMail } from './accounts.mails.ts';

export interface AccountsDeps {
  db: Db;
  mailer: Mailer;
  limiter: RateLimiter;
  loginLimits: { perAccount: number; perIp: number; windowMs: number };
  events: EventPublisher;
  now?: () => Date;
}

const INVALID_CREDENTIALS = 'Invalid credentials';
const INVALID_ADMIN_CREDENTIALS = 'Invalid admin credentials';
const INVALID_TOKEN = 'Invalid or expired verification token';

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** Registers an unverified account and mails a verification link. */
export async function register(deps: AccountsDeps, rawInput: unknown, appUrl: string) {
  const input = parseInput(registerInput, rawInput);
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
  const token = crypto.randomBytes(32).toString('base64url');
  await deps.db.emailToken.create({
    data: {
      userId: user.id,
      purpose: 'verify_email',
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS),
    },
  });
  const link = new URL('/auth/verify-email', appUrl);
  link.searchParams.set('email', user.email);
  link.searchParams.set('token', token);
  await deps.mailer.send(verificationMail({ to: user.email, name: user.name, link: link.toString() }));
}

/** Confirms an email with a single-use token; the token and any older ones stop working. */
export async function verifyEmail(deps: AccountsDeps, rawInput: unknown) {
  const input = parseInput(verifyEmailInput, rawInput);
  const now = deps.now?.() ?? new Date();
  return deps.db.$transaction(async (tx) => {
    const token = await tx.emailToken.findUnique({ where: { tokenHash: sha256(input.token) }, include: { user: true } });
    if (!token || token.purpose !== 'verify_email' || !isTokenUsable(token, now)) throw new ValidationError(INVALID_TOKEN);
    if (input.email && normalizeEmail(input.email) !== token.user.email) throw new ValidationError(INVALID_TOKEN);
    // Guarded update: of two racing uses of one token, only one finds it unused.
    const used = await tx.emailToken.updateMany({ where: { id: token.id, usedAt: null }, data: { usedAt: now } });
    if (used.count !== 1) throw new ValidationError(INVALID_TOKEN);
    await tx.emailToken.updateMany({
      where: { userId: token.userId, purpose: 'verify_email', usedAt: null },
      data: { usedAt: now },
    });
    const user = await tx.user.update({
      where: { id: token.userId },
      data: { emailVerifiedAt: token.user.emailVerifiedAt ?? now },
    });
    return { user, message: 'Email verified successfully. You can now log in.' };
  });
}

const RESEND_MESSAGE = 'If an unverified account exists for this email, a new verification link has been sent.';

/**
 * Sends a fresh link. The answer is the same whether or not the account exists, so the form
 * cannot be used to find out who is registered; a few resends per hour per address.
 */
export async function resendVerification(deps: AccountsDeps, rawInput: unknown, appUrl: string) {
  const { email } = parseInput(resendVerificationInput, rawInput);
  const limit = await deps.limiter.hit(`resend:${email}`, 5, 60 * 60_000);
  if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds);
  const user = await deps.db.user.findUnique({ where: { email } });
  if (user && !user.emailVerifiedAt) await sendVerification(deps, user, appUrl);
  return { message: RESEND_MESSAGE };
}

/**
 * Logs in with username or email. Limits: every attempt counts against the client address;
 * failed attempts count against the account until a success clears them.
 */
export async function login(deps: AccountsDeps, rawInput: unknown, clientIp: string) {
  const input = parseInput(loginInput, rawInput);
  const identifier = isEmailLike(input.usernameOrEmail)
    ? normalizeEmail(input.usernameOrEmail)
    : normalizeUsername(input.usernameOrEmail);
  await checkLoginLimits(deps, identifier, clientIp);
  const user = await deps.db.user.findUnique({
    where: isEmailLike(identifier) ? { email: identifier } : { username: identifier },
  });
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok) {
    await deps.limiter.hit(`login:account:${identifier}`, deps.loginLimits.perAccount, deps.loginLimits.windowMs);
    throw new AuthenticationError(INVALID_CREDENTIALS);
  }
  await deps.limiter.reset(`login:account:${identifier}`);
  if (!user.emailVerifiedAt) throw new EmailNotVerifiedError(user.email);
  return user;
}

/** Administrator login at /admin-login: email and password of an account with isAdmin. */
export async function adminLogin(deps: AccountsDeps, rawInput: unknown, clientIp: string) {
  const input = parseInput(adminLoginInput, rawInput);
  await checkLoginLimits(deps, input.email, clientIp);
  const user = await deps.db.user.findUnique({ where: { email: input.email } });
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok || !user.isAdmin) {
    await deps.limiter.hit(`login:account:${input.email}`, deps.loginLimits.perAccount, deps.loginLimits.windowMs);
    throw new AuthenticationError(INVALID_ADMIN_CREDENTIALS);
  }
  await deps.limiter.reset(`login:account:${input.email}`);
  return user;
}

async function checkLoginLimits(deps: AccountsDeps, identifier: string, clientIp: string) {
  const { perIp, perAccount, windowMs } = deps.loginLimits;
  const byIp = await deps.limiter.hit(`login:ip:${clientIp}`, perIp, windowMs);
  if (!byIp.allowed) throw new RateLimitedError(byIp.retryAfterSeconds);
  const byAccount = await deps.limiter.peek(`login:account:${identifier}`, perAccount);
  if (!byAccount.allowed) {
    throw new RateLimitedError(byAccount.retryAfterSeconds, 'Too many failed attempts for this account. Please try again later.');
  }
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
  if (existing) return db.user.update({ where: { id: existing.id }, data });
  const base = normalizeUsername(email.split('@')[0]!.replace(/[^a-z0-9._-]/gi, '')) || 'admin';
  const username = (await db.user.findUnique({ where: { username: base } })) ? `${base}-${crypto.randomBytes(3).toString('hex')}` : base;
  return db.user.create({ data: { ...data, email, username: username.padEnd(3, '0'), name: opts.name ?? 'Administrator' } });
}

/** Loads the user a session names; the session is void once its version is outdated. */
export async function userForSession(db: Db, session: { userId: string; sessionVersion: number }) {
  const user = await db.user.findUnique({ where: { id: session.userId } });
  return user && user.sessionVersion === session.sessionVersion ? user : null;
}
