import type { Db } from '../../db/database.ts';
import { isRecordId } from '../../db/ids.ts';
import type { ContractStatus, DataFormat, PricingModel, UpdateFrequency } from '../../db/generated/prisma/enums.ts';
import { canSeeContract } from '../policies.ts';
import { categoryInfo } from './categories.ts';

// What search engines are told about the public listings (docs/decisions.md "Issue 28: found by
// search engines"): a contract page's schema.org Dataset, and the listings of /sitemap.xml. Only
// what anyone may see on the page itself: no file address, no bidder, no provider's email.

/** The currency of every price on DATA PIT (web/format/format.ts shows them as USD). */
export const PRICE_CURRENCY = 'USD';

/** A listing the public may see, as its page and its Dataset describe it. */
export interface PublicListing {
  id: string;
  title: string;
  description: string;
  status: ContractStatus;
  categoryLabel: string;
  dataFields: string[];
  dataFormat: DataFormat;
  /** Whether buyers get a file here (else the provider's own link). */
  filesHere: boolean;
  geographicCoverage: string | null;
  updateFrequency: UpdateFrequency;
  pricingModel: PricingModel;
  /** The list price, two decimals ("49.00"). */
  price: string;
  createdAt: Date;
  publishedAt: Date;
  updatedAt: Date;
  provider: { name: string };
}

/**
 * Whether a listing's page is offered to search engines: an active one, and a paused one (a pause
 * is for a while: dropping the page from the index would lose it for longer); a delisted one is
 * visible to its buyers but not indexed. The sitemap names the active ones only.
 */
export const isIndexable = (listing: Pick<PublicListing, 'status'>) => listing.status === 'active' || listing.status === 'paused';

/**
 * The page of a listing anyone may see, in one read by primary key (its provider's name joined);
 * null for an unknown id or a listing the public does not see (pending, rejected, inactive).
 */
export async function publicListing(db: Db, id: string): Promise<PublicListing | null> {
  if (!isRecordId(id)) return null;
  const c = await db.contract.findUnique({
    where: { id },
    select: {
      id: true,
      title: true,
      description: true,
      status: true,
      providerId: true,
      category: true,
      dataFields: true,
      dataFormat: true,
      dataAccessType: true,
      geographicCoverage: true,
      updateFrequency: true,
      pricingModel: true,
      price: true,
      createdAt: true,
      reviewedAt: true,
      updatedAt: true,
      provider: { select: { name: true, deletedAt: true } },
    },
  });
  if (!c || !canSeeContract(null, c)) return null;
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    status: c.status,
    categoryLabel: categoryInfo(c.category).label,
    dataFields: c.dataFields,
    dataFormat: c.dataFormat,
    filesHere: c.dataAccessType !== 'external_link',
    geographicCoverage: c.geographicCoverage?.trim() || null,
    updateFrequency: c.updateFrequency,
    pricingModel: c.pricingModel,
    price: c.price.toFixed(2),
    createdAt: c.createdAt,
    publishedAt: c.reviewedAt ?? c.createdAt,
    updatedAt: c.updatedAt,
    // an account deleted stays as an anonymised row: no name to publish
    provider: { name: c.provider.deletedAt ? 'DATA PIT provider' : c.provider.name },
  };
}

/** The media type of each format a listing declares; api, database and other name none. */
const ENCODING_FORMATS: Partial<Record<DataFormat, string>> = { json: 'application/json', csv: 'text/csv', xml: 'application/xml' };

const AVAILABILITY: Partial<Record<ContractStatus, string>> = {
  active: 'https://schema.org/InStock',
  paused: 'https://schema.org/OutOfStock',
  delisted: 'https://schema.org/Discontinued',
};

const BILLING_UNIT: Record<PricingModel, string | null> = { one_time: null, monthly_subscription: 'MONTH', annual_subscription: 'ANN' };

/** Google Dataset Search asks descriptions of 50 to 5,000 characters. */
const DESCRIPTION_MIN = 50;
const DESCRIPTION_MAX = 5000;

