// A connection's totalCount without a count statement when its first page already holds every row.
// Pothos reads a page with one row more than it shows (the next page's sign), so a first page
// (no cursor) that comes back short of that is the whole list: its length is the total. The
// logged-in lists (notifications, positions, the library, conversations) are mostly that short, and
// their count was one statement in three (docs/decisions.md "Issue 28: fewer statements and no
// re-planning for the logged-in reads").

/** The totals that pages of this request revealed, by the field's arguments object (one per field execution). */
const wholeLists = new WeakMap<object, number>();

interface PageQuery {
  take?: number;
  cursor?: unknown;
}

/** Passes a connection's rows through, noting the total when they are the whole list. */
export function noteWholeList<T>(args: object, query: PageQuery, rows: T[]): T[] {
  if (query.cursor === undefined && typeof query.take === 'number' && query.take > 0 && rows.length < query.take) wholeLists.set(args, rows.length);
  return rows;
}

/** The total a whole first page showed, or `count()`: for a connection's totalCount. */
export function totalOf(args: object, count: () => Promise<number>): number | Promise<number> {
  return wholeLists.get(args) ?? count();
}
