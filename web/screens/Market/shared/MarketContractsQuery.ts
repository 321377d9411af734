import { graphql, type PreloadedQuery } from 'react-relay';
import type { ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { preloadQuery } from '../../../relay/preload.ts';
import type { MarketContractsQuery as MarketContractsQueryType } from '../../../__generated__/MarketContractsQuery.graphql.ts';
import { marketVariables, parseMarketParams } from './marketParams.ts';

/** One page of contracts, for the floor and /browse alike (offset cursors: the pager can jump to any page). */
export const MarketContractsQuery = graphql`
  query MarketContractsQuery($first: Int!, $after: String, $filter: ContractFilter, $sort: ContractSort) {
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

/** Starts the page of contracts the URL asks for; `key` keeps one live reference per route. */
export function preloadMarketContracts(key: string, request: Request): PreloadedQuery<MarketContractsQueryType> {
  const params = parseMarketParams(new URL(request.url).searchParams);
  return preloadQuery<MarketContractsQueryType>(key, MarketContractsQuery, marketVariables(params), { fetchPolicy: 'store-and-network' });
}

function withoutView(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('view');
  params.sort();
  return `${url.pathname}?${params.toString()}`;
}

/** The grid/list toggle only changes the layout: no need to load the page again. */
export function marketShouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  // an explicit revalidation (Retry) or a link to the very same URL loads again
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  if (withoutView(currentUrl) === withoutView(nextUrl)) return false;
  return defaultShouldRevalidate;
}
