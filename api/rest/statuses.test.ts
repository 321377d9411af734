import { describe, expect, it } from 'vitest';
import { ConflictError, ERROR_REASONS, PermissionError } from '../domain/errors.ts';
import { challengeOf, STATUS_OF_CODE } from './statuses.ts';

describe('error statuses', () => {
  it('a thrower names a finer reason without changing the code or status', () => {
    const e = new PermissionError('Complete due diligence first', 'DUE_DILIGENCE_REQUIRED');
    expect([e.code, e.reason, STATUS_OF_CODE[e.reason]]).toEqual(['FORBIDDEN', 'DUE_DILIGENCE_REQUIRED', 403]);
    const c = new ConflictError('moved', 'INVALID_TRANSITION');
    expect([c.code, c.reason, STATUS_OF_CODE[c.reason]]).toEqual(['CONFLICT', 'INVALID_TRANSITION', 409]);
  });

  it('every code of the domain has a status, and a 401 names its challenge', () => {
    for (const code of ERROR_REASONS) expect(STATUS_OF_CODE[code]).toBeGreaterThanOrEqual(400);
    expect([STATUS_OF_CODE.INVALID_API_KEY, STATUS_OF_CODE.ACCESS_DENIED, STATUS_OF_CODE.NOT_STREAMABLE]).toEqual([401, 403, 422]);
    expect(challengeOf('INVALID_API_KEY')).toMatch(/^ApiKey /);
    expect(challengeOf('LOGIN_REQUIRED')).toMatch(/^Cookie /);
  });
});
