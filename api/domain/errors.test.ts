import { describe, expect, it } from 'vitest';
import { AuthenticationError, ConflictError, DomainError, ERROR_REASONS, NotFoundError, PermissionError, ValidationError, defaultReasonOfCode } from './errors.ts';

describe('error reasons', () => {
  it('every error carries a reason; without one it is the general reason of its code', () => {
    expect(new ConflictError('x').reason).toBe('CONFLICT');
    expect(new PermissionError().reason).toBe('NOT_ALLOWED');
    expect(new AuthenticationError().reason).toBe('LOGIN_REQUIRED');
    expect(new NotFoundError().reason).toBe('NOT_FOUND');
    expect(new ValidationError('x').reason).toBe('INVALID_INPUT');
    expect(new DomainError('TOO_LARGE', 'x').reason).toBe('TOO_LARGE');
  });

  it('the default reasons are listed reasons, and no reason is listed twice', () => {
    for (const r of Object.values(defaultReasonOfCode)) expect(ERROR_REASONS).toContain(r);
    expect(new Set(ERROR_REASONS).size).toBe(ERROR_REASONS.length);
  });
});
