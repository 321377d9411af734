import type { PageInfo } from './execute.ts';

/**
 * Where a page starting at `offset` begins in a connection whose cursors are ids, not offsets (a
 * contract's bids, a person's notifications): reads where each page of up to `pageSize` ends (no
 * rows) until it reaches the offset. `readEnds(first, after)` answers a page's PageInfo, or the
 * Response to give instead (an error, a refusal). `pastTheEnd` when the list is shorter than the offset.
 */
export async function cursorAtOffset(
  offset: number,
  pageSize: number,
  readEnds: (first: number, after: string | null) => Promise<PageInfo | Response>,
): Promise<{ after: string | null; pastTheEnd: boolean } | Response> {
  let after: string | null = null;
  for (let skipped = 0; skipped < offset; ) {
    const first = Math.min(pageSize, offset - skipped);
    const ends = await readEnds(first, after);
    if (ends instanceof Response) return ends;
    skipped += first;
    after = ends.endCursor ?? after;
    if (!ends.hasNextPage) return { after, pastTheEnd: true };
  }
  return { after, pastTheEnd: false };
}
