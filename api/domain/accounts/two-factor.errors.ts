import type { ErrorCode } from '../errors.ts';

/** Two-factor sign-in (docs/decisions.md "Issue 25: two-factor sign-in"): each code with its kind. */
export const TWO_FACTOR_ERROR_CODES = {
  /** The second login step: the challenge is forged, expired (5 minutes) or no longer matches the account. */
  TWO_FACTOR_CHALLENGE_INVALID: 'UNAUTHENTICATED',
  /** The second login step: neither a current authenticator code nor an unused recovery code. */
  TWO_FACTOR_CODE_INVALID: 'UNAUTHENTICATED',
  /** The second login step: the authenticator code was right but has been used already (a replay). */
  TWO_FACTOR_CODE_REPLAYED: 'UNAUTHENTICATED',
  /** Settings (confirm, turn off): the code given is not a current one, or was used already. */
  WRONG_TWO_FACTOR_CODE: 'INVALID_INPUT',
  TWO_FACTOR_ALREADY_ENABLED: 'CONFLICT',
  TWO_FACTOR_NOT_ENABLED: 'CONFLICT',
  /** Confirming with no enrolment started (start it first). */
  TWO_FACTOR_ENROLMENT_NOT_STARTED: 'CONFLICT',
  /** An administrator without two-factor where it is required: only enrolment is open to them. */
  TWO_FACTOR_ENROLMENT_REQUIRED: 'FORBIDDEN',
} as const satisfies Record<string, ErrorCode>;

/** What an administrator without two-factor is told where it is required (GraphQL's admin scope and REST's admin paths). */
export const TWO_FACTOR_ENROLMENT_REQUIRED_MESSAGE = 'Administrators must turn on two-factor sign-in (Profile, Security) before using administrator tools';
