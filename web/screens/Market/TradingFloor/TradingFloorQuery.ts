import { graphql, type PreloadedQuery } from 'react-relay';
import type { ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { preloadQuery } from '../../../relay/preload.ts';
import type { TradingFloorContractsQuery as TradingFloorContractsQueryType } from '../../../__generated__/TradingFloorContractsQuery.graphql.ts';
import type { TradingFloorQuery as TradingFloorQueryType } from '../../../__generated__/TradingFloorQuery.graphql.ts';
import { floorVariables, parseFloorParams, type FloorParams } from './floorParams.ts';

/** What does not depend on the filters: the live figures of the hero and the sector list. */
export const TradingFloorQuery = graphql`
  query TradingFloorQuery {
    marketStats {
      ...FloorHero_marketStats
    }
    categories {
      ...FloorFilters_categories
    }
  }
`;

/** One page of LIVE POSITIONS (offset cursors: the pager can jump to any page). */
export const TradingFloorContractsQuery = graphql`
  query TradingFloorContractsQuery($first: Int!, $after: String, $filter: ContractFilter, $sort: ContractSort) {
    contracts(first: $first, after: $after, filter: $filter, sort: $sort) {
      totalCount
      totalCountIsExact
      edges {
        node {
          id
          ...ContractCard_contract
        }
      }
    }
  }
`;

export type TradingFloorLoaderData = {
  params: FloorParams;
  query: PreloadedQuery<TradingFloorQueryType>;
  contracts: PreloadedQuery<TradingFloorContractsQueryType>;
};

/** Route loader of '/': both queries start as the URL is matched. */
export function tradingFloorLoader({ request }: { request: Request }): TradingFloorLoaderData {
  const params = parseFloorParams(new URL(request.url).searchParams);
  return {
    params,
    // the figures come from the store once loaded: the ticker's subscription keeps them live
    query: preloadQuery<TradingFloorQueryType>('trading-floor', TradingFloorQuery, {}, { fetchPolicy: 'store-or-network' }),
    contracts: preloadQuery<TradingFloorContractsQueryType>('trading-floor-contracts', TradingFloorContractsQuery, floorVariables(params), {
      fetchPolicy: 'store-and-network',
    }),
  };
}

function withoutView(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('view');
  params.sort();
  return `${url.pathname}?${params.toString()}`;
}

/** The grid/list toggle only changes the layout: no need to load the page again. */
export function tradingFloorShouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  // an explicit revalidation (Retry) or a link to the very same URL loads again
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  if (withoutView(currentUrl) === withoutView(nextUrl)) return false;
  return defaultShouldRevalidate;
}
