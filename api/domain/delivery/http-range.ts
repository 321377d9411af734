// HTTP Range for downloads (RFC 9110 §14): one byte range, so a broken download resumes where it
// stopped. Pure: the route gives the header values and the file's size and tag.

export type RangeDecision =
  /** Send the whole file (no Range, one we ignore, or an If-Range that no longer matches). */
  | { kind: 'full' }
  /** Send bytes start..end inclusive as 206. */
  | { kind: 'partial'; start: number; end: number }
  /** 416 with `Content-Range: bytes *\/size`. */
  | { kind: 'unsatisfiable' };

/**
 * What to send for `Range` (and `If-Range`). Several ranges, other units and malformed values are
 * ignored (the whole file, as the RFC allows) rather than refused: a client that sends them still
 * gets its data. A range that starts past the end is 416.
 */
export function decideRange(
  range: string | undefined | null,
  ifRange: string | undefined | null,
  file: { size: number; etag: string; lastModified: string },
): RangeDecision {
  if (!range) return { kind: 'full' };
  // If-Range: the range only applies while the file is the one the client has part of. A header
  // that is sent names a version: an empty or weak one (W/...) matches none, so the file goes whole.
  if (ifRange != null && ifRange !== file.etag && ifRange !== file.lastModified) return { kind: 'full' };
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(range);
  if (!m) return { kind: 'full' };
  const [, first, last] = m as unknown as [string, string, string];
  const size = file.size;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    // bytes=-N: the last N bytes.
    const n = Number(last);
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: 'full' };
  return { kind: 'partial', start, end };
}
