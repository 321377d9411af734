import { escapeHtml } from '../escape-html.ts';
import { contractPath, datasetDescription, datasetJsonLd, isIndexable, type PublicListing } from '../domain/market/seo.ts';

// The <head> the server writes into index.html for the pages search engines index
// (docs/decisions.md "Issue 28: found by search engines"): title, description, canonical URL,
// Open Graph and Twitter card tags, and on a contract's page its schema.org Dataset as JSON-LD.
// The titles are the ones the screens set themselves once they run (usePageTitle), so a visitor's
// tab reads the same before and after the scripts.

export const SITE_NAME = 'DATA PIT';
const DEFAULT_DESCRIPTION = 'DATA PIT: a marketplace for trading data sets, with escrow.';

/** What a page's head says. `path` is its canonical path; `index: false` asks crawlers to leave it out. */
export interface PageHead {
  title: string;
  description: string;
  path: string;
  index: boolean;
  ogType: 'website' | 'product';
  jsonLd?: Record<string, unknown>;
}

/** The heads of the public pages with fixed words (their screens: TradingFloor.tsx, Browse.tsx). */
const STATIC_PAGE_HEADS: Record<string, PageHead> = {
  '/': {
    title: `Trading floor · ${SITE_NAME}`,
    description: 'The data trading floor: verified providers list data sets as contracts. Bid, buy through escrow, and get your data by API key.',
    path: '/',
    index: true,
    ogType: 'website',
  },
  '/browse': {
    title: `Browse the marketplace · ${SITE_NAME}`,
    description: 'Every active data contract on DATA PIT: financial, consumer, healthcare, market and more. Open one to see its sample, bid or buy through escrow.',
    path: '/browse',
    index: true,
    ogType: 'website',
  },
};

export function staticPageHead(pathname: string): PageHead | null {
  return STATIC_PAGE_HEADS[pathname] ?? null;
}

/** Meta descriptions past this are cut by search engines anyway. */
const META_DESCRIPTION_MAX = 300;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** The head of a listing's page; a delisted one is not indexed (its page stays for its buyers): isIndexable. */
export function listingPageHead(listing: PublicListing, origin: string): PageHead {
  return {
    title: `${listing.title} · ${SITE_NAME}`,
    description: clip(datasetDescription(listing), META_DESCRIPTION_MAX),
    path: contractPath(listing.id),
    index: isIndexable(listing),
    ogType: 'product',
    jsonLd: datasetJsonLd(listing, { origin }),
  };
}

/** The head of a contract page nobody may see (unknown, pending, rejected): the site's, not indexed. */
export function unknownListingHead(pathname: string): PageHead {
  return { title: `Contract not found · ${SITE_NAME}`, description: DEFAULT_DESCRIPTION, path: pathname, index: false, ogType: 'website' };
}

/**
 * JSON inside a <script> element: `<` is written \u003c so no text of the data (a title with
 * `</script>` or `<!--`) can end the element or open a comment; U+2028/U+2029 are escaped too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The tags of a head, absolute URLs on `origin`. */
export function headTags(head: PageHead, origin: string): string {
  const url = `${origin}${head.path}`;
  const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.index ? '' : meta('name', 'robots', 'noindex'),
    head.index ? `<link rel="canonical" href="${escapeHtml(url)}" />` : '',
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    head.jsonLd ? `<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>` : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /\s*<meta name="description" content="[^"]*" \/>/;

/** index.html with its title and description replaced by `head`'s tags (where its <title> was). */
export function withPageHead(indexHtml: string, head: PageHead, origin: string): string {
  if (!TITLE.test(indexHtml)) return indexHtml;
  return indexHtml.replace(DESCRIPTION, '').replace(TITLE, () => headTags(head, origin));
}
