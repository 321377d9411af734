import { Hono, type Context as HonoContext } from 'hono';
import { contractPath, type SitemapListing } from '../domain/market/seo.ts';
import { acceptsGzip } from './compression.ts';

// What crawlers read before the pages (docs/decisions.md "Issue 28: found by search engines"):
// /robots.txt keeps them out of the private routes and names the sitemap; /sitemap.xml lists the
// floor, the marketplace and every active listing, as a sitemap index of /sitemap-N.xml pages once
// they are more than one file may hold (50,000 URLs, https://www.sitemaps.org/protocol.html).

/**
 * The paths of the web app (web/routes.tsx) that are someone's own or an administrator's, and the
 * API: crawled, they are a login form at best. api/http/crawlers.test.ts checks every route of
 * web/routes.tsx is either here or public. A rule is a path prefix (/payment covers
 * /payment-success/...).
 */
export const PRIVATE_PATHS = [
  '/api/',
  '/graphql',
  '/auth/',
  '/email-verification',
  '/notifications/',
  '/admin-',
  '/list-data',
  '/due-diligence',
  '/compliance-dashboard',
  '/simple-compliance',
  '/payment',
  '/my-data',
  '/earnings',
  '/trading',
  '/messaging',
  '/dashboard',
  '/profile',
  '/debug',
  // the alias of /contract/{id} that mails link to: the page itself is indexed under /contract/
  '/contracts/',
] as const;

/** URLs one sitemap file may hold (the protocol's limit). */
export const SITEMAP_MAX_URLS = 50_000;

/** The pages every sitemap starts with, before the listings. */
const FIXED_PAGES = ['/', '/browse'];

export interface CrawlerSources {
  /** The active listings (api/domain/market/seo.ts). */
  countListings(): Promise<number>;
  listings(range: { skip: number; limit: number }): AsyncIterable<SitemapListing[]>;
  /** PUBLIC_URL, else each request's own origin. */
  publicUrl?: string;
  /** URLs per sitemap file; tests make it small instead of inserting 50,001 listings. */
  pageSize?: number;
}

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** How the URLs split into files: `pages` files of `size` URLs at most (the fixed pages first). */
export function sitemapPlan(listingCount: number, size: number) {
  const total = FIXED_PAGES.length + listingCount;
  return { total, pages: Math.max(1, Math.ceil(total / size)) };
}

/** One sitemap file's URLs, as a stream of XML text read from the listings a chunk at a time. */
function urlsetStream(origin: string, page: number, size: number, sources: CrawlerSources): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const first = (page - 1) * size;
  const fixed = FIXED_PAGES.slice(first, first + size);
  const skip = Math.max(0, first - FIXED_PAGES.length);
  const limit = size - fixed.length;
  const url = (path: string, lastmod?: Date) => `<url><loc>${xmlEscape(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>\n`;
  let chunks: AsyncIterator<SitemapListing[]> | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${fixed.map((p) => url(p)).join('')}`));
      if (limit > 0) chunks = sources.listings({ skip, limit })[Symbol.asyncIterator]();
    },
    async pull(controller) {
      const next = chunks ? await chunks.next() : { done: true as const, value: undefined };
      if (next.done) {
        controller.enqueue(encoder.encode('</urlset>\n'));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map((l) => url(contractPath(l.id), l.updatedAt)).join('')));
    },
    async cancel() {
      await chunks?.return?.();
    },
  });
}

function sitemapIndex(origin: string, pages: number): string {
  const entries = Array.from({ length: pages }, (_, i) => `<sitemap><loc>${xmlEscape(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>\n`);
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join('')}</sitemapindex>\n`;
}

/** Crawlers read these every so often; an hour old is fresh enough, and spares the database. */
const CACHE_CONTROL = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

/** GET /robots.txt, /sitemap.xml and /sitemap-N.xml. */
export function crawlerRoutes(sources: CrawlerSources) {
  const size = sources.pageSize ?? SITEMAP_MAX_URLS;
  const originOf = (c: HonoContext) => sources.publicUrl ?? new URL(c.req.url).origin;
  const xml = (c: HonoContext, body: string | ReadableStream<Uint8Array>) => {
    c.header('content-type', XML);
    c.header('cache-control', CACHE_CONTROL);
    c.header('vary', 'Accept-Encoding');
    if (typeof body !== 'string' || body.length > 1024) {
      if (acceptsGzip(c.req.header('accept-encoding'))) {
        const stream = typeof body === 'string' ? new Blob([body]).stream() : body;
        c.header('content-encoding', 'gzip');
        return c.body(stream.pipeThrough(new CompressionStream('gzip') as unknown as ReadableWritablePair<Uint8Array<ArrayBuffer>, Uint8Array>));
      }
    }
    return c.body(body as string | ReadableStream<Uint8Array<ArrayBuffer>>);
  };
  const routes = new Hono();
  routes.get('/robots.txt', (c) => c.text(robotsTxt(originOf(c)), 200, { 'cache-control': CACHE_CONTROL }));
  routes.get('/sitemap.xml', async (c) => {
    const { pages } = sitemapPlan(await sources.countListings(), size);
    return xml(c, pages > 1 ? sitemapIndex(originOf(c), pages) : urlsetStream(originOf(c), 1, size, sources));
  });
  routes.get('/:file{sitemap-[1-9][0-9]{0,5}\\.xml}', async (c) => {
    const page = Number(/\d+/.exec(c.req.param('file'))![0]);
    const { pages } = sitemapPlan(await sources.countListings(), size);
    if (page > pages) return c.text('Not found', 404);
    return xml(c, urlsetStream(originOf(c), page, size, sources));
  });
  return routes;
}
