import type { Category, ContractFilter, ContractSort, UpdateFrequency } from '../../../__generated__/MarketContractsQuery.graphql.ts';
import { offsetToCursor } from '../../../relay/cursors.ts';

// How the market is browsed, on the floor ('/') and on /browse alike (docs/decisions.md "One way
// to browse"): the filters, sort, page and layout live in the URL query string, so reload,
// back/forward and shared links show the same results:
//   /browse?category=healthcare&minPrice=100&maxPrice=2000&rating=4&freshness=daily,weekly
//     &sort=PRICE_LOW&page=2&view=list&search=equities

/** 12 fills whole rows of the 2-, 3- and 4-column grids. */
export const PAGE_SIZE = 12;
export const PRICE_MIN = 0;
export const PRICE_MAX = 5000;
export const PRICE_STEP = 50;

export const CATEGORIES: readonly Category[] = [
  'financial', 'consumer', 'healthcare', 'social', 'ecommerce', 'real_estate', 'transportation',
  'energy', 'entertainment', 'education', 'market', 'technology', 'other',
];

/** Sort choices, in the spec's order. */
export const SORTS: readonly { value: ContractSort; label: string }[] = [
  { value: 'MOST_RELEVANT', label: 'Most relevant' },
  { value: 'NEWEST', label: 'Newest' },
  { value: 'PRICE_LOW', label: 'Price: low to high' },
  { value: 'PRICE_HIGH', label: 'Price: high to low' },
  { value: 'RATING', label: 'Highest rated' },
  { value: 'POPULAR', label: 'Most popular' },
];

/** The sort slugs /browse once used, so old links keep their order. */
const LEGACY_SORTS: Record<string, ContractSort> = {
  newest: 'NEWEST',
  'price-low': 'PRICE_LOW',
  'price-high': 'PRICE_HIGH',
  rating: 'RATING',
  popular: 'POPULAR',
};

/** provider rating choices -> minProviderRating */
export const RATINGS: readonly { value: 5 | 4 | 3; label: string }[] = [
  { value: 5, label: '5.0 (Premium)' },
  { value: 4, label: '4.0+ (Excellent)' },
  { value: 3, label: '3.0+ (Good)' },
];

/** data freshness options */
export const FRESHNESS: readonly UpdateFrequency[] = ['realtime', 'daily', 'weekly', 'monthly'];

export type MarketView = 'grid' | 'list';

export type MarketParams = {
  category: Category | null;
  minPrice: number | null;
  maxPrice: number | null;
  rating: 5 | 4 | 3 | null;
  freshness: UpdateFrequency[];
  search: string;
  sort: ContractSort;
  /** 1-based */
  page: number;
  view: MarketView;
};

function price(value: string | null): number | null {
  if (value == null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Reads the browsing state from the query string; unknown or malformed values fall back to defaults. */
export function parseMarketParams(params: URLSearchParams): MarketParams {
  const category = params.get('category');
  const rating = Number(params.get('rating'));
  const sort = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const freshness = (params.get('freshness') ?? '')
    .split(',')
    .filter((f): f is UpdateFrequency => (FRESHNESS as readonly string[]).includes(f));
  return {
    category: category && (CATEGORIES as readonly string[]).includes(category) ? (category as Category) : null,
    minPrice: price(params.get('minPrice')),
    maxPrice: price(params.get('maxPrice')),
    rating: rating === 5 || rating === 4 || rating === 3 ? rating : null,
    freshness: [...new Set(freshness)],
    search: (params.get('search') ?? '').trim(),
    sort: SORTS.some((s) => s.value === sort) ? (sort as ContractSort) : (LEGACY_SORTS[sort ?? ''] ?? 'MOST_RELEVANT'),
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** The query string of a browsing state; defaults are left out so plain '/' and '/browse' stay plain. */
export function marketSearch(p: MarketParams): string {
  const out = new URLSearchParams();
  if (p.search) out.set('search', p.search);
  if (p.category) out.set('category', p.category);
  if (p.minPrice != null) out.set('minPrice', String(p.minPrice));
  if (p.maxPrice != null) out.set('maxPrice', String(p.maxPrice));
  if (p.rating != null) out.set('rating', String(p.rating));
  if (p.freshness.length) out.set('freshness', p.freshness.join(','));
  if (p.sort !== 'MOST_RELEVANT') out.set('sort', p.sort);
  if (p.page > 1) out.set('page', String(p.page));
  if (p.view !== 'grid') out.set('view', p.view);
  const s = out.toString().replace(/%2C/g, ',');
  return s ? `?${s}` : '';
}

export type MarketVariables = {
  first: number;
  after: string | null;
  filter: ContractFilter;
  sort: ContractSort;
};

/** The contracts query's variables: every filter of the URL takes effect. */
export function marketVariables(p: MarketParams): MarketVariables {
  const filter: ContractFilter = {};
  if (p.category) filter.category = p.category;
  let { minPrice, maxPrice } = p;
  // a reversed range (typed into an old link) is read the way it was meant
  if (minPrice != null && maxPrice != null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  if (minPrice != null) filter.minPrice = minPrice.toFixed(2);
  if (maxPrice != null) filter.maxPrice = maxPrice.toFixed(2);
  if (p.rating != null) filter.minProviderRating = p.rating;
  if (p.freshness.length) filter.freshness = p.freshness;
  if (p.search) filter.search = p.search;
  return {
    first: PAGE_SIZE,
    // a page starts after the previous one's last item
    after: p.page > 1 ? offsetToCursor((p.page - 1) * PAGE_SIZE - 1) : null,
    filter,
    sort: p.sort,
  };
}

/** Whether any filter (not sort, page or layout) is set. */
export function hasFilters(p: MarketParams): boolean {
  return Boolean(p.category || p.minPrice != null || p.maxPrice != null || p.rating != null || p.freshness.length || p.search);
}
