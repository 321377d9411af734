import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import { PageTitle } from '../../../components/PageTitle.tsx';
import type { SimpleComplianceQuery as SimpleComplianceQueryType } from '../../../__generated__/SimpleComplianceQuery.graphql.ts';
import { AccessDenied } from '../shared/AccessDenied.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { SimpleApplicationTable } from './SimpleApplicationTable.tsx';
import { SimpleComplianceQuery, type SimpleComplianceLoaderData } from './SimpleComplianceQuery.ts';

// Simple compliance: a read-only list of applications
// (administrators only, like the compliance dashboard).
export function SimpleCompliance() {
  usePageTitle('Simple compliance');
  const { query } = useLoaderData() as SimpleComplianceLoaderData;
  const data = usePreloadedQuery<SimpleComplianceQueryType>(SimpleComplianceQuery, query);

  if (!data.viewer?.isAdmin || !data.backOffice) return <AccessDenied />;

  return (
    <>
      <PageTitle eyebrow="Back office" subtitle="Every seller application, read only">
        SIMPLE COMPLIANCE
      </PageTitle>
      <SimpleApplicationTable query={data.backOffice} />
    </>
  );
}
