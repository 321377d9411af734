// How deeply a JSON value nests. Counted with a stack of its own rather than by recursion, so a
// value nested thousands of levels costs a loop, never the call stack (docs/decisions.md,
// "Hardening: hostile files, slow clients and deep JSON").

/** Stored JSON a user sends (a listing's sample rows) nests at most this deep; a row is one level. */
export const MAX_STORED_JSON_DEPTH = 10;

/**
 * The nesting depth of a parsed JSON value: a scalar is 0, `{}` and `[]` are 1, `[{"a":1}]` is 2.
 * Stops looking once it has seen more than `limit` levels (and answers limit + 1).
 */
export function jsonDepth(value: unknown, limit = Number.MAX_SAFE_INTEGER): number {
  if (value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  const stack: Array<[object, number]> = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth > deepest) {
      deepest = depth;
      if (deepest > limit) return deepest;
    }
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return deepest;
}
