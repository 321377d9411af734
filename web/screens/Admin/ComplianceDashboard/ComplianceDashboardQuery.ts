import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { ComplianceDashboardQuery as ComplianceDashboardQueryType } from '../../../__generated__/ComplianceDashboardQuery.graphql.ts';

export const ComplianceDashboardQuery = graphql`
  query ComplianceDashboardQuery {
    viewer {
      id
      isAdmin
    }
    complianceSummary {
      ...ComplianceCounters_summary
    }
  }
`;

export type ComplianceDashboardLoaderData = { query: PreloadedQuery<ComplianceDashboardQueryType> };

/** The counters change as applicants apply: show the cached ones at once, then the fresh ones. */
export function complianceDashboardLoader(): ComplianceDashboardLoaderData {
  return {
    query: preloadQuery<ComplianceDashboardQueryType>('compliance-dashboard', ComplianceDashboardQuery, {}, { fetchPolicy: 'store-and-network' }),
  };
}
