import type { Category, ContractFilter, ContractSort } from '../../../__generated__/BrowseContractsQuery.graphql.ts';

// /browse keeps its search, category, sort, price range and layout in the query string:
//   /browse?search=weather&category=energy&sort=price-high&minPrice=100&maxPrice=900&view=list

export const BROWSE_PAGE_SIZE = 12;

/** Sorts (their slugs are the URL values). */
export const BROWSE_SORTS = [
  { value: 'newest', label: 'Newest', sort: 'NEWEST' },
  { value: 'price-low', label: 'Price: Low to High', sort: 'PRICE_LOW' },
  { value: 'price-high', label: 'Price: High to Low', sort: 'PRICE_HIGH' },
  { value: 'rating', label: 'Highest Rated', sort: 'RATING' },
  { value: 'popular', label: 'Most Popular', sort: 'POPULAR' },
] as const satisfies readonly { value: string; label: string; sort: ContractSort }[];

export type BrowseSort = (typeof BROWSE_SORTS)[number]['value'];

/**
 * Browse categories, in the spec's order, then the three
 * listing categories the list leaves out.
 */
export const BROWSE_CATEGORIES: readonly Category[] = [
  'financial', 'consumer', 'social', 'ecommerce', 'healthcare', 'real_estate', 'transportation',
  'energy', 'entertainment', 'education', 'market', 'technology', 'other',
];

export type BrowseView = 'grid' | 'list';

export type BrowseParams = {
  search: string;
  category: Category | null;
  sort: BrowseSort;
  minPrice: number | null;
  maxPrice: number | null;
  view: BrowseView;
};

function price(value: string | null): number | null {
  if (value == null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

export function parseBrowseParams(params: URLSearchParams): BrowseParams {
  const category = params.get('category');
  const sort = params.get('sort');
  return {
    search: (params.get('search') ?? '').trim(),
    category: category && (BROWSE_CATEGORIES as readonly string[]).includes(category) ? (category as Category) : null,
    sort: BROWSE_SORTS.find((s) => s.value === sort)?.value ?? 'newest',
    minPrice: price(params.get('minPrice')),
    maxPrice: price(params.get('maxPrice')),
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

export function browseSearch(p: BrowseParams): string {
  const out = new URLSearchParams();
  if (p.search) out.set('search', p.search);
  if (p.category) out.set('category', p.category);
  if (p.sort !== 'newest') out.set('sort', p.sort);
  if (p.minPrice != null) out.set('minPrice', String(p.minPrice));
  if (p.maxPrice != null) out.set('maxPrice', String(p.maxPrice));
  if (p.view !== 'grid') out.set('view', p.view);
  const s = out.toString();
  return s ? `?${s}` : '';
}

export type BrowseVariables = { first: number; filter: ContractFilter; sort: ContractSort };

export function browseVariables(p: BrowseParams): BrowseVariables {
  const filter: ContractFilter = {};
  if (p.search) filter.search = p.search;
  if (p.category) filter.category = p.category;
  let { minPrice, maxPrice } = p;
  // a reversed range is read the way it was meant
  if (minPrice != null && maxPrice != null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  if (minPrice != null) filter.minPrice = minPrice.toFixed(2);
  if (maxPrice != null) filter.maxPrice = maxPrice.toFixed(2);
  return {
    first: BROWSE_PAGE_SIZE,
    filter,
    sort: BROWSE_SORTS.find((s) => s.value === p.sort)!.sort,
  };
}

export function hasBrowseFilters(p: BrowseParams): boolean {
  return Boolean(p.search || p.category || p.minPrice != null || p.maxPrice != null);
}
