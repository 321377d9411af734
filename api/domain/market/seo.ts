import type { Db } from '../../db/database.ts';
import { isRecordId } from '../../db/ids.ts';
import type { ContractStatus, DataFormat, PricingModel, UpdateFrequency } from '../../db/generated/prisma/enums.ts';
import { canSeeContract } from '../policies.ts';
import { categoryInfo } from './categories.ts';
import { providerPath, publicProviderWhere } from './provider-profile.ts';

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
  /** `username` when the provider has a public profile (api/domain/market/provider-profile.ts), else null. */
  provider: { name: string; username: string | null };
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
      provider: { select: { name: true, username: true, deletedAt: true, dueDiligenceStatus: true } },
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
    provider: {
      name: c.provider.deletedAt ? 'DATA PIT provider' : c.provider.name,
      // the profile page exists for an approved provider, or one selling (publicProviderWhere)
      username: !c.provider.deletedAt && (c.provider.dueDiligenceStatus === 'approved' || c.status === 'active') ? c.provider.username : null,
    },
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
    creator: {
      '@type': 'Organization',
      name: listing.provider.name,
      ...(listing.provider.username === null ? {} : { url: `${origin}${providerPath(listing.provider.username)}` }),
    },
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
  yield* keysetChunks({ skip, limit, chunk }, (page) =>
    db.contract.findMany({ where: { status: 'active' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: { id: true, updatedAt: true }, ...page }),
  );
}

/** The arguments of one chunk's read: its size, and where it starts (a place, then the last id read). */
type ChunkPage = { take: number; skip: number; cursor?: { id: string } };

/**
 * Rows from the `skip`-th on, `limit` of them, read `chunk` at a time by `read`: the first chunk
 * found by its place, each next one by the id of the last row read (keyset), so no read holds
 * 50,000 rows.
 */
async function* keysetChunks<Row extends { id: string }>(
  { skip, limit, chunk }: { skip: number; limit: number; chunk: number },
  read: (page: ChunkPage) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  let left = limit;
  let after: string | undefined;
  while (left > 0) {
    const take = Math.min(chunk, left);
    const rows = await read(after === undefined ? { take, skip } : { take, cursor: { id: after }, skip: 1 });
    if (rows.length) yield rows;
    if (rows.length < take) return;
    left -= rows.length;
    after = rows[rows.length - 1]!.id;
  }
}

/** A provider's public profile as its page and its ProfilePage describe it (only what the page shows). */
export interface PublicProvider {
  username: string;
  name: string;
  /** An absolute http(s) address, or a path on this site (an uploaded picture), or null. */
  profileImage: string | null;
  isVerified: boolean;
  memberSince: Date;
  /** Two decimals ("4.50"), null until the first review. */
  rating: string | null;
  reviewCount: number;
  completedSales: number;
  activeListings: number;
}

/** The provider's public profile (api/domain/market/provider-profile.ts says who has one), or null. */
export async function publicProvider(db: Db, username: string): Promise<PublicProvider | null> {
  const u = await db.user.findFirst({
    where: publicProviderWhere(username),
    select: {
      username: true,
      name: true,
      profileImage: true,
      dueDiligenceStatus: true,
      createdAt: true,
      rating: true,
      reviewCount: true,
      completedSales: true,
      _count: { select: { contracts: { where: { status: 'active' } } } },
    },
  });
  if (!u) return null;
  return {
    username: u.username,
    name: u.name,
    profileImage: u.profileImage?.trim() || null,
    isVerified: u.dueDiligenceStatus === 'approved',
    memberSince: u.createdAt,
    rating: u.rating === null ? null : u.rating.toFixed(2),
    reviewCount: u.reviewCount,
    completedSales: u.completedSales,
    activeListings: u._count.contracts,
  };
}

/** The image of a profile as an absolute URL: an uploaded picture is a path on this site. */
function absoluteImage(image: string | null, origin: string): string | null {
  if (!image) return null;
  if (/^https?:\/\/[^\s]+$/.test(image)) return image;
  return image.startsWith('/') && !image.startsWith('//') ? `${origin}${image}` : null;
}

/** What a provider's profile says in a sentence: its meta description. */
export function providerDescription(p: PublicProvider): string {
  const facts = [
    p.isVerified ? 'Verified data provider' : 'Data provider',
    `${p.activeListings} ${p.activeListings === 1 ? 'data set' : 'data sets'} on sale`,
    p.rating === null ? 'no reviews yet' : `rated ${p.rating} from ${p.reviewCount} ${p.reviewCount === 1 ? 'review' : 'reviews'}`,
    `${p.completedSales} completed ${p.completedSales === 1 ? 'sale' : 'sales'}`,
    `member since ${p.memberSince.getUTCFullYear()}`,
  ];
  return `${p.name} on DATA PIT: ${facts.join(', ')}.`;
}

/**
 * The schema.org ProfilePage of a provider's page (https://developers.google.com/search/docs/appearance/structured-data/profile-page):
 * its main entity the provider as an Organization (a provider sells as a business), with its
 * name, handle, page and picture.
 */
export function profilePageJsonLd(p: PublicProvider, { origin }: SiteUrls): Record<string, unknown> {
  const url = `${origin}${providerPath(p.username)}`;
  const image = absoluteImage(p.profileImage, origin);
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    '@id': url,
    url,
    name: `${p.name} on DATA PIT`,
    dateCreated: p.memberSince.toISOString(),
    mainEntity: {
      '@type': 'Organization',
      name: p.name,
      alternateName: p.username,
      identifier: p.username,
      url,
      description: providerDescription(p),
      ...(image ? { image } : {}),
    },
  };
}

/** A provider's profile in the sitemap. */
export interface SitemapProvider {
  id: string;
  username: string;
}

/** Who is in the sitemap: providers with an active listing (an account deleted has none left on sale). */
const SITEMAP_PROVIDERS = { deletedAt: null, contracts: { some: { status: 'active' } } } as const;

/** How many provider profiles /sitemap.xml names. */
export const countSitemapProviders = (db: Db) => db.user.count({ where: SITEMAP_PROVIDERS });

/** The providers of the sitemap from the `skip`-th on, by id, `limit` of them, `chunk` at a time (keyset, as sitemapListings). */
export async function* sitemapProviders(db: Db, { skip, limit, chunk = 1000 }: { skip: number; limit: number; chunk?: number }): AsyncGenerator<SitemapProvider[]> {
  yield* keysetChunks({ skip, limit, chunk }, (page) =>
    db.user.findMany({ where: SITEMAP_PROVIDERS, orderBy: { id: 'asc' }, select: { id: true, username: true }, ...page }),
  );
}
