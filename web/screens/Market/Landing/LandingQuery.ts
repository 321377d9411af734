import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { LandingQuery as LandingQueryType } from '../../../__generated__/LandingQuery.graphql.ts';

export const LandingQuery = graphql`
  query LandingQuery {
    marketStats {
      ...LandingFigures_marketStats
    }
  }
`;

export type LandingLoaderData = { query: PreloadedQuery<LandingQueryType> };

/** Route loader of / and /landing. The figures are live: show the cached ones, then refresh. */
export function landingLoader(): LandingLoaderData {
  return { query: preloadQuery<LandingQueryType>('landing', LandingQuery, {}, { fetchPolicy: 'store-and-network' }) };
}
