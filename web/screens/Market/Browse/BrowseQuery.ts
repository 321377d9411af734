import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { BrowseQuery as BrowseQueryType } from '../../../__generated__/BrowseQuery.graphql.ts';
import type { MarketContractsQuery } from '../../../__generated__/MarketContractsQuery.graphql.ts';
import { preloadMarketContracts } from '../shared/MarketContractsQuery.ts';

export { marketShouldRevalidate as browseShouldRevalidate } from '../shared/MarketContractsQuery.ts';

/** The sector list of the filters (Query.categories). */
export const BrowseQuery = graphql`
  query BrowseQuery {
    categories {
      ...MarketFilters_categories
    }
  }
`;

export type BrowseLoaderData = {
  query: PreloadedQuery<BrowseQueryType>;
  contracts: PreloadedQuery<MarketContractsQuery>;
};

/** Route loader of /browse: both queries start as the URL is matched. */
export function browseLoader({ request }: { request: Request }): BrowseLoaderData {
  return {
    query: preloadQuery<BrowseQueryType>('browse', BrowseQuery, {}, { fetchPolicy: 'store-or-network' }),
    contracts: preloadMarketContracts('browse-contracts', request),
  };
}
