import { describe, expect, it } from 'vitest';
import { hasFilters, marketSearch, marketVariables, PAGE_SIZE, parseMarketParams } from './marketParams.ts';

// The one browsing state of the floor and /browse (docs/decisions.md "One way to browse").

const parse = (query: string) => parseMarketParams(new URLSearchParams(query));

describe('parseMarketParams', () => {
  it('reads every filter, the sort, the page and the layout', () => {
    expect(parse('category=healthcare&minPrice=100&maxPrice=2000&rating=4&freshness=daily,weekly&sort=PRICE_LOW&page=2&view=list&search=%20equities%20')).toEqual({
      category: 'healthcare',
      minPrice: 100,
      maxPrice: 2000,
      rating: 4,
      freshness: ['daily', 'weekly'],
      search: 'equities',
      sort: 'PRICE_LOW',
      page: 2,
      view: 'list',
    });
  });

  it('falls back to the defaults on unknown or malformed values', () => {
    expect(parse('category=nope&minPrice=-3&maxPrice=x&rating=2&freshness=hourly&sort=CHEAP&page=0&view=table')).toEqual(parse(''));
    expect(parse('')).toMatchObject({ sort: 'MOST_RELEVANT', page: 1, view: 'grid', freshness: [] });
  });

  it('reads the sort slugs /browse once used, so old links keep their order', () => {
    expect(parse('sort=price-high').sort).toBe('PRICE_HIGH');
    expect(parse('sort=price-low').sort).toBe('PRICE_LOW');
    expect(parse('sort=newest').sort).toBe('NEWEST');
    expect(parse('sort=rating').sort).toBe('RATING');
    expect(parse('sort=popular').sort).toBe('POPULAR');
  });
});

describe('marketSearch', () => {
  it('leaves the defaults out, so plain pages stay plain, and round-trips the rest', () => {
    expect(marketSearch(parse(''))).toBe('');
    const query = '?search=equities&category=financial&minPrice=100&maxPrice=2000&rating=4&freshness=daily,weekly&sort=POPULAR&page=3&view=list';
    expect(marketSearch(parse(query.slice(1)))).toBe(query);
  });
});

describe('marketVariables', () => {
  it('asks for pages of 12, after the previous page', () => {
    expect(PAGE_SIZE).toBe(12);
    expect(marketVariables(parse('')).after).toBeNull();
    expect(marketVariables(parse('page=3'))).toMatchObject({ first: 12 });
    expect(marketVariables(parse('page=3')).after).not.toBeNull();
  });

  it('sends every filter, and reads a reversed price range the way it was meant', () => {
    expect(marketVariables(parse('category=energy&minPrice=900&maxPrice=100&rating=5&freshness=realtime&search=oil&sort=RATING'))).toMatchObject({
      filter: { category: 'energy', minPrice: '100.00', maxPrice: '900.00', minProviderRating: 5, freshness: ['realtime'], search: 'oil' },
      sort: 'RATING',
    });
  });

  it('knows when a filter is set', () => {
    expect(hasFilters(parse('sort=NEWEST&page=2&view=list'))).toBe(false);
    expect(hasFilters(parse('rating=3'))).toBe(true);
  });
});
