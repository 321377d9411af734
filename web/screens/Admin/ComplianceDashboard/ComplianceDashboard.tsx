import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import type { ComplianceDashboardQuery as ComplianceDashboardQueryType } from '../../../__generated__/ComplianceDashboardQuery.graphql.ts';
import { ComplianceCounters } from './ComplianceCounters.tsx';
import { ComplianceDashboardQuery, type ComplianceDashboardLoaderData } from './ComplianceDashboardQuery.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';

// spec: provider-backoffice-side.md §2 Compliance dashboard (requires a logged-in admin)
export function ComplianceDashboard() {
  usePageTitle('Compliance dashboard');
  const { query } = useLoaderData() as ComplianceDashboardLoaderData;
  const data = usePreloadedQuery<ComplianceDashboardQueryType>(ComplianceDashboardQuery, query);

  if (!data.viewer?.isAdmin || !data.complianceSummary) {
    return (
      <EmptyState
        icon="lock"
        title="Access Denied"
        description="Admin access required"
        action={
          <ButtonLink to="/admin-login" variant="primary">
            ADMIN LOGIN
          </ButtonLink>
        }
      />
    );
  }

  return (
    <>
      <PageTitle eyebrow="Back office" subtitle="Seller applications and data listings awaiting review">
        COMPLIANCE DASHBOARD
      </PageTitle>
      <ComplianceCounters summary={data.complianceSummary} />
    </>
  );
}
