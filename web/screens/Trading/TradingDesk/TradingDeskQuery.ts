import { graphql, type PreloadedQuery } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { preloadQuery } from '../../../relay/preload.ts';
import type { TradingDeskQuery as TradingDeskQueryType } from '../../../__generated__/TradingDeskQuery.graphql.ts';

// /trading: the trader's own paper positions (only they read them) and, with ?contract=<id>, the
// contract the open-position form starts with (the contract page can link here).
export const TradingDeskQuery = graphql`
  query TradingDeskQuery($contract: ID!, $hasContract: Boolean!) {
    viewer {
      id
      ...OpenPositions_viewer
      ...ClosedPositions_viewer
      ...PnlChart_viewer
    }
    preselected: contract(id: $contract) @include(if: $hasContract) {
      id
      contractId
      title
      ticker
      marketPrice
      status
    }
  }
`;

export type TradingDeskLoaderData = { query: PreloadedQuery<TradingDeskQueryType> };

/** Prices move and stop-losses close positions while away: the cached desk at once, then the fresh one. */
export function tradingDeskLoader({ request }: LoaderFunctionArgs): TradingDeskLoaderData {
  const contract = new URL(request.url).searchParams.get('contract')?.trim() ?? '';
  return {
    query: preloadQuery<TradingDeskQueryType>(
      'trading-desk',
      TradingDeskQuery,
      { contract, hasContract: contract !== '' },
      { fetchPolicy: 'store-and-network' },
    ),
  };
}
