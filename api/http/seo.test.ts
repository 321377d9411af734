import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { makeContract, makeUser } from '../test/market-fixtures.ts';
import { countSitemapListings, publicListing, sitemapListings } from '../domain/market/seo.ts';
import { listingFixture } from '../domain/market/seo.testbed.ts';
import { BOOT_HEAD_MARK } from './boot-head.ts';
import { crawlerRoutes, PRIVATE_PATHS, SITEMAP_MAX_URLS } from './crawlers.ts';
import { headTags, jsonForScript, listingPageHead } from './seo-head.ts';

// Issue 28, found by search engines (docs/decisions.md): the public pages answer crawlers with
// their head, a contract's page with its schema.org Dataset; robots.txt and the sitemap.

const ORIGIN = 'https://pit.example';

// ---- schema.org, as far as the Dataset of a listing uses it ---------------------------------
// Properties of each type (its own and those it inherits from Thing / CreativeWork / ...), from
// https://schema.org/Dataset, /DataDownload, /Offer, /Organization, /Place, /DataCatalog,
// /UnitPriceSpecification. A property outside its type's list is an error.
const THING = ['@type', '@id', 'name', 'description', 'url', 'identifier', 'sameAs', 'image', 'alternateName'];
const CREATIVE_WORK = [
  ...THING,
  'creator', 'publisher', 'provider', 'keywords', 'license', 'isAccessibleForFree', 'dateCreated', 'dateModified', 'datePublished',
  'temporalCoverage', 'spatialCoverage', 'offers', 'version', 'citation', 'funder', 'inLanguage', 'isBasedOn',
];
const SCHEMA: Record<string, { properties: string[]; required?: string[] }> = {
  Dataset: { properties: [...CREATIVE_WORK, '@context', 'distribution', 'includedInDataCatalog', 'variableMeasured', 'measurementTechnique', 'issn'], required: ['name', 'description'] },
  DataDownload: { properties: [...CREATIVE_WORK, 'encodingFormat', 'contentUrl', 'contentSize'], required: ['encodingFormat'] },
  DataCatalog: { properties: [...CREATIVE_WORK, 'dataset'], required: ['name'] },
  Offer: { properties: [...THING, 'price', 'priceCurrency', 'availability', 'priceSpecification', 'seller', 'validFrom'], required: ['price', 'priceCurrency'] },
  UnitPriceSpecification: { properties: [...THING, 'price', 'priceCurrency', 'unitCode', 'unitText', 'billingDuration'], required: ['price', 'priceCurrency'] },
  Organization: { properties: [...THING, 'logo', 'email'], required: ['name'] },
  Person: { properties: [...THING], required: ['name'] },
  Place: { properties: [...THING, 'geo', 'address'], required: ['name'] },
};
/** Properties whose values are typed objects, and the types they may be. */
const RANGES: Record<string, string[]> = {
  creator: ['Organization', 'Person'],
  distribution: ['DataDownload'],
  offers: ['Offer'],
  priceSpecification: ['UnitPriceSpecification'],
  spatialCoverage: ['Place'],
  includedInDataCatalog: ['DataCatalog'],
};
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** Every problem of a JSON-LD node against the vocabulary above (an empty list: valid). */
function schemaProblems(node: unknown, where = '$'): string[] {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return [`${where}: not an object`];
  const record = node as Record<string, unknown>;
  const type = record['@type'];
  if (typeof type !== 'string' || !SCHEMA[type]) return [`${where}: unknown @type ${String(type)}`];
  const problems: string[] = [];
  const spec = SCHEMA[type];
  for (const required of spec.required ?? []) if (record[required] === undefined || record[required] === '') problems.push(`${where}: ${type} lacks ${required}`);
  for (const [key, value] of Object.entries(record)) {
    if (!spec.properties.includes(key)) problems.push(`${where}.${key}: not a property of ${type}`);
    const range = RANGES[key];
    if (range) {
      for (const [i, item] of (Array.isArray(value) ? value : [value]).entries()) {
        const at = `${where}.${key}[${i}]`;
        const itemType = (item as { '@type'?: string })?.['@type'];
        if (!range.includes(itemType ?? '')) problems.push(`${at}: ${String(itemType)} is not one of ${range.join(', ')}`);
        else problems.push(...schemaProblems(item, at));
      }
    }
    if (key === 'price' && !(typeof value === 'string' && /^\d+(\.\d+)?$/.test(value))) problems.push(`${where}.price: ${String(value)} is not a plain decimal`);
    if (key === 'priceCurrency' && !(typeof value === 'string' && /^[A-Z]{3}$/.test(value))) problems.push(`${where}.priceCurrency: ${String(value)} is not ISO 4217`);
    if ((key === 'url' || key === 'contentUrl' || key === '@id') && !(typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value))) problems.push(`${where}.${key}: not an absolute URL`);
    if ((key === 'dateModified' || key === 'datePublished') && !(typeof value === 'string' && ISO_DATE.test(value))) problems.push(`${where}.${key}: not an ISO date`);
    if (key === 'availability' && !(typeof value === 'string' && value.startsWith('https://schema.org/'))) problems.push(`${where}.availability: not a schema.org ItemAvailability`);
    if (key === 'isAccessibleForFree' && typeof value !== 'boolean') problems.push(`${where}.isAccessibleForFree: not a boolean`);
    if (key === 'keywords' && !(Array.isArray(value) && value.every((k) => typeof k === 'string' && k))) problems.push(`${where}.keywords: not a list of words`);
  }
  if (type === 'Dataset') {
    if (record['@context'] !== 'https://schema.org') problems.push(`${where}: @context is not https://schema.org`);
    const description = String(record.description ?? '');
    // Google Dataset Search: 50 to 5,000 characters
    if (description.length < 50 || description.length > 5000) problems.push(`${where}.description: ${description.length} characters`);
  }
  return problems;
}

