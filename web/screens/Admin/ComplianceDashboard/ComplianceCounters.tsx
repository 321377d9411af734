import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { StatTile } from '../../../components/StatTile.tsx';
import type { ComplianceCounters_summary$key } from '../../../__generated__/ComplianceCounters_summary.graphql.ts';
import { formatCount } from '../../shared/format.ts';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(190px, 1fr));
  gap: 12px;
`;

export type ComplianceCountersProps = { summary: ComplianceCounters_summary$key };

// spec: provider-backoffice-side.md §2 Compliance dashboard: five counters
export function ComplianceCounters({ summary }: ComplianceCountersProps) {
  const s = useFragment(
    graphql`
      fragment ComplianceCounters_summary on ComplianceSummary {
        dueDiligencePending
        dataListingsPending
        approved
        underReview
        totalSellers
      }
    `,
    summary,
  );
  return (
    <Grid role="group" aria-label="Compliance counters">
      <StatTile label="Due Diligence Pending" value={formatCount(s.dueDiligencePending)} tone={s.dueDiligencePending > 0 ? 'amber' : 'default'} hint="Applications waiting for review" />
      <StatTile label="Data Listings Pending" value={formatCount(s.dataListingsPending)} tone={s.dataListingsPending > 0 ? 'amber' : 'default'} hint="Listings in pending review" />
      <StatTile label="Approved" value={formatCount(s.approved)} tone="green" hint="Approved applications" />
      <StatTile label="Under Review" value={formatCount(s.underReview)} tone="blue" hint="Applications being reviewed" />
      <StatTile label="Total Sellers" value={formatCount(s.totalSellers)} hint="Users who applied to sell" />
    </Grid>
  );
}
