import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../relay/preload.ts';
import type { DashboardQuery as DashboardQueryType } from '../../__generated__/DashboardQuery.graphql.ts';

// The frame of /dashboard: who is asking (Access Denied when nobody), the trader card and the side
// menu's unread badge. Each tab loads its own data in its own child route.
export const DashboardQuery = graphql`
  query DashboardQuery {
    viewer {
      id
      ...DashboardTraderCard_viewer
      dashboardSummary {
        ...DashboardMenu_summary
      }
    }
  }
`;

export type DashboardLoaderData = { query: PreloadedQuery<DashboardQueryType> };

/** The badge counts change while away: show the cached frame at once, then the fresh one. */
export function dashboardLoader(): DashboardLoaderData {
  return { query: preloadQuery<DashboardQueryType>('dashboard', DashboardQuery, {}, { fetchPolicy: 'store-and-network' }) };
}
