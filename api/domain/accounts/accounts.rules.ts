// Pure rules of accounts: passwords, identifiers, tokens. No I/O here.
// The password and identifier rules of registration (README, docs/decisions.md "Foundation").

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'digit' | 'special';
  label: string;
  met: boolean;
}

export function passwordRules(password: string): PasswordRule[] {
  return [
    { id: 'length', label: 'At least 8 characters', met: password.length >= 8 },
    { id: 'uppercase', label: 'One uppercase letter', met: /[A-Z]/.test(password) },
    { id: 'lowercase', label: 'One lowercase letter', met: /[a-z]/.test(password) },
    { id: 'digit', label: 'One number', met: /[0-9]/.test(password) },
    { id: 'special', label: 'One special character', met: /[^A-Za-z0-9\s]/.test(password) },
  ];
}

export type StrengthLabel = 'Very Weak' | 'Weak' | 'Fair' | 'Good' | 'Strong';

/** Strength meter by number of rules met: 0 Very Weak, 1-2 Weak, 3 Fair, 4 Good, 5 Strong. */
export function passwordStrength(password: string): { score: number; label: StrengthLabel } {
  const score = passwordRules(password).filter((r) => r.met).length;
  const label: StrengthLabel = score === 0 ? 'Very Weak' : score <= 2 ? 'Weak' : score === 3 ? 'Fair' : score === 4 ? 'Good' : 'Strong';
  return { score, label };
}

export const PASSWORD_REQUIREMENTS_MESSAGE = 'Please ensure your password meets all security requirements';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

export function meetsPasswordRules(password: string): boolean {
  return passwordRules(password).every((r) => r.met);
}

/** Emails compare case-insensitively: stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Usernames are handles: case-insensitive, stored lower-cased. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

export const USERNAME_PATTERN = /^[a-z0-9](?:[a-z0-9._-]{1,28}[a-z0-9])$/;

export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** A password reset link is short-lived: whoever reads the mailbox later cannot use it. */
export const PASSWORD_RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** A token is usable once, before it expires. */
export function isTokenUsable(token: { usedAt: Date | null; expiresAt: Date }, now: Date): boolean {
  return token.usedAt === null && token.expiresAt.getTime() > now.getTime();
}

/** "Looks like an email" decides whether a login identifier is matched against email or username. */
export function isEmailLike(identifier: string): boolean {
  return identifier.includes('@');
}

/** How long a login lasts without use; renewed on use (api/context.ts). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The mailbox an address delivers to, for counting mails per recipient: sub-addresses
 * (`ada+anything@example.com`) reach `ada@example.com`. `email` is already normalized.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  const plus = email.indexOf('+');
  return plus > 0 && plus < at ? email.slice(0, plus) + email.slice(at) : email;
}

/**
 * What the per-account login counter is keyed on: the account when the identifier names one (so
 * its username and email share a counter), else the identifier itself.
 */
export function loginAccountKey(account: { id: string } | null, identifier: string): string {
  return account ? `user:${account.id}` : `name:${identifier}`;
}

/** A change of email waits for its link this long: whoever reads the new mailbox later cannot use it. */
export const EMAIL_CHANGE_TOKEN_TTL_MS = 60 * 60 * 1000;
