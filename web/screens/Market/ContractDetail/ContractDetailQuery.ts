import { graphql, type PreloadedQuery } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { preloadQuery } from '../../../relay/preload.ts';
import type { ContractDetailQuery as ContractDetailQueryType } from '../../../__generated__/ContractDetailQuery.graphql.ts';

// Contract detail. The URL carries the plain id (/contract/{id});
// Query.contract takes it as is and answers null when the contract is unknown or not visible.
export const ContractDetailQuery = graphql`
  query ContractDetailQuery($id: ID!) {
    contract(id: $id) {
      id
      title
      provider {
        ...DetailProviderCard_provider
      }
      ...DetailQuote_contract
      ...DetailPriceChart_contract
      ...DetailOrderBook_contract
      ...DetailAbout_contract
      ...DetailSample_contract
      ...DetailWhatYouGet_contract
      ...DetailFields_contract
      ...DetailReleases_contract
      ...DetailTradeCard_contract
      ...DetailBidTicket_contract
      ...DetailReviews_contract
      ...DetailFreshness_contract
    }
  }
`;

export type ContractDetailLoaderData = { query: PreloadedQuery<ContractDetailQueryType>; id: string };

/**
 * Route loader of /contract/:id. Prices and bids move: show what the store has at once (going
 * back to a contract), then the fresh figures.
 */
export function contractDetailLoader({ params }: LoaderFunctionArgs): ContractDetailLoaderData {
  const id = params.id ?? '';
  return {
    id,
    query: preloadQuery<ContractDetailQueryType>('contract-detail', ContractDetailQuery, { id }, { fetchPolicy: 'store-and-network' }),
  };
}