/** The JSON-LD blocks of a page, parsed as a crawler reads them. */
const jsonLdOf = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
const metaOf = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)" />`).exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('the Dataset of a listing', () => {
  it('is valid schema.org Dataset, with what Google Dataset Search reads', () => {
    const head = listingPageHead(listingFixture({ pricingModel: 'monthly_subscription' }), ORIGIN);
    expect(schemaProblems(head.jsonLd)).toEqual([]);
    expect(head.jsonLd).toMatchObject({
      name: 'Hourly Weather Observations',
      url: `${ORIGIN}/contract/0196c4a0-0000-7000-8000-000000000001`,
      creator: { '@type': 'Organization', name: 'Acme Weather' },
      keywords: ['Other', 'station_id', 'observed_at', 'temperature_c'],
      spatialCoverage: { '@type': 'Place', name: 'Europe' },
      distribution: [{ '@type': 'DataDownload', encodingFormat: 'text/csv', contentUrl: `${ORIGIN}/api/data/download/0196c4a0-0000-7000-8000-000000000001` }],
      offers: { '@type': 'Offer', price: '49.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock', priceSpecification: { unitCode: 'MONTH' } },
      isAccessibleForFree: false,
      dateModified: '2026-02-01T00:00:00.000Z',
    });
  });

  it('says what it does not know by leaving it out, and completes a short description', () => {
    const head = listingPageHead(listingFixture({ description: 'Ticks.', geographicCoverage: null, dataFormat: 'api', filesHere: false, dataFields: [] }), ORIGIN);
    expect(schemaProblems(head.jsonLd)).toEqual([]);
    expect(head.jsonLd).not.toHaveProperty('spatialCoverage');
    expect(head.jsonLd).not.toHaveProperty('temporalCoverage');
    expect(head.jsonLd).not.toHaveProperty('distribution');
    expect(head.jsonLd).not.toHaveProperty('variableMeasured');
    expect(head.jsonLd!.description).toMatch(/^Ticks\. Other data set \(API, updated hourly\) sold on DATA PIT\.$/);
  });

  it('a paused listing is out of stock and still indexed, a delisted one discontinued and not indexed', () => {
    const paused = listingPageHead(listingFixture({ status: 'paused' }), ORIGIN);
    expect(paused.jsonLd).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
    expect(paused.index).toBe(true);
    const delisted = listingPageHead(listingFixture({ status: 'delisted' }), ORIGIN);
    expect(delisted.index).toBe(false);
    expect(headTags(delisted, ORIGIN)).toContain('<meta name="robots" content="noindex" />');
    expect(headTags(delisted, ORIGIN)).not.toContain('rel="canonical"');
  });

  it('no title can end its script element or break out of an attribute', () => {
    const hostile = '</script><script>alert(1)</script><!-- "q" & \'s\' \u2028';
    const tags = headTags(listingPageHead(listingFixture({ title: hostile, description: hostile.repeat(3), dataFields: [hostile] }), ORIGIN), ORIGIN);
    expect(tags.match(/<script/g)).toHaveLength(1);
    expect(tags.match(/<\/script>/g)).toHaveLength(1);
    expect(tags).not.toContain('<!--');
    expect(tags).toContain('<title>&#60;/script&#62;&#60;script&#62;alert(1)');
    const [ld] = jsonLdOf(tags);
    expect(ld!.name).toBe(hostile);
    expect(jsonForScript({ a: '</script>' })).toBe('{"a":"\\u003c/script\\u003e"}');
  });
});

