import { describe, expect, it } from 'vitest';
import { AuthenticationError, COMMON_ERROR_CODES, ConflictError, DomainError, ERROR_REASONS, NotFoundError, PermissionError, ValidationError, defaultReasonOfCode, isReasonOf } from './errors.ts';
import { ACCOUNTS_ERROR_CODES } from './accounts/accounts.errors.ts';
import { DELIVERY_ERROR_CODES } from './delivery/delivery.errors.ts';
import { DILIGENCE_ERROR_CODES } from './diligence/diligence.errors.ts';
import { LISTINGS_ERROR_CODES } from './listings/listings.errors.ts';
import { MARKET_ERROR_CODES } from './market/market.errors.ts';
import { PAYMENTS_ERROR_CODES } from './payments/payments.errors.ts';
import { TOKENS_ERROR_CODES } from './tokens/tokens.errors.ts';

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

  it('no area lists a code another area (or the shared list) has: each code has one kind', () => {
    const lists = [COMMON_ERROR_CODES, ACCOUNTS_ERROR_CODES, DILIGENCE_ERROR_CODES, LISTINGS_ERROR_CODES, MARKET_ERROR_CODES, PAYMENTS_ERROR_CODES, TOKENS_ERROR_CODES, DELIVERY_ERROR_CODES];
    expect(lists.reduce((n, list) => n + Object.keys(list).length, 0)).toBe(ERROR_REASONS.length);
    expect(isReasonOf('OWN_CONTRACT', 'FORBIDDEN')).toBe(true);
    expect(isReasonOf('OWN_CONTRACT', 'CONFLICT')).toBe(false);
  });
});
