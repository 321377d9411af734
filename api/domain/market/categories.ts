import type { Category } from '../../db/generated/prisma/enums.ts';

// One category list for the whole product: slug, label and ticker of every category. Each
// category has its own four-letter ticker, so a ticker names one sector on the floor and in search.
export const CATEGORIES: ReadonlyArray<{ slug: Category; label: string; ticker: string }> = [
  { slug: 'financial', label: 'Financial Data', ticker: 'FINX' },
  { slug: 'consumer', label: 'Consumer Behavior', ticker: 'CONS' },
  { slug: 'healthcare', label: 'Healthcare', ticker: 'HLTH' },
  { slug: 'social', label: 'Social Media', ticker: 'SOCL' },
  { slug: 'ecommerce', label: 'E-commerce', ticker: 'ECOM' },
  { slug: 'real_estate', label: 'Real Estate', ticker: 'REAL' },
  { slug: 'transportation', label: 'Transportation', ticker: 'TRAN' },
  { slug: 'energy', label: 'Energy', ticker: 'ENRG' },
  { slug: 'entertainment', label: 'Entertainment', ticker: 'ENTR' },
  { slug: 'education', label: 'Education', ticker: 'EDUC' },
  { slug: 'market', label: 'Market Data', ticker: 'MRKT' },
  { slug: 'technology', label: 'Technology', ticker: 'TECH' },
  { slug: 'other', label: 'Other', ticker: 'OTHR' },
];

const bySlug = new Map(CATEGORIES.map((c) => [c.slug, c]));

export function categoryInfo(slug: Category) {
  return bySlug.get(slug)!;
}

/** REST accepts the slug or the label in `category` (docs/decisions.md 'Paging'); undefined when neither. */
export function parseCategory(value: string): Category | undefined {
  const v = value.trim().toLowerCase();
  return CATEGORIES.find((c) => c.slug === v || c.label.toLowerCase() === v)?.slug;
}
