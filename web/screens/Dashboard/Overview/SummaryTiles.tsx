import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Stars } from '../../../components/Stars.tsx';
import { StatTile } from '../../../components/StatTile.tsx';
import type { SummaryTiles_summary$key } from '../../../__generated__/SummaryTiles_summary.graphql.ts';
import { formatCount, formatMoney, plural } from '../../../format/format.ts';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 10px;

  /* a phone: one tile a row, so a figure like $13,531.91 is never cut */
  @media (max-width: 479.98px) {
    grid-template-columns: minmax(0, 1fr);
  }

  ${({ theme }) => theme.media.xl} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const Rating = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 10px;
`;

export type SummaryTilesProps = {
  summary: SummaryTiles_summary$key;
  /** reviews behind the average rating */
  reviewCount: number;
};

// Overview tiles. Active Purchases counts purchases with status active;
// Total Spent sums what was paid; Active Listings and Average Rating are real.
export function SummaryTiles({ summary, reviewCount }: SummaryTilesProps) {
  const s = useFragment(
    graphql`
      fragment SummaryTiles_summary on DashboardSummary {
        activePurchases
        totalSpent
        activeListings
        averageRating
        openBids
      }
    `,
    summary,
  );
  return (
    <Grid role="group" aria-label="Dashboard figures" data-testid="overview-tiles">
      <StatTile
        label="Active Purchases"
        value={formatCount(s.activePurchases)}
        tone={s.activePurchases > 0 ? 'green' : 'default'}
        hint={s.openBids > 0 ? plural(s.openBids, 'open bid') : 'Data sets you can access'}
      />
      <StatTile label="Total Spent" value={formatMoney(s.totalSpent)} hint="Paid into escrow, all time" />
      <StatTile
        label="Active Listings"
        value={formatCount(s.activeListings)}
        tone={s.activeListings > 0 ? 'blue' : 'default'}
        hint="Your contracts live on the floor"
      />
      <StatTile
        label="Average Rating"
        value={
          s.averageRating == null ? (
            '—'
          ) : (
            <Rating>
              {s.averageRating.toFixed(1)}
              <Stars rating={s.averageRating} size={14} />
            </Rating>
          )
        }
        tone={s.averageRating == null ? 'default' : 'amber'}
        hint={reviewCount > 0 ? `From ${plural(reviewCount, 'review')}` : 'No reviews yet'}
      />
    </Grid>
  );
}
