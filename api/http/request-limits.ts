import { jsonDepth } from '../domain/json-depth.ts';

// Bounds on the shape of what a request sends, checked before any schema or resolver sees it:
// parsers, validators and the JSON scalar walk values by recursion, and a value nested thousands
// of levels deep overflowed the call stack (a 500) (docs/decisions.md, "Hardening: hostile files,
// slow clients and deep JSON").

/**
 * A REST body and GraphQL variables nest at most this deep. Far above what any input of the API
 * needs (a listing's sample rows, the deepest, are 10 levels inside 3 or 4 of envelope).
 */
export const MAX_REQUEST_JSON_DEPTH = 32;

/**
 * A GraphQL document's braces, brackets and parentheses nest at most this deep (outside strings
 * and comments): selections are limited to 12 levels (20 for introspection), inline values to
 * what the variables may hold.
 */
export const MAX_DOCUMENT_NESTING = 64;

export const tooDeep = (value: unknown) => jsonDepth(value, MAX_REQUEST_JSON_DEPTH) > MAX_REQUEST_JSON_DEPTH;

/**
 * How deeply `{`, `[` and `(` nest in a GraphQL document, skipping strings, block strings and
 * comments; stops counting past `limit`. One pass over the text, before it is parsed.
 */
export function documentNesting(source: string, limit = Number.MAX_SAFE_INTEGER): number {
  let depth = 0;
  let deepest = 0;
  const n = source.length;
  for (let i = 0; i < n; i++) {
    const c = source.charCodeAt(i);
    if (c === 0x7b || c === 0x5b || c === 0x28) {
      if (++depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (c === 0x7d || c === 0x5d || c === 0x29) {
      if (depth > 0) depth--;
    } else if (c === 0x23) {
      // # comment, to the end of the line
      while (i < n && source.charCodeAt(i) !== 0x0a && source.charCodeAt(i) !== 0x0d) i++;
    } else if (c === 0x22) {
      if (source.startsWith('"""', i)) {
        // Block string: ends at the next """ not escaped as \"""
        let end = source.indexOf('"""', i + 3);
        while (end > 0 && source.charCodeAt(end - 1) === 0x5c) end = source.indexOf('"""', end + 1);
        i = end < 0 ? n : end + 2;
      } else {
        for (i++; i < n; i++) {
          const s = source.charCodeAt(i);
          if (s === 0x5c) i++;
          else if (s === 0x22 || s === 0x0a || s === 0x0d) break;
        }
      }
    }
  }
  return deepest;
}
