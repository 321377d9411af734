import type { Context as HonoContext } from 'hono';
import { z } from 'zod';

// A paged REST list says where its neighbours are, as GitHub's API and RFC 8288 do: a `Link`
// header with the first, previous and next pages. Each link is the request's own path and query
// with `offset` (and `limit`) set, relative to the request, so it never names a host taken from a
// Host header (docs/decisions.md "REST conventions").

export interface PagePlace {
  offset: number;
  limit: number;
  /** Whether anything follows this page. */
  hasNext: boolean;
}

/** The `Link` header value for a page, or null for a lone first page. */
export function pageLinks(requestUrl: string, page: PagePlace): string | null {
  const url = new URL(requestUrl);
  const at = (offset: number) => {
    const query = new URLSearchParams(url.search);
    query.set('limit', String(page.limit));
    if (offset > 0) query.set('offset', String(offset));
    else query.delete('offset');
    return `<${url.pathname}?${query}>`;
  };
  const links: string[] = [];
  if (page.offset > 0) links.push(`${at(0)}; rel="first"`, `${at(Math.max(0, page.offset - page.limit))}; rel="prev"`);
  if (page.hasNext) links.push(`${at(page.offset + page.limit)}; rel="next"`);
  return links.length ? links.join(', ') : null;
}

/** Sets X-Total-Count and Link on a paged list answer. */
export function setPageHeaders(c: HonoContext, total: number, page: PagePlace): void {
  c.header('x-total-count', String(total));
  const link = pageLinks(c.req.url, page);
  if (link) c.header('link', link);
}

/** X-Total-Count as the OpenAPI document describes it on a list answered whole. */
export const TOTAL_HEADER = {
  'X-Total-Count': { description: 'How many items the list has.', schema: { type: 'integer' } },
};

/** The headers above as the OpenAPI document describes them on a paged list's answer. */
export const PAGE_HEADERS = {
  'X-Total-Count': { description: 'How many items the whole list has.', schema: { type: 'integer' } },
  Link: { description: 'RFC 8288 links to the `first`, `prev` and `next` pages (those that exist).', schema: { type: 'string' } },
};

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';
const OFFSET_MESSAGE = 'offset must be a whole number of at least 0';
/** `limit` of a paged list: 1 to 100. */
export const limitParam = (byDefault: number) =>
  z.string().regex(/^\d{1,3}$/, LIMIT_MESSAGE).transform(Number).pipe(z.number().min(1, LIMIT_MESSAGE).max(100, LIMIT_MESSAGE)).optional().describe(`1 to 100; ${byDefault} by default.`);
export const offsetParam = () => z.string().regex(/^\d{1,15}$/, OFFSET_MESSAGE).transform(Number).optional().describe('How many to skip; 0 by default.');