describe('the public pages served by the app', () => {
  let app: TestApp;
  let staticDir: string;
  let active: { id: string };
  let hostile: { id: string };
  let pending: { id: string };
  let delisted: { id: string };
  beforeAll(async () => {
    // index.html as the build writes it: its title and description, the boot frame's mark
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seo-static-'));
    fs.writeFileSync(
      path.join(staticDir, 'index.html'),
      `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="description" content="DATA PIT: a marketplace for trading data sets, with escrow." />\n    <title>DATA PIT — The Data Trading Floor</title>\n  </head>\n  <body><div id="root"><div class="boot-body">${BOOT_HEAD_MARK}</div></div></body>\n</html>\n`,
    );
    app = await startTestApp('pglite', { STATIC_DIR: staticDir, PUBLIC_URL: ORIGIN });
    const db = app.database.prisma;
    const provider = await makeUser(db, 'seo-provider');
    await db.contract.deleteMany({});
    active = await makeContract(db, provider.id, { title: 'Open Tape', category: 'market', price: '10.50', dataFields: ['symbol', 'price'] });
    hostile = await makeContract(db, provider.id, { title: '</script><script>alert("x")</script>', category: 'other', price: '1.00' });
    pending = await makeContract(db, provider.id, { title: 'Secret Pending', category: 'other', price: '10.00', status: 'pending_review' });
    delisted = await makeContract(db, provider.id, { title: 'Gone For Good', category: 'other', price: '10.00' });
    await db.contract.update({ where: { id: delisted.id }, data: { status: 'delisted' } });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });
  const page = async (p: string) => {
    const res = await app.fetch(p);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    return res.text();
  };

  it.each([
    ['/', 'Trading floor · DATA PIT'],
    ['/browse', 'Browse the marketplace · DATA PIT'],
  ])('%s has its title, description, canonical URL and social cards', async (p, title) => {
    const html = await page(p);
    expect(titleOf(html)).toBe(title);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(metaOf(html, 'name', 'description')!.length).toBeGreaterThan(50);
    expect(canonicalOf(html)).toBe(`${ORIGIN}${p}`);
    expect(metaOf(html, 'property', 'og:url')).toBe(`${ORIGIN}${p}`);
    expect(metaOf(html, 'property', 'og:title')).toBe(title);
    expect(metaOf(html, 'property', 'og:type')).toBe('website');
    expect(metaOf(html, 'property', 'og:site_name')).toBe('DATA PIT');
    expect(metaOf(html, 'name', 'twitter:card')).toBe('summary');
    expect(html).not.toContain('noindex');
    expect(jsonLdOf(html)).toEqual([]);
  });

  it("a contract's page carries its schema.org Dataset", async () => {
    const html = await page(`/contract/${active.id}`);
    expect(titleOf(html)).toBe('Open Tape · DATA PIT');
    expect(canonicalOf(html)).toBe(`${ORIGIN}/contract/${active.id}`);
    expect(metaOf(html, 'property', 'og:type')).toBe('product');
    const blocks = jsonLdOf(html);
    expect(blocks).toHaveLength(1);
    expect(schemaProblems(blocks[0])).toEqual([]);
    expect(blocks[0]).toMatchObject({
      '@type': 'Dataset',
      name: 'Open Tape',
      creator: { name: 'seo-provider' },
      keywords: ['Market Data', 'symbol', 'price'],
      offers: { price: '10.50', priceCurrency: 'USD' },
      isAccessibleForFree: false,
    });
    // the boot frame still names the page
    expect(html).toContain('<h1 class="boot-title">Open Tape</h1>');
  });

  it('a hostile title stays text, in the head and in the JSON-LD', async () => {
    const html = await page(`/contract/${hostile.id}`);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(jsonLdOf(html)[0]!.name).toBe('</script><script>alert("x")</script>');
    expect(titleOf(html)).toBe('&#60;/script&#62;&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; · DATA PIT');
  });

  it('an unknown or private contract gets the site head, not indexed; a delisted one is not indexed', async () => {
    for (const id of [pending.id, '01a18bf3-cdc4-7de2-b096-8250beba70c6', 'not-an-id']) {
      const html = await page(`/contract/${id}`);
      expect(html).not.toContain('Secret Pending');
      expect(metaOf(html, 'name', 'robots')).toBe('noindex');
      expect(canonicalOf(html)).toBeUndefined();
      expect(jsonLdOf(html)).toEqual([]);
    }
    const gone = await page(`/contract/${delisted.id}`);
    expect(titleOf(gone)).toBe('Gone For Good · DATA PIT');
    expect(metaOf(gone, 'name', 'robots')).toBe('noindex');
  });

  it('reads a listing the public may see, and nothing else', async () => {
    const db = app.database.prisma;
    expect((await publicListing(db, active.id))?.title).toBe('Open Tape');
    expect(await publicListing(db, pending.id)).toBeNull();
    expect(await publicListing(db, 'not-an-id\u0000')).toBeNull();
  });

  it('/robots.txt keeps crawlers out of the private routes and names the sitemap', async () => {
    const res = await app.fetch('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const p of ['/api/', '/graphql', '/dashboard', '/admin-', '/my-data', '/payment', '/earnings', '/messaging']) expect(text).toContain(`Disallow: ${p}\n`);
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    // the public pages are not caught by a rule (robots rules are path prefixes)
    for (const p of ['/', '/browse', `/contract/${active.id}`]) expect(PRIVATE_PATHS.some((rule) => p.startsWith(rule))).toBe(false);
  });

  it('/sitemap.xml lists the floor, the marketplace and the active listings', async () => {
    const res = await app.fetch('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([`${ORIGIN}/`, `${ORIGIN}/browse`, `${ORIGIN}/contract/${active.id}`, `${ORIGIN}/contract/${hostile.id}`]);
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    expect((await app.fetch('/sitemap-2.xml')).status).toBe(404);
  });

  it('pages past the limit of one file: an index of files, each within the limit, every listing once', async () => {
    const db = app.database.prisma;
    const provider = await makeUser(db, 'seo-many');
    for (let i = 0; i < 9; i++) await makeContract(db, provider.id, { title: `Bulk ${i}`, category: 'other', price: '2.00', createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) });
    const expected = (await db.contract.findMany({ where: { status: 'active' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: { id: true } })).map((c) => `${ORIGIN}/contract/${c.id}`);
    expect(expected).toHaveLength(11);
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    // 2 fixed pages + 11 listings, 4 to a file (read 3 at a time): 4 files
    const routes = crawlerRoutes({
      countListings: () => countSitemapListings(db),
      listings: (range) => sitemapListings(db, { ...range, chunk: 3 }),
      publicUrl: ORIGIN,
      pageSize: 4,
    });
    const crawler = new Hono().route('/', routes);
    const index = await (await crawler.request('/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    expect(files).toEqual([1, 2, 3, 4].map((n) => `${ORIGIN}/sitemap-${n}.xml`));
    const all: string[] = [];
    for (const file of files) {
      const res = await crawler.request(new URL(file).pathname, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      const xml = zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
      const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
      expect(locs.length).toBeLessThanOrEqual(4);
      all.push(...locs);
    }
    expect(all).toEqual([`${ORIGIN}/`, `${ORIGIN}/browse`, ...expected]);
    expect((await crawler.request('/sitemap-5.xml')).status).toBe(404);
    expect((await crawler.request('/sitemap-0.xml')).status).toBe(404);
  });
});

describe('robots.txt and the web routes', () => {
  it('every route of web/routes.tsx is public or disallowed', () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, '../../web/routes.tsx'), 'utf8');
    const paths = [...source.matchAll(/path: '([^']+)'/g)].map((m) => `/${m[1]}`);
    expect(paths.length).toBeGreaterThan(20);
    // the pages people and crawlers land on; /landing is the floor's alternative start page
    const PUBLIC = ['/browse', '/contract/:id', '/landing', '/*'];
    const unclassified = paths.filter((p) => !PUBLIC.includes(p) && !PRIVATE_PATHS.some((rule) => p.startsWith(rule) || `${p}/`.startsWith(rule)));
    expect(unclassified).toEqual([]);
  });
});
