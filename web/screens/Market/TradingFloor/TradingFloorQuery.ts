import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { MarketContractsQuery } from '../../../__generated__/MarketContractsQuery.graphql.ts';
import type { TradingFloorQuery as TradingFloorQueryType } from '../../../__generated__/TradingFloorQuery.graphql.ts';
import { preloadMarketContracts } from '../shared/MarketContractsQuery.ts';

export { marketShouldRevalidate as tradingFloorShouldRevalidate } from '../shared/MarketContractsQuery.ts';

/** What does not depend on the filters: the live figures of the hero and the sector list. */
export const TradingFloorQuery = graphql`
  query TradingFloorQuery {
    marketStats {
      ...FloorHero_marketStats
    }
    categories {
      ...MarketFilters_categories
    }
  }
`;

export type TradingFloorLoaderData = {
  query: PreloadedQuery<TradingFloorQueryType>;
  contracts: PreloadedQuery<MarketContractsQuery>;
};

/** Route loader of '/': both queries start as the URL is matched. */
export function tradingFloorLoader({ request }: { request: Request }): TradingFloorLoaderData {
  return {
    // the figures come from the store once loaded: the ticker's subscription keeps them live
    query: preloadQuery<TradingFloorQueryType>('trading-floor', TradingFloorQuery, {}, { fetchPolicy: 'store-or-network' }),
    contracts: preloadMarketContracts('trading-floor-contracts', request),
  };
}
