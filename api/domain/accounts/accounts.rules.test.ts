import { describe, expect, it } from 'vitest';
import { isTokenUsable, loginAccountKey, mailboxOf, meetsPasswordRules, passwordStrength, USERNAME_PATTERN } from './accounts.rules.ts';

describe('password strength (the registration rules)', () => {
  it.each([
    ['', 0, 'Very Weak'],
    ['abc', 1, 'Weak'],
    ['abcD', 2, 'Weak'],
    ['abcD1', 3, 'Fair'],
    ['abcD1!', 4, 'Good'],
    ['abcdefD1!', 5, 'Strong'],
  ])('%j meets %i rules: %s', (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });

  it('accepts only passwords meeting all five rules', () => {
    expect(meetsPasswordRules('Sup3r#Secret')).toBe(true);
    expect(meetsPasswordRules('Sup3rSecret')).toBe(false);
    expect(meetsPasswordRules('sup3r#secret')).toBe(false);
    expect(meetsPasswordRules('SUP3R#SECRET')).toBe(false);
    expect(meetsPasswordRules('Super#Secret')).toBe(false);
    expect(meetsPasswordRules('Su3#a')).toBe(false);
  });
});

describe('identifiers and tokens', () => {
  it('usernames are 3-30 handle characters', () => {
    expect(USERNAME_PATTERN.test('trader_01')).toBe(true);
    expect(USERNAME_PATTERN.test('ab')).toBe(false);
    expect(USERNAME_PATTERN.test('has space')).toBe(false);
    expect(USERNAME_PATTERN.test('-dash')).toBe(false);
  });

  it('a token is usable once and only before it expires', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(isTokenUsable({ usedAt: null, expiresAt: new Date('2026-01-01T00:00:01Z') }, now)).toBe(true);
    expect(isTokenUsable({ usedAt: null, expiresAt: now }, now)).toBe(false);
    expect(isTokenUsable({ usedAt: now, expiresAt: new Date('2026-01-02T00:00:00Z') }, now)).toBe(false);
  });
});

describe('limits', () => {
  it('counts mails per mailbox: sub-addresses reach the same one', () => {
    expect(mailboxOf('ada+promo@example.com')).toBe('ada@example.com');
    expect(mailboxOf('ada@example.com')).toBe('ada@example.com');
    expect(mailboxOf('+x@example.com')).toBe('+x@example.com');
    expect(mailboxOf('a@b+c.example')).toBe('a@b+c.example');
  });

  it('keys the login counter on the account when there is one', () => {
    expect(loginAccountKey({ id: 'u1' }, 'ada')).toBe('user:u1');
    expect(loginAccountKey(null, 'ada')).toBe('name:ada');
  });
});
