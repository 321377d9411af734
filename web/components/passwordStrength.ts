// Registration: at least 8 characters, one uppercase letter,
// one lowercase letter, one digit and one special character; label by the number of rules met:
// 0 Very Weak, 1-2 Weak, 3 Fair, 4 Good, 5 Strong.

export type PasswordRuleId = 'length' | 'uppercase' | 'lowercase' | 'digit' | 'special';

export type PasswordRule = { id: PasswordRuleId; label: string; met: boolean };

export type PasswordStrengthLabel = 'Very Weak' | 'Weak' | 'Fair' | 'Good' | 'Strong';

export const PASSWORD_MIN_LENGTH = 8;

const RULES: readonly { id: PasswordRuleId; label: string; test: (p: string) => boolean }[] = [
  { id: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'uppercase', label: 'One uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'One lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'digit', label: 'One digit', test: (p) => /[0-9]/.test(p) },
  // anything that is not a letter, digit or whitespace counts as special
  { id: 'special', label: 'One special character', test: (p) => /[^A-Za-z0-9\s]/.test(p) },
];

/** The five rules, in display order, each with whether the password meets it. */
export function passwordRules(password: string): PasswordRule[] {
  return RULES.map((r) => ({ id: r.id, label: r.label, met: r.test(password) }));
}

export function strengthLabel(score: number): PasswordStrengthLabel {
  if (score <= 0) return 'Very Weak';
  if (score <= 2) return 'Weak';
  if (score === 3) return 'Fair';
  if (score === 4) return 'Good';
  return 'Strong';
}

/** score = number of rules met (0-5) and its label. */
export function passwordStrength(password: string): { score: number; label: PasswordStrengthLabel } {
  const score = passwordRules(password).filter((r) => r.met).length;
  return { score, label: strengthLabel(score) };
}

/** True when all five rules are met (else: 'Please ensure your password meets all security requirements'). */
export function isPasswordStrongEnough(password: string): boolean {
  return passwordRules(password).every((r) => r.met);
}
