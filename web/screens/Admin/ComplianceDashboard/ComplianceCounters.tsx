import { useCallback } from 'react';
import { graphql, useFragment, useRelayEnvironment } from 'react-relay';
import { fetchQuery } from 'relay-runtime';
import styled from 'styled-components';
import { StatTile } from '../../../components/StatTile.tsx';
import { TileGrid } from '../../../components/TileGrid.tsx';
import type { ComplianceCounters_summary$key } from '../../../__generated__/ComplianceCounters_summary.graphql.ts';
import type { ComplianceCountersRefreshQuery } from '../../../__generated__/ComplianceCountersRefreshQuery.graphql.ts';
import { formatCount } from '../../../format/format.ts';

/* phones: two tiles a row (the fifth across both) with labels that may wrap, not five screens of tiles */
const Grid = styled(TileGrid).attrs({ $gap: 12 })`
  ${({ theme }) => theme.media.mobile} {
    & > * {
      padding: 12px;
    }
    & > * > div:first-child {
      white-space: normal;
    }
    & > *:last-child {
      grid-column: 1 / -1;
    }
  }
`;

export type ComplianceCountersProps = { summary: ComplianceCounters_summary$key };

// Compliance dashboard: five counters
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

// The summary has no id: it lives on the root record, so fetching it again updates the tiles in
// place (no suspense, the old figures stay until the new ones arrive).
const refreshQuery = graphql`
  query ComplianceCountersRefreshQuery {
    complianceSummary {
      ...ComplianceCounters_summary
    }
  }
`;

/** Fetches the five counters again (after a decision moved an application or a listing). */
export function useRefreshCounters(): () => void {
  const environment = useRelayEnvironment();
  return useCallback(() => {
    fetchQuery<ComplianceCountersRefreshQuery>(environment, refreshQuery, {}, { fetchPolicy: 'network-only' }).subscribe({
      error: (error: unknown) => console.warn('Could not refresh the compliance counters', error),
    });
  }, [environment]);
}
