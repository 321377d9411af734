import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { StatTile } from '../../../components/StatTile.tsx';
import type { FloorHero_marketStats$key } from '../../../__generated__/FloorHero_marketStats.graphql.ts';
import { formatCount, formatMoney } from '../../../format/format.ts';
import { HeroActions, HeroCopy, HeroEyebrow, HeroHeadline, HeroSub } from '../shared/heroText.ts';

const Hero = styled.section`
  display: grid;
  gap: 16px;
  margin-bottom: 18px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background:
    linear-gradient(90deg, rgba(25, 210, 124, 0.07), transparent 45%),
    repeating-linear-gradient(0deg, transparent 0 23px, rgba(255, 255, 255, 0.018) 23px 24px),
    ${({ theme }) => theme.colors.panel};

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: minmax(340px, 1fr) minmax(0, 1.3fr);
    align-items: center;
    gap: 24px;
    padding: 18px 20px;
  }
  ${({ theme }) => theme.media.xl} {
    grid-template-columns: minmax(300px, 0.8fr) minmax(0, 2fr);
  }
`;

const Tiles = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 8px;

  ${({ theme }) => theme.media.xl} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }

  /* tiles sit on the hero's panel: a shade darker, so they read as instruments */
  & > div {
    background: ${({ theme }) => theme.colors.bg};
  }
  ${({ theme }) => theme.media.mobile} {
    & > div { padding: 10px 12px; }
    & > div > div:nth-child(2) { font-size: ${({ theme }) => theme.fontSizes.xl}; }
  }
`;

export type FloorHeroProps = { marketStats: FloorHero_marketStats$key };

/**
 * The floor's hero: four live figures (real ones, not placeholders) and the two ways in. The ticker's subscription rewrites marketStats in the store,
 * so these tiles move with the market.
 */
export function FloorHero({ marketStats }: FloorHeroProps) {
  const stats = useFragment(
    graphql`
      fragment FloorHero_marketStats on MarketStats {
        activeContracts
        totalUsers
        totalVolume
        totalTransactions
      }
    `,
    marketStats,
  );
  return (
    <Hero aria-labelledby="floor-title">
      <HeroCopy $size="compact">
        <HeroEyebrow $size="compact" $pulse>
          LIVE · MARKET OPEN 24/7
        </HeroEyebrow>
        <HeroHeadline $size="compact" id="floor-title">
          THE <em>PIT</em> · DATA TRADING FLOOR
        </HeroHeadline>
        <HeroSub $size="compact">Verified providers list data sets as contracts. Bid, buy through escrow, and get your data by API key.</HeroSub>
        <HeroActions $size="compact">
          <ButtonLink to="/browse" variant="primary" icon={<Icon name="chart" size={14} />}>
            ENTER THE PIT
          </ButtonLink>
          <ButtonLink to="/list-data" icon={<Icon name="upload" size={14} />}>
            LIST DATA
          </ButtonLink>
        </HeroActions>
      </HeroCopy>
      <Tiles data-testid="floor-stats" role="group" aria-label="Market figures">
        <StatTile label="Active Contracts" value={formatCount(stats.activeContracts)} hint="Trading now" />
        <StatTile label="Registered Users" value={formatCount(stats.totalUsers)} hint="Buyers and providers" />
        <StatTile label="Total Volume" value={formatMoney(stats.totalVolume, { whole: true })} tone="green" hint="Settled through escrow" />
        <StatTile label="Completed Transactions" value={formatCount(stats.totalTransactions)} hint="Since the floor opened" />
      </Tiles>
    </Hero>
  );
}
