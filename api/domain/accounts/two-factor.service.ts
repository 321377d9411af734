import QRCode from 'qrcode';
import type { Db } from '../../db/database.ts';
import type { User } from '../../db/generated/prisma/client.ts';
import { AuthenticationError, ConflictError, RateLimitedError, ValidationError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import type { AccountsDeps } from './accounts.service.ts';
import { verifyPassword } from './password.ts';
import { matchingStep, newTotpSecret, openSecret, otpauthUri, sealSecret } from './totp.ts';
import { mustEnrolTwoFactor, newRecoveryCodes, normalizeRecoveryCode, normalizeTotpCode, recoveryCodeHash } from './two-factor.rules.ts';
import { confirmTwoFactorInput, disableTwoFactorInput, regenerateRecoveryCodesInput } from './two-factor.schemas.ts';
import { tellSecurityChange } from '../notifications/security-notice.ts';

// Two-factor sign-in from the profile's Security section: enrol (a secret, confirmed with a code
// and the password), recovery codes shown once, turn it off, new recovery codes
// (docs/decisions.md "Issue 25: two-factor sign-in"). The login's second step is
// two-factor-login.service.ts.

export interface TwoFactorDeps extends AccountsDeps {
  /** The server's secret (SESSION_SECRET): seals the stored TOTP secrets and signs login challenges. */
  serverSecret: Uint8Array;
  /** REQUIRE_ADMIN_TWO_FACTOR: administrators must enrol before using administrator tools. */
  requireAdminTwoFactor: boolean;
}

type Viewer = User | null;

function requireViewer(viewer: Viewer): User {
  if (!viewer) throw new AuthenticationError();
  return viewer;
}

const nowOf = (deps: Pick<AccountsDeps, 'now'>) => deps.now?.() ?? new Date();

/** Whether two-factor sign-in is on for the user (an enrolment not yet confirmed is not). */
export async function isTwoFactorEnabled(db: Db, userId: string): Promise<boolean> {
  const row = await db.twoFactor.findUnique({ where: { userId }, select: { enabledAt: true } });
  return row?.enabledAt != null;
}

/** The viewer's two-factor state for the Security section. */
export async function twoFactorStatus(deps: TwoFactorDeps, viewer: Viewer) {
  const user = requireViewer(viewer);
  const [row, recoveryCodesLeft, account] = await Promise.all([
    deps.db.twoFactor.findUnique({ where: { userId: user.id }, select: { enabledAt: true } }),
    deps.db.recoveryCode.count({ where: { userId: user.id, usedAt: null } }),
    // The account itself, not the session's narrowed view of it (api/context.ts hides an
    // administrator's powers until they enrol).
    deps.db.user.findUnique({ where: { id: user.id }, select: { isAdmin: true } }),
  ]);
  const enabledAt = row?.enabledAt ?? null;
  return {
    enabled: enabledAt !== null,
    enabledAt,
    recoveryCodesLeft: enabledAt ? recoveryCodesLeft : 0,
    requiredForAccount: mustEnrolTwoFactor({ isAdmin: account?.isAdmin ?? false }, enabledAt !== null, deps.requireAdminTwoFactor),
  };
}

/**
 * Starts (or starts over) enrolment: a new secret, stored sealed and not yet in force. The secret
 * is answered here, for the app, and never again.
 */
export async function startTwoFactorEnrolment(deps: TwoFactorDeps, viewer: Viewer) {
  const user = requireViewer(viewer);
  const secret = newTotpSecret();
  const secretCiphertext = sealSecret(deps.serverSecret, secret);
  const existing = await deps.db.twoFactor.findUnique({ where: { userId: user.id }, select: { enabledAt: true } });
  if (existing?.enabledAt) throw alreadyEnabled();
  if (existing) {
    // Guarded: an enrolment confirmed meanwhile is not replaced.
    const { count } = await deps.db.twoFactor.updateMany({ where: { userId: user.id, enabledAt: null }, data: { secretCiphertext, lastUsedStep: null } });
    if (count !== 1) throw alreadyEnabled();
  } else {
    try {
      await deps.db.twoFactor.create({ data: { userId: user.id, secretCiphertext } });
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') throw new ConflictError('Enrolment was started twice at once; start it again', 'CONFLICT');
      throw error;
    }
  }
  const uri = otpauthUri(secret, user.email);
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri: uri, qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Confirms enrolment with a current code and the password: two-factor sign-in is on from now, the
 * code's step counts as used, and ten fresh recovery codes are answered, once.
 */
export async function confirmTwoFactorEnrolment(deps: TwoFactorDeps, viewer: Viewer, rawInput: unknown) {
  const user = requireViewer(viewer);
  const input = parseInput(confirmTwoFactorInput, rawInput);
  await checkPasswordLimited(deps, user, input.password);
  const row = await deps.db.twoFactor.findUnique({ where: { userId: user.id } });
  if (row?.enabledAt) throw alreadyEnabled();
  if (!row) throw new ConflictError('Start the enrolment first: scan the QR code, then confirm with a code', 'TWO_FACTOR_ENROLMENT_NOT_STARTED');
  const secret = openSecret(deps.serverSecret, row.secretCiphertext);
  const code = normalizeTotpCode(input.code);
  const now = nowOf(deps);
  const step = secret && code ? matchingStep(secret, code, now) : null;
  if (step === null) throw wrongCode();
  const recoveryCodes = newRecoveryCodes();
  const enabled = await deps.db.$transaction(async (tx) => {
    const { count } = await tx.twoFactor.updateMany({ where: { userId: user.id, enabledAt: null, secretCiphertext: row.secretCiphertext }, data: { enabledAt: now, lastUsedStep: step } });
    if (count !== 1) return false;
    await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    await tx.recoveryCode.createMany({ data: recoveryCodes.map((c) => ({ userId: user.id, codeHash: recoveryCodeHash(normalizeRecoveryCode(c)!) })) });
    return true;
  });
  // Another confirmation, or a new enrolment, got there first.
  if (!enabled) throw new ConflictError('Two-factor enrolment changed meanwhile; reload and try again', 'CONFLICT');
  await deps.limiter.reset(limitKey(user.id));
  await tellSecurityChange(deps, TWO_FACTOR_TURNED_ON(user.id));
  return { message: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe: they are shown only now.', recoveryCodes };
}

/** Turns two-factor sign-in off: the password and a code (or a recovery code) required. */
export async function disableTwoFactor(deps: TwoFactorDeps, viewer: Viewer, rawInput: unknown) {
  const user = requireViewer(viewer);
  const input = parseInput(disableTwoFactorInput, rawInput);
  await checkPasswordLimited(deps, user, input.password);
  const row = await enabledRow(deps.db, user.id);
  if ((await useCode(deps, row, input.code)) !== 'ok') throw wrongCode();
  await deps.db.$transaction([deps.db.recoveryCode.deleteMany({ where: { userId: user.id } }), deps.db.twoFactor.deleteMany({ where: { userId: user.id } })]);
  await deps.limiter.reset(limitKey(user.id));
  await tellSecurityChange(deps, TWO_FACTOR_TURNED_OFF(user.id));
  return { message: 'Two-factor sign-in is off.' };
}

/** New recovery codes (the password required): every earlier one stops working. */
export async function regenerateRecoveryCodes(deps: TwoFactorDeps, viewer: Viewer, rawInput: unknown) {
  const user = requireViewer(viewer);
  const input = parseInput(regenerateRecoveryCodesInput, rawInput);
  await checkPasswordLimited(deps, user, input.password);
  await enabledRow(deps.db, user.id);
  const recoveryCodes = newRecoveryCodes();
  await deps.db.$transaction([
    deps.db.recoveryCode.deleteMany({ where: { userId: user.id } }),
    deps.db.recoveryCode.createMany({ data: recoveryCodes.map((c) => ({ userId: user.id, codeHash: recoveryCodeHash(normalizeRecoveryCode(c)!) })) }),
  ]);
  await deps.limiter.reset(limitKey(user.id));
  return { message: 'New recovery codes: the earlier ones no longer work. They are shown only now.', recoveryCodes };
}

async function enabledRow(db: Db, userId: string) {
  const row = await db.twoFactor.findUnique({ where: { userId } });
  if (!row?.enabledAt) throw new ConflictError('Two-factor sign-in is not on', 'TWO_FACTOR_NOT_ENABLED');
  return row;
}

/** Per account, across addresses: whoever tries codes already has the password or the session. */
export const limitKey = (userId: string) => `two-factor:account:${userId}`;

/** One attempt against the account's limit (that of failed logins); refused beyond it. */
export async function countAttempt(deps: Pick<AccountsDeps, 'limiter' | 'limits'>, userId: string) {
  const { perAccount, windowMs } = deps.limits.login;
  const limit = await deps.limiter.hit(limitKey(userId), perAccount, windowMs);
  if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds, 'Too many attempts. Please try again later.');
}

async function checkPasswordLimited(deps: TwoFactorDeps, user: User, password: string) {
  await countAttempt(deps, user.id);
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw new ValidationError('Password is incorrect', [{ field: 'password', message: 'Password is incorrect' }], 'WRONG_CURRENT_PASSWORD');
  }
}

/**
 * Spends a code: an authenticator code of a step later than the last one used (so each code works
 * once; guarded in the database, so two racing uses cannot both pass), or an unused recovery code.
 */
export async function useCode(deps: Pick<TwoFactorDeps, 'db' | 'serverSecret' | 'now'>, row: { userId: string; secretCiphertext: string }, typed: string): Promise<'ok' | 'wrong' | 'replayed'> {
  const now = nowOf(deps);
  const totp = normalizeTotpCode(typed);
  if (totp) {
    const secret = openSecret(deps.serverSecret, row.secretCiphertext);
    const step = secret ? matchingStep(secret, totp, now) : null;
    if (step === null) return 'wrong';
    const { count } = await deps.db.twoFactor.updateMany({
      where: { userId: row.userId, enabledAt: { not: null }, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: step } }] },
      data: { lastUsedStep: step },
    });
    return count === 1 ? 'ok' : 'replayed';
  }
  const recovery = normalizeRecoveryCode(typed);
  if (!recovery) return 'wrong';
  const { count } = await deps.db.recoveryCode.updateMany({ where: { userId: row.userId, codeHash: recoveryCodeHash(recovery), usedAt: null }, data: { usedAt: now } });
  return count === 1 ? 'ok' : 'wrong';
}

// Security notices: in the bell and always by mail (they cannot be switched off), so an owner
// learns at once when someone else changed how the account is protected.
const TWO_FACTOR_TURNED_ON = (userId: string) => ({
  userId,
  title: 'Two-factor sign-in turned on',
  body: 'Logging in to your DATA PIT account now asks for a code from your authenticator app after the password. Keep your recovery codes somewhere safe. If this was not you, change your password now and contact support.',
  link: '/dashboard/profile#two-factor',
});
const TWO_FACTOR_TURNED_OFF = (userId: string) => ({
  userId,
  title: 'Two-factor sign-in turned off',
  body: 'Logging in to your DATA PIT account now asks for the password only. If this was not you, change your password now, turn two-factor sign-in back on and contact support.',
  link: '/dashboard/profile#two-factor',
});

const alreadyEnabled = () => new ConflictError('Two-factor sign-in is already on', 'TWO_FACTOR_ALREADY_ENABLED');
const wrongCode = () =>
  new ValidationError('That code is not valid (or was used already). Enter the current code from your app.', [{ field: 'code', message: 'Invalid code' }], 'WRONG_TWO_FACTOR_CODE');
