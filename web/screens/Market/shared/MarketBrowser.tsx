import { useCallback, useMemo } from 'react';
import type { PreloadedQuery } from 'react-relay';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { TickerSearch } from '../../../components/TickerSearch.tsx';
import type { MarketContractsQuery } from '../../../__generated__/MarketContractsQuery.graphql.ts';
import type { MarketFilters_categories$key } from '../../../__generated__/MarketFilters_categories.graphql.ts';
import { MarketFilters, type MarketFiltersLayout, type MarketFilterValues } from './MarketFilters.tsx';
import { marketSearch, parseMarketParams, type MarketParams } from './marketParams.ts';
import { MarketResults } from './MarketResults.tsx';

const Frame = styled.div<{ $layout: MarketFiltersLayout }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 14px;
  align-items: start;

  ${({ theme, $layout }) =>
    $layout === 'sidebar' &&
    css`
      ${theme.media.lg} {
        grid-template-columns: 250px minmax(0, 1fr);
        gap: 18px;
      }
    `}
`;

// On a wide screen the header's search box serves the market; below it, the page has this one.
const PhoneSearch = styled(TickerSearch)`
  ${({ theme }) => theme.media.lg} {
    display: none;
  }
`;

const NO_FILTERS: MarketFilterValues = { category: null, minPrice: null, maxPrice: null, rating: null, freshness: [] };

export type MarketBrowserProps = {
  categories: MarketFilters_categories$key;
  contracts: PreloadedQuery<MarketContractsQuery>;
  /** the floor's filters stand beside the results, /browse's above them; they behave the same */
  layout: MarketFiltersLayout;
};

/**
 * Browsing the market, the one way the floor and /browse share (docs/decisions.md "One way to
 * browse"): search, filters applied with Apply, sort, grid/list and pages of 12, all in the URL of
 * the page the visitor is on.
 */
export function MarketBrowser({ categories, contracts, layout }: MarketBrowserProps) {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // the URL is the state (reload, back and shared links show the same results)
  const params = useMemo(() => parseMarketParams(searchParams), [searchParams]);

  const go = useCallback(
    (changes: Partial<MarketParams>, opts: { scroll?: boolean } = {}) => {
      navigate({ pathname, search: marketSearch({ ...params, ...changes }) }, { preventScrollReset: true });
      if (opts.scroll) document.getElementById('live-positions')?.scrollIntoView({ block: 'start' });
    },
    [navigate, pathname, params],
  );

  const applied: MarketFilterValues = {
    category: params.category,
    minPrice: params.minPrice,
    maxPrice: params.maxPrice,
    rating: params.rating,
    freshness: params.freshness,
  };

  return (
    <Frame $layout={layout}>
      <PhoneSearch value={params.search} onSearch={(search) => go({ search, page: 1 })} />
      <MarketFilters
        // a new URL state starts a fresh draft (back/forward, Reset, the empty state's Reset)
        key={JSON.stringify(applied)}
        layout={layout}
        categories={categories}
        applied={applied}
        onApply={(values) => go({ ...values, page: 1 })}
        onReset={() => go({ ...NO_FILTERS, page: 1 })}
      />
      <MarketResults
        contracts={contracts}
        params={params}
        columns={layout === 'sidebar' ? 'narrow' : 'wide'}
        onSort={(sort) => go({ sort, page: 1 })}
        onView={(view) => go({ view })}
        onPage={(page) => go({ page }, { scroll: true })}
        onReset={() => go({ ...NO_FILTERS, search: '', page: 1 })}
        onClearSearch={() => go({ search: '', page: 1 })}
      />
    </Frame>
  );
}

// Other market screens that list cards (a provider's profile) take them from here: they then load
// the floor's chunk as it is, instead of splitting the cards out of it into a chunk of their own,
// which would add to what '/' loads (npm run budget:js).
export { ContractCard } from './ContractCard.tsx';
export { ContractList } from './ContractList.tsx';