/** The listing's description as a Dataset's: a short one is completed with what the listing is, a long one cut. */
export function datasetDescription(listing: PublicListing): string {
  let text = listing.description.trim().replace(/\s+/g, ' ');
  if (text.length < DESCRIPTION_MIN) {
    const what = `${listing.categoryLabel} data set (${listing.dataFormat.toUpperCase()}, updated ${listing.updateFrequency.replace('_', ' ')}) sold on DATA PIT.`;
    text = text ? `${text.replace(/[.\s]*$/, '')}. ${what}` : what;
  }
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;
}

/** Where the Dataset's links point: the site's origin (no trailing slash). */
export interface SiteUrls {
  origin: string;
}

export const contractPath = (id: string) => `/contract/${encodeURIComponent(id)}`;

/**
 * The schema.org Dataset of a listing's page, as Google Dataset Search reads it
 * (https://developers.google.com/search/docs/appearance/structured-data/dataset): name and
 * description, its creator, keywords from its category and fields, spatial coverage when the
 * listing names it, its format as a DataDownload, the price as an Offer, never free.
 */
export function datasetJsonLd(listing: PublicListing, { origin }: SiteUrls): Record<string, unknown> {
  const url = `${origin}${contractPath(listing.id)}`;
  const fields = [...new Set(listing.dataFields.map((f) => f.trim()).filter(Boolean))].slice(0, 50);
  const encodingFormat = ENCODING_FORMATS[listing.dataFormat];
  const unit = BILLING_UNIT[listing.pricingModel];
  const offer: Record<string, unknown> = {
    '@type': 'Offer',
    price: listing.price,
    priceCurrency: PRICE_CURRENCY,
    availability: AVAILABILITY[listing.status] ?? 'https://schema.org/Discontinued',
    url,
  };
  if (unit) offer.priceSpecification = { '@type': 'UnitPriceSpecification', price: listing.price, priceCurrency: PRICE_CURRENCY, unitCode: unit };
  const dataset: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    '@id': url,
    name: listing.title,
    description: datasetDescription(listing),
    url,
    identifier: listing.id,
    creator: { '@type': 'Organization', name: listing.provider.name },
    keywords: [listing.categoryLabel, ...fields],
    isAccessibleForFree: false,
    datePublished: listing.publishedAt.toISOString(),
    dateModified: listing.updatedAt.toISOString(),
    includedInDataCatalog: { '@type': 'DataCatalog', name: 'DATA PIT', url: `${origin}/browse` },
    offers: offer,
  };
  if (fields.length) dataset.variableMeasured = fields;
  if (listing.geographicCoverage) dataset.spatialCoverage = { '@type': 'Place', name: listing.geographicCoverage };
  if (encodingFormat) {
    // the file is served to buyers only (by API key): the address is named, not open
    dataset.distribution = [
      {
        '@type': 'DataDownload',
        encodingFormat,
        ...(listing.filesHere ? { contentUrl: `${origin}/api/data/download/${encodeURIComponent(listing.id)}` } : {}),
      },
    ];
  }
  return dataset;
}

/** A listing in the sitemap: its page and when it last changed. */
export interface SitemapListing {
  id: string;
  updatedAt: Date;
}

/** How many listings /sitemap.xml names (the active ones). */
export const countSitemapListings = (db: Db) => db.contract.count({ where: { status: 'active' } });

/**
 * The active listings from the `skip`-th on, oldest first, `limit` of them, read `chunk` at a
 * time: the first chunk is found by its place, each next one by the key of the last row read
 * (keyset on (createdAt, id), the order of the status index), so no read holds 50,000 rows.
 */
export async function* sitemapListings(db: Db, { skip, limit, chunk = 1000 }: { skip: number; limit: number; chunk?: number }): AsyncGenerator<SitemapListing[]> {
  let left = limit;
  let after: string | undefined;
  while (left > 0) {
    const take = Math.min(chunk, left);
    const rows = await db.contract.findMany({
      where: { status: 'active' },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true, updatedAt: true },
      take,
      ...(after === undefined ? { skip } : { cursor: { id: after }, skip: 1 }),
    });
    if (rows.length) yield rows;
    if (rows.length < take) return;
    left -= rows.length;
    after = rows[rows.length - 1]!.id;
  }
}
