import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import { PageTitle } from '../../../components/PageTitle.tsx';
import type { ComplianceDashboardQuery as ComplianceDashboardQueryType } from '../../../__generated__/ComplianceDashboardQuery.graphql.ts';
import { AccessDenied } from '../shared/AccessDenied.tsx';
import { ApplicationList } from './ApplicationList.tsx';
import { ComplianceCounters } from './ComplianceCounters.tsx';
import { ComplianceDashboardQuery, type ComplianceDashboardLoaderData } from './ComplianceDashboardQuery.ts';
import { DisputedPaymentList } from './DisputedPaymentList.tsx';
import { PendingListingList } from './PendingListingList.tsx';
import { PendingRevisionList } from './PendingRevisionList.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';

const Lists = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
  margin-top: 16px;
  align-items: start;

  ${({ theme }) => theme.media.xl} {
    grid-template-columns: minmax(0, 7fr) minmax(0, 5fr);
  }
`;

const Disputes = styled.div`
  margin-top: 16px;
`;

// Compliance dashboard (requires a logged-in admin)
export function ComplianceDashboard() {
  usePageTitle('Compliance dashboard');
  const { query } = useLoaderData() as ComplianceDashboardLoaderData;
  const data = usePreloadedQuery<ComplianceDashboardQueryType>(ComplianceDashboardQuery, query);

  if (!data.viewer?.isAdmin || !data.complianceSummary) return <AccessDenied />;

  return (
    <>
      <PageTitle eyebrow="Back office" subtitle="Seller applications and data listings awaiting review, and disputed payments to settle">
        COMPLIANCE DASHBOARD
      </PageTitle>
      <ComplianceCounters summary={data.complianceSummary} />
      {/* disputes first: the buyer and the provider wait on the decision (reviewed within 24 hours) */}
      {data.backOffice && (
        <Disputes>
          <DisputedPaymentList query={data.backOffice} />
        </Disputes>
      )}
      {/* asked for only if the viewer was an administrator when the page loaded */}
      {data.backOffice && (
        <Lists>
          <ApplicationList query={data.backOffice} />
          <PendingListingList query={data.backOffice} />
        </Lists>
      )}
      {data.backOffice && (
        <Disputes>
          <PendingRevisionList query={data.backOffice} />
        </Disputes>
      )}

    </>
  );
}
