/**
 * Pothos hands a resolver an empty `select` when the client picks no field of the record (only
 * `__typename` of the result); Prisma refuses an empty select, so ask for the id.
 */
export function selectable<Q extends object>(query: Q): Q {
  const select = (query as { select?: Record<string, unknown> }).select;
  return select && Object.keys(select).length === 0 ? { ...query, select: { id: true } } : query;
}
