import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { useSession } from '../../../session/useSession.ts';
import type { LandingQuery as LandingQueryType } from '../../../__generated__/LandingQuery.graphql.ts';
import { FeatureCards } from './FeatureCards.tsx';
import { LandingFigures } from './LandingFigures.tsx';
import { LandingQuery, type LandingLoaderData } from './LandingQuery.ts';
import { HeroActions, HeroCopy, HeroEyebrow, HeroHeadline, HeroSub } from '../shared/heroText.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';

const Hero = styled.section`
  display: grid;
  gap: 24px;
  align-items: center;
  padding: 12px 0 32px;
  margin-bottom: 28px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr);
    gap: 48px;
    padding: 32px 0 44px;
  }
`;

const SectionTitle = styled.h2`
  margin-bottom: 14px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: ${({ theme }) => theme.tracking.wide};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** / and /landing: what the floor is, live figures, and the way in. */
export function Landing() {
  usePageTitle('The data trading floor');
  const { query } = useLoaderData() as LandingLoaderData;
  const data = usePreloadedQuery<LandingQueryType>(LandingQuery, query);
  const { viewer } = useSession();

  return (
    <>
      <Hero>
        <HeroCopy $size="large">
          <HeroEyebrow $size="large">OPEN 24/7 · ESCROW-PROTECTED</HeroEyebrow>
          <HeroHeadline $size="large">
            The trading floor <em>for data</em>
          </HeroHeadline>
          <HeroSub $size="large">
            Buy and sell data sets like contracts. Verified providers list them, buyers pay into escrow and receive
            their data by API key, and every trade moves the market.
          </HeroSub>
          <HeroActions $size="large">
            {viewer ? (
              <>
                <ButtonLink to="/browse" variant="primary" size="lg">
                  ENTER THE PIT
                </ButtonLink>
                <ButtonLink to="/list-data" size="lg">
                  LIST DATA
                </ButtonLink>
              </>
            ) : (
              <>
                <ButtonLink to="/auth/register" variant="primary" size="lg">
                  JOIN THE PIT
                </ButtonLink>
                <ButtonLink to="/auth/login" size="lg">
                  LOG IN
                </ButtonLink>
              </>
            )}
          </HeroActions>
        </HeroCopy>
        <LandingFigures marketStats={data.marketStats} />
      </Hero>

      <section aria-labelledby="features-title">
        <SectionTitle id="features-title">Why trade here</SectionTitle>
        <FeatureCards />
      </section>
    </>
  );
}
