import { useCallback, useMemo } from 'react';
import { usePreloadedQuery } from 'react-relay';
import { useLoaderData, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { TickerSearch } from '../../../components/TickerSearch.tsx';
import type { ContractSort } from '../../../__generated__/TradingFloorContractsQuery.graphql.ts';
import type { TradingFloorQuery as TradingFloorQueryType } from '../../../__generated__/TradingFloorQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { FloorFilters, type FloorFilterValues } from './FloorFilters.tsx';
import { FloorHero } from './FloorHero.tsx';
import { FloorPositions } from './FloorPositions.tsx';
import { floorSearch, parseFloorParams, type FloorParams, type FloorView } from './floorParams.ts';
import { TradingFloorQuery, type TradingFloorLoaderData } from './TradingFloorQuery.ts';

const Floor = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 14px;
  align-items: start;

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 250px minmax(0, 1fr);
    gap: 18px;
  }
`;

// On a wide screen the header's search box serves the floor; below it, the floor has this one.
const PhoneSearch = styled(TickerSearch)`
  ${({ theme }) => theme.media.lg} {
    display: none;
  }
`;

const NO_FILTERS: FloorFilterValues = { category: null, minPrice: null, maxPrice: null, rating: null, freshness: [] };

/** '/': the trading floor. */
export function TradingFloor() {
  usePageTitle('Trading floor');
  const { query, contracts } = useLoaderData() as TradingFloorLoaderData;
  const data = usePreloadedQuery<TradingFloorQueryType>(TradingFloorQuery, query);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // the URL is the state (reload, back and shared links show the same floor)
  const params = useMemo(() => parseFloorParams(searchParams), [searchParams]);

  const go = useCallback(
    (changes: Partial<FloorParams>, opts: { scroll?: boolean } = {}) => {
      navigate({ pathname: '/', search: floorSearch({ ...params, ...changes }) }, { preventScrollReset: true });
      if (opts.scroll) document.getElementById('live-positions')?.scrollIntoView({ block: 'start' });
    },
    [navigate, params],
  );

  const applied: FloorFilterValues = {
    category: params.category,
    minPrice: params.minPrice,
    maxPrice: params.maxPrice,
    rating: params.rating,
    freshness: params.freshness,
  };

  return (
    <>
      <FloorHero marketStats={data.marketStats} />
      <Floor>
        <PhoneSearch value={params.search} onSearch={(search) => go({ search, page: 1 })} />
        <FloorFilters
          // a new URL state starts a fresh draft (back/forward, Reset, the empty state's Reset)
          key={JSON.stringify(applied)}
          categories={data.categories}
          applied={applied}
          onApply={(values) => go({ ...values, page: 1 })}
          onReset={() => go({ ...NO_FILTERS, page: 1 })}
        />
        <FloorPositions
          contracts={contracts}
          params={params}
          onSort={(sort: ContractSort) => go({ sort, page: 1 })}
          onView={(view: FloorView) => go({ view })}
          onPage={(page) => go({ page }, { scroll: true })}
          onReset={() => go({ ...NO_FILTERS, search: '', page: 1 })}
          onClearSearch={() => go({ search: '', page: 1 })}
        />
      </Floor>
    </>
  );
}
