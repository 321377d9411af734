import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { OverviewQuery as OverviewQueryType } from '../../../__generated__/OverviewQuery.graphql.ts';

export const OverviewQuery = graphql`
  query OverviewQuery {
    viewer {
      id
      reviewCount
      dashboardSummary {
        showsSellerFigures
        ...SummaryTiles_summary
        ...sellerFigures_summary
      }
      ...RecentActivity_viewer
    }
  }
`;

export type OverviewLoaderData = { query: PreloadedQuery<OverviewQueryType> };

/** Figures move with every trade: show the cached ones at once, then the fresh ones. */
export function overviewLoader(): OverviewLoaderData {
  return { query: preloadQuery<OverviewQueryType>('dashboard-overview', OverviewQuery, {}, { fetchPolicy: 'store-and-network' }) };
}
