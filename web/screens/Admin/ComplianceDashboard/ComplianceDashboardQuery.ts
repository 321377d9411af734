import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { ComplianceDashboardQuery as ComplianceDashboardQueryType } from '../../../__generated__/ComplianceDashboardQuery.graphql.ts';
import { viewerIsAdmin } from '../shared/AdminAccessQuery.ts';

// The lists are administrator-only root fields: asked for only when the viewer is one (see
// AdminAccessQuery.ts), so everyone else gets 'Access Denied' instead of a failed page.
export const ComplianceDashboardQuery = graphql`
  query ComplianceDashboardQuery($admin: Boolean!) {
    viewer {
      id
      isAdmin
    }
    complianceSummary {
      ...ComplianceCounters_summary
    }
    ... @include(if: $admin) @alias(as: "backOffice") {
      ...ApplicationList_query
      ...PendingListingList_query
      ...PendingRevisionList_query
      ...DisputedPaymentList_query
    }
  }
`;

export type ComplianceDashboardLoaderData = { query: PreloadedQuery<ComplianceDashboardQueryType> };

/** Applicants apply and providers list while away: show the cached dashboard at once, then the fresh one. */
export async function complianceDashboardLoader(): Promise<ComplianceDashboardLoaderData> {
  const admin = await viewerIsAdmin();
  return {
    query: preloadQuery<ComplianceDashboardQueryType>('compliance-dashboard', ComplianceDashboardQuery, { admin }, { fetchPolicy: 'store-and-network' }),
  };
}
