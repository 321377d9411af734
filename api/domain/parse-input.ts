import type { z } from 'zod';
import { ValidationError } from './errors.ts';

// Every use-case checks its input against its area's zod schema (`<area>.schemas.ts`) the same way,
// so GraphQL and REST answer the same field errors.

/** Parses input or throws a ValidationError naming the first broken rule, with every field error. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors = result.error.issues.map((i) => ({ field: i.path.join('.') || '_', message: i.message }));
  throw new ValidationError(fieldErrors[0]?.message ?? 'Invalid input', fieldErrors);
}
