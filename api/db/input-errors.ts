import { ValidationError } from '../domain/errors.ts';

// Values the database refuses as data, not as a fault of ours: a NUL byte in a text value
// (PostgreSQL 22021), text that is not a number or a date (22P02, 22007), a number out of range
// (22003) ... SQLSTATE class 22 is "data exception". Prisma reports them as known request errors
// whose driver-adapter cause carries the SQLSTATE, or with its own P-codes when it checks first.
// They are the caller's bad input, so they answer INVALID_INPUT (400) instead of a masked 500.

const PRISMA_INPUT_CODES = new Set([
  'P2000', // value too long for the column
  'P2006', // invalid value for a field
  'P2007', // data validation error
  'P2019', // input error
  'P2020', // value out of range
  'P2023', // inconsistent column data (e.g. a malformed id)
  'P2033', // a number that does not fit 64 bits
]);

interface PrismaLikeError {
  name?: string;
  code?: string;
  meta?: { driverAdapterError?: { cause?: { code?: string; originalCode?: string } } };
  cause?: unknown;
}

/** The SQLSTATE of a database error that Prisma (or the driver adapter) passed on, if any. */
function sqlState(error: PrismaLikeError): string | undefined {
  const cause = error.meta?.driverAdapterError?.cause;
  return cause?.originalCode ?? cause?.code;
}

/** Whether `error` is the database (or Prisma) refusing a value the caller sent. */
export function isInvalidInputError(error: unknown): boolean {
  for (let e = error as PrismaLikeError | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as PrismaLikeError, depth++) {
    if (!e.name?.startsWith('PrismaClient') && e.name !== 'DriverAdapterError') continue;
    const state = sqlState(e) ?? (e.name === 'DriverAdapterError' ? (e.cause as PrismaLikeError | undefined)?.code : undefined);
    if (state?.startsWith('22')) return true;
    if (e.code && PRISMA_INPUT_CODES.has(e.code)) return true;
  }
  return false;
}

/** The domain error a refused value becomes, or null when `error` is something else (a bug). */
export function invalidInputOf(error: unknown): ValidationError | null {
  return isInvalidInputError(error) ? new ValidationError('Invalid input: a value contains characters or a format that cannot be stored') : null;
}
