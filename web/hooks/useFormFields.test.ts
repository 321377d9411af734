import { describe, expect, it } from 'vitest';
import { looksLikeEmail } from './useFormFields.ts';

describe('looksLikeEmail', () => {
  it('takes an address with a local part, an @ and a dotted domain, spaces around it aside', () => {
    expect(looksLikeEmail('ana@example.com')).toBe(true);
    expect(looksLikeEmail('  ana@example.com ')).toBe(true);
  });
  it('refuses anything else', () => {
    expect(looksLikeEmail('ana')).toBe(false);
    expect(looksLikeEmail('ana@example')).toBe(false);
    expect(looksLikeEmail('a na@example.com')).toBe(false);
    expect(looksLikeEmail('')).toBe(false);
  });
});
