import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData, useRevalidator } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { IconMark } from '../../../components/IconMark.tsx';
import { ErrorBoundary } from '../../../relay/ErrorBoundary.tsx';
import { LoadError } from '../../../relay/RouteBoundary.tsx';
import type { ContractDetailQuery as ContractDetailQueryType } from '../../../__generated__/ContractDetailQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { ContractDetailQuery, type ContractDetailLoaderData } from './ContractDetailQuery.ts';
import { DetailAbout } from './DetailAbout.tsx';
import { DetailBidTicket } from './DetailBidTicket.tsx';
import { DetailFields } from './DetailFields.tsx';
import { DetailFreshness } from './DetailFreshness.tsx';
import { DetailOrderBook } from './DetailOrderBook.tsx';
import { DetailPriceChart } from './DetailPriceChart.tsx';
import { DetailProviderCard } from './DetailProviderCard.tsx';
import { DetailQuote } from './DetailQuote.tsx';
import { DetailReleases } from './DetailReleases.tsx';
import { DetailReviews } from './DetailReviews.tsx';
import { DetailSample } from './DetailSample.tsx';
import { DetailTradeCard } from './DetailTradeCard.tsx';
import { DetailWhatYouGet } from './DetailWhatYouGet.tsx';
import { DetailGrid, DetailMain, DetailSide, DetailChartArea } from './DetailLayout.tsx';
import { Crumbs } from '../shared/Crumbs.tsx';


const Missing = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding: 64px 16px;
  text-align: center;
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};

  h1 {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xl};
    letter-spacing: ${({ theme }) => theme.tracking.label};
    text-transform: uppercase;
  }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** /contract/:id. Contract detail ('Failed to fetch contract', 'Contract Not Found'). */
export function ContractDetail() {
  const { query } = useLoaderData() as ContractDetailLoaderData;
  const revalidator = useRevalidator();
  return (
    <ErrorBoundary
      resetKeys={[query]}
      fallback={({ error }) => (
        <LoadError
          title="Failed to fetch contract"
          error={error}
          retrying={revalidator.state === 'loading'}
          onRetry={() => void revalidator.revalidate()}
        />
      )}
    >
      <ContractDetailContent query={query} />
    </ErrorBoundary>
  );
}

function ContractDetailContent({ query }: { query: PreloadedQuery<ContractDetailQueryType> }) {
  const { contract } = usePreloadedQuery<ContractDetailQueryType>(ContractDetailQuery, query);
  usePageTitle(contract ? contract.title : 'Contract Not Found');

  if (!contract) {
    return (
      <Missing aria-labelledby="contract-missing-title">
        <IconMark $size={44} $tone="red" aria-hidden="true">
          <Icon name="alert" size={20} />
        </IconMark>
        <h1 id="contract-missing-title">Contract Not Found</h1>
        <p>The requested data contract could not be found.</p>
        <ButtonLink to="/" variant="primary">
          BACK TO THE TRADING FLOOR
        </ButtonLink>
      </Missing>
    );
  }

  return (
    <>
      <Crumbs aria-label="Breadcrumb">
        <Link to="/">Trading floor</Link>
        <span aria-hidden="true">/</span>
        <Link to="/browse">Browse</Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page">{contract.title}</span>
      </Crumbs>
      <DetailQuote contract={contract} />
      <DetailGrid>
        <DetailChartArea>
          {/* a failed range change shows here, not over the whole page */}
          <ErrorBoundary fallback={({ error, retry }) => <LoadError title="Could not load the price history" error={error} onRetry={retry} />}>
            <DetailPriceChart contract={contract} />
          </ErrorBoundary>
        </DetailChartArea>
        <DetailSide>
          <DetailTradeCard contract={contract} />
          <DetailFreshness contract={contract} />
          <DetailBidTicket contract={contract} />
          <DetailProviderCard provider={contract.provider} />
        </DetailSide>
        <DetailMain>
          <DetailOrderBook contract={contract} />
          <DetailAbout contract={contract} />
          <DetailSample contract={contract} />
          <DetailWhatYouGet contract={contract} />
          <DetailFields contract={contract} />
          <DetailReleases contract={contract} />
          <DetailReviews contract={contract} />
        </DetailMain>
      </DetailGrid>
    </>
  );
}
