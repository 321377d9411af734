import type { Category } from '../../db/generated/prisma/enums.ts';

// DECISIONS.md "One category list": slug, label and ticker of every category.
export const CATEGORIES: ReadonlyArray<{ slug: Category; label: string; ticker: string }> = [
  { slug: 'financial', label: 'Financial Data', ticker: 'FINX' },
  { slug: 'consumer', label: 'Consumer Behavior', ticker: 'CONS' },
  { slug: 'healthcare', label: 'Healthcare', ticker: 'HLTH' },
  { slug: 'social', label: 'Social Media', ticker: 'DATA' },
  { slug: 'ecommerce', label: 'E-commerce', ticker: 'DATA' },
  { slug: 'real_estate', label: 'Real Estate', ticker: 'DATA' },
  { slug: 'transportation', label: 'Transportation', ticker: 'DATA' },
  { slug: 'energy', label: 'Energy', ticker: 'DATA' },
  { slug: 'entertainment', label: 'Entertainment', ticker: 'DATA' },
  { slug: 'education', label: 'Education', ticker: 'DATA' },
  { slug: 'market', label: 'Market Data', ticker: 'DATA' },
  { slug: 'technology', label: 'Technology', ticker: 'DATA' },
  { slug: 'other', label: 'Other', ticker: 'DATA' },
];

const bySlug = new Map(CATEGORIES.map((c) => [c.slug, c]));

export function categoryInfo(slug: Category) {
  return bySlug.get(slug)!;
}

/** REST accepts the slug or the label in `category` (DECISIONS.md); undefined when neither. */
export function parseCategory(value: string): Category | undefined {
  const v = value.trim().toLowerCase();
  return CATEGORIES.find((c) => c.slug === v || c.label.toLowerCase() === v)?.slug;
}
