import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import { PageTitle } from '../../../components/PageTitle.tsx';
import type { EarningsQuery as EarningsQueryType } from '../../../__generated__/EarningsQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { EarningsQuery, type EarningsLoaderData } from './EarningsQuery.ts';
import { PlatformFigures } from './PlatformFigures.tsx';
import { ProviderEarnings } from './ProviderEarnings.tsx';
import { RevenueChart } from './RevenueChart.tsx';
import { TopProviders } from './TopProviders.tsx';
import { EmptyWithLink } from '../../shared/EmptyWithLink.tsx';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

// /earnings: platform earnings for administrators; everyone else logged in sees their own
// earnings as a provider (or how selling pays); logged out, a way to log in.
export function Earnings() {
  usePageTitle('Earnings');
  const { query, range } = useLoaderData() as EarningsLoaderData;
  const data = usePreloadedQuery<EarningsQueryType>(EarningsQuery, query);
  const viewer = data.viewer;

  if (!viewer) {
    return (
      <div data-testid="earnings-visitor">
        <EmptyWithLink
          page
          icon="lock"
          title="Log in to see earnings"
          description="Providers see their sales and payouts here; administrators see the platform's earnings."
          to="/auth/login"
          label="LOG IN"
          variant="primary"
        />
      </div>
    );
  }

  if (viewer.isAdmin && data.allTime && data.inRange) {
    return (
      <Stack>
        <PageTitle eyebrow="Back office" subtitle="Commission kept on sales released from escrow: providers receive 90%, the platform 10%">
          PLATFORM EARNINGS
        </PageTitle>
        <PlatformFigures earnings={data.allTime} />
        <RevenueChart earnings={data.inRange} range={range} />
        <TopProviders earnings={data.allTime} />
      </Stack>
    );
  }

  return (
    <Stack>
      <PageTitle eyebrow="Your sales" subtitle="What your data sets earned: 90% of each sale, paid out when escrow releases">
        EARNINGS
      </PageTitle>
      <ProviderEarnings viewer={viewer} />
    </Stack>
  );
}
