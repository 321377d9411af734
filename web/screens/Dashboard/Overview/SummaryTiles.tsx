import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Stars } from '../../../components/Stars.tsx';
import { StatTile } from '../../../components/StatTile.tsx';
import { TileRow } from '../../../components/TileGrid.tsx';
import type { SummaryTiles_summary$key } from '../../../__generated__/SummaryTiles_summary.graphql.ts';
import { formatCount, formatMoney, plural } from '../../../format/format.ts';

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
    <TileRow role="group" aria-label="Dashboard figures" data-testid="overview-tiles">
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
    </TileRow>
  );
}
