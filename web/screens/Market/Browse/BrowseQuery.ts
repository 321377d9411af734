import { graphql, type PreloadedQuery } from 'react-relay';
import type { ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { preloadQuery } from '../../../relay/preload.ts';
import type { BrowseContractsQuery as BrowseContractsQueryType } from '../../../__generated__/BrowseContractsQuery.graphql.ts';
import type { BrowseQuery as BrowseQueryType } from '../../../__generated__/BrowseQuery.graphql.ts';
import { browseVariables, parseBrowseParams } from './browseParams.ts';

/** The category labels of the filter bar (Query.categories). */
export const BrowseQuery = graphql`
  query BrowseQuery {
    categories {
      ...BrowseFilters_categories
    }
  }
`;

/** The first page of the listing; BrowseList pages on with Relay pagination (Load more). */
export const BrowseContractsQuery = graphql`
  query BrowseContractsQuery($first: Int!, $filter: ContractFilter, $sort: ContractSort) {
    ...BrowseList_query @arguments(first: $first, filter: $filter, sort: $sort)
  }
`;

export type BrowseLoaderData = {
  query: PreloadedQuery<BrowseQueryType>;
  contracts: PreloadedQuery<BrowseContractsQueryType>;
};

/** Route loader of /browse: both queries start as the URL is matched. */
export function browseLoader({ request }: { request: Request }): BrowseLoaderData {
  const params = parseBrowseParams(new URL(request.url).searchParams);
  return {
    query: preloadQuery<BrowseQueryType>('browse', BrowseQuery, {}, { fetchPolicy: 'store-or-network' }),
    contracts: preloadQuery<BrowseContractsQueryType>('browse-contracts', BrowseContractsQuery, browseVariables(params), {
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

/** The grid/list toggle only changes the layout (and keeps the pages already loaded). */
export function browseShouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  if (withoutView(currentUrl) === withoutView(nextUrl)) return false;
  return defaultShouldRevalidate;
}
