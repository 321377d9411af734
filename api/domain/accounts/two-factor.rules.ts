import crypto from 'node:crypto';

// Recovery codes and who must use two-factor sign-in: pure rules (docs/decisions.md "Issue 25:
// two-factor sign-in").

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code is read off paper and typed.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_LENGTH = 10;

/** Fresh recovery codes, shown once, as "xxxxx-xxxxx" (about 49 bits each). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A code as typed (any case, spaces or dashes) in the one form its hash is taken of; null when it cannot be one. */
export function normalizeRecoveryCode(typed: string): string | null {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '');
  return plain.length === RECOVERY_CODE_LENGTH && [...plain].every((c) => RECOVERY_ALPHABET.includes(c)) ? plain : null;
}

/** What is stored of a recovery code: random codes of ~49 bits need no slow hash. */
export function recoveryCodeHash(normalized: string): string {
  return crypto.createHash('sha256').update(`recovery:${normalized}`).digest('hex');
}

/** An authenticator code as typed ("123 456"): the six digits, or null. */
export function normalizeTotpCode(typed: string): string | null {
  const digits = typed.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * An administrator must turn two-factor sign-in on before using administrator tools where the
 * setting requires it (REQUIRE_ADMIN_TWO_FACTOR; on by default in production).
 */
export function mustEnrolTwoFactor(user: { isAdmin: boolean }, enabled: boolean, requiredForAdmins: boolean): boolean {
  return requiredForAdmins && user.isAdmin && !enabled;
}
