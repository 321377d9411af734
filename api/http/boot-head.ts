import fs from 'node:fs/promises';
import path from 'node:path';
import type { Context as HonoContext } from 'hono';
import { escapeHtml } from '../escape-html.ts';
import type { PublicListing } from '../domain/market/seo.ts';
import { acceptsGzip, gzip } from './compression.ts';
import { listingPageHead, staticPageHead, unknownListingHead, withPageHead, type PageHead } from './seo-head.ts';

// The boot frame of a page people land on paints the page's heading with the HTML itself, before
// the scripts arrive: on a phone the heading is then there at the first paint instead of seconds
// later, once the bundle has loaded, run and fetched the page's data (docs/decisions.md "The first
// paint names the page"). The web app's loading skeleton reads the same heading back from the
// boot frame (web/screens/Shell/BootHead.tsx) and shows it in the same place until the screen renders.

/** What the boot frame shows of a page: the same words as the screen's own heading. */
export interface BootHead {
  eyebrow?: string;
  title: string;
  subtitle?: string;
}

/**
 * The headings of the pages most visits start on. They repeat the screens' words
 * (web/screens/Market/TradingFloor/FloorHero.tsx, web/screens/Market/Browse/Browse.tsx); the
 * journeys in e2e/first-paint.spec.ts fail when a screen's heading and its boot head disagree.
 */
const STATIC_HEADS: Record<string, BootHead> = {
  '/': {
    eyebrow: 'LIVE · MARKET OPEN 24/7',
    title: 'THE PIT · DATA TRADING FLOOR',
    subtitle: 'Verified providers list data sets as contracts. Bid, buy through escrow, and get your data by API key.',
  },
  '/browse': {
    eyebrow: 'BROWSE',
    title: 'MARKETPLACE',
    subtitle: 'Every active data contract on the floor. Open one to see its sample, bid or buy through escrow.',
  },
};

/** Where the boot frame's words come from besides the fixed ones. */
export interface BootHeadSources {
  /** A contract's page when the public may see it, else null (api/domain/market/seo.ts publicListing). */
  contract(id: string): Promise<PublicListing | null>;
  /**
   * The origin of the absolute URLs (canonical, og:url, the Dataset's): PUBLIC_URL when set, else
   * the request's own (a development server, the journeys).
   */
  publicUrl?: string;
}

/** A path without its trailing slashes ('/' stays '/'). */
export const normalizePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname);

/** The head of a page with fixed words, or null. */
export function bootHeadFor(pathname: string): BootHead | null {
  return STATIC_HEADS[normalizePath(pathname)] ?? null;
}

const CONTRACT_PAGE = /^\/contract\/([^/]+)$/;

/** Where index.html takes the boot head (inside the boot frame's body). */
export const BOOT_HEAD_MARK = '<!--boot-head-->';

/** index.html with the boot head of `pathname` in place of its mark. */
export function withBootHead(indexHtml: string, pathname: string, head: BootHead): string {
  const parts = [
    head.eyebrow ? `<p class="boot-eyebrow">${escapeHtml(head.eyebrow)}</p>` : '',
    `<h1 class="boot-title">${escapeHtml(head.title)}</h1>`,
    head.subtitle ? `<p class="boot-sub">${escapeHtml(head.subtitle)}</p>` : '',
  ];
  return indexHtml.replace(BOOT_HEAD_MARK, `<div class="boot-head" data-boot-path="${escapeHtml(pathname)}">${parts.join('')}</div>`);
}

/** Pages made from a request's own origin (no PUBLIC_URL) are kept for this many origins at most. */
const ORIGINS_KEPT = 4;

/**
 * Serves index.html with its boot head and its page head (title, description, canonical URL,
 * social cards, a contract's Dataset: api/http/seo-head.ts) for the pages that have one; `null`
 * for the others (the static file is served as it is). The file is read once: a release replaces
 * the whole directory and restarts the server. Revalidated on each load like index.html itself,
 * and gzip-compressed when accepted (the HTML is made here, so it has no precompressed twin); the
 * fixed pages are made and compressed once per origin, a contract's page on each request (one
 * read by primary key, its provider's name joined).
 */
export function bootPageServer(staticDir: string, sources: BootHeadSources) {
  let template: Promise<string | null> | undefined;
  const fixedPages = new Map<string, { html: string; gzipped: Promise<Buffer> }>();
  const read = () =>
    (template ??= fs.readFile(path.join(staticDir, 'index.html'), 'utf8').then(
      (html) => (html.includes(BOOT_HEAD_MARK) ? html : null),
      () => null,
    ));
  const make = (html: string, pathname: string, head: PageHead, origin: string, boot: BootHead | null) => {
    const withHead = withPageHead(html, head, origin);
    return boot ? withBootHead(withHead, pathname, boot) : withHead;
  };

  const pageOf = async (html: string, pathname: string, origin: string) => {
    const fixed = bootHeadFor(pathname);
    const fixedHead = staticPageHead(pathname);
    if (fixed && fixedHead) {
      const key = `${origin}${pathname}`;
      let page = fixedPages.get(key);
      if (!page) {
        const text = make(html, pathname, fixedHead, origin, fixed);
        page = { html: text, gzipped: gzip(text) };
        // a request's Host names the origin when PUBLIC_URL is unset: keep a few, never grow without bound
        if (origin === sources.publicUrl || fixedPages.size < ORIGINS_KEPT * 2) fixedPages.set(key, page);
      }
      return page;
    }
    const contractId = CONTRACT_PAGE.exec(pathname)?.[1];
    if (contractId === undefined) return null;
    let id: string;
    try {
      id = decodeURIComponent(contractId);
    } catch {
      return null;
    }
    const listing = await sources.contract(id);
    // unknown or not public: the site's head, not indexed, and the plain frame
    if (listing === null) return { html: make(html, pathname, unknownListingHead(pathname), origin, null), gzipped: null };
    return { html: make(html, pathname, listingPageHead(listing, origin), origin, { title: listing.title }), gzipped: null };
  };

  return async (c: HonoContext): Promise<Response | null> => {
    const pathname = normalizePath(c.req.path);
    if (!bootHeadFor(pathname) && !CONTRACT_PAGE.test(pathname)) return null;
    const html = await read();
    if (html === null) return null;
    const origin = sources.publicUrl ?? new URL(c.req.url).origin;
    const page = await pageOf(html, pathname, origin);
    if (!page) return null;
    const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', vary: 'Accept-Encoding' };
    if (!acceptsGzip(c.req.header('accept-encoding'))) return c.body(page.html, 200, headers);
    const bytes = await (page.gzipped ?? gzip(page.html));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { ...headers, 'content-encoding': 'gzip' });
  };
}
