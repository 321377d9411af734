import fs from 'node:fs/promises';
import path from 'node:path';
import type { Context as HonoContext } from 'hono';
import { escapeHtml } from '../escape-html.ts';
import { acceptsGzip, gzip } from './compression.ts';

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
  /** A contract's title when the public may see it, else null (api/domain/market/contract-heading.ts). */
  contractTitle(id: string): Promise<string | null>;
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

/**
 * Serves index.html with its boot head for the pages that have one; `null` for the others (the
 * static file is served as it is). The file is read once: a release replaces the whole directory
 * and restarts the server. Revalidated on each load like index.html itself, and gzip-compressed
 * when accepted (the HTML is made here, so it has no precompressed twin); the fixed pages are made
 * and compressed once, a contract's page on each request (one read by primary key).
 */
export function bootPageServer(staticDir: string, sources: BootHeadSources) {
  let template: Promise<string | null> | undefined;
  const fixedPages = new Map<string, { html: string; gzipped: Promise<Buffer> }>();
  const read = () =>
    (template ??= fs.readFile(path.join(staticDir, 'index.html'), 'utf8').then(
      (html) => (html.includes(BOOT_HEAD_MARK) ? html : null),
      () => null,
    ));

  const pageOf = async (html: string, pathname: string) => {
    const fixed = bootHeadFor(pathname);
    if (fixed) {
      let page = fixedPages.get(pathname);
      if (!page) {
        const text = withBootHead(html, pathname, fixed);
        page = { html: text, gzipped: gzip(text) };
        fixedPages.set(pathname, page);
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
    const title = await sources.contractTitle(id);
    if (title === null) return null;
    const text = withBootHead(html, pathname, { title });
    return { html: text, gzipped: null };
  };

  return async (c: HonoContext): Promise<Response | null> => {
    const pathname = normalizePath(c.req.path);
    if (!bootHeadFor(pathname) && !CONTRACT_PAGE.test(pathname)) return null;
    const html = await read();
    if (html === null) return null;
    const page = await pageOf(html, pathname);
    if (!page) return null;
    const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', vary: 'Accept-Encoding' };
    if (!acceptsGzip(c.req.header('accept-encoding'))) return c.body(page.html, 200, headers);
    const bytes = await (page.gzipped ?? gzip(page.html));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { ...headers, 'content-encoding': 'gzip' });
  };
}
