/**
 * Pothos hands a resolver an empty `select` when the client picks no field of the record (only
 * `__typename` of the result); Prisma refuses an empty select, so ask for the id.
 */
export function selectable<Q extends object>(query: Q): Q {
  // A copy: reading every key tells Pothos the query was used (its check warns otherwise).
  const copy = { ...query };
  const select = (copy as { select?: Record<string, unknown> }).select;
  return select && Object.keys(select).length === 0 ? { ...copy, select: { id: true } } : copy;
}

/** Whether a Pothos query asks for columns of the record only (no relation, no count). */
export function selectsColumnsOnly(query: object): boolean {
  const { select, include } = query as { select?: Record<string, unknown>; include?: Record<string, unknown> };
  if (include && Object.keys(include).length) return false;
  // No select: every column (Pothos's include mode when nothing nested is asked for).
  return !select || Object.values(select).every((value) => value === true);
}
