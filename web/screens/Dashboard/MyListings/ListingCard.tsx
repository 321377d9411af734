import { Suspense } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { ErrorBoundary } from '../../../relay/ErrorBoundary.tsx';
import type { ListingCard_contract$key } from '../../../__generated__/ListingCard_contract.graphql.ts';
import { formatCount, formatMoney } from '../../../format/format.ts';
import { humanize, statusTone } from '../../../format/labels.ts';
import { FigureStrip } from '../shared/FigureStrip.tsx';
import { ListingOpenBids } from './ListingOpenBids.tsx';
import { ListingReleases } from './ListingReleases.tsx';
import { ListingFreshness } from './ListingFreshness.tsx';
import { ListingLifecycle } from './ListingLifecycle.tsx';
import { oneLine } from '../../../theme/text.ts';

const Card = styled.article`
  min-width: 0;
  background: ${({ theme }) => theme.colors.panel};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Head = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 10px;
  padding: 10px 14px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.panelAlt};
  border-radius: ${({ theme }) => `${theme.radii.md} ${theme.radii.md} 0 0`};
`;

const Title = styled.h3`
  flex: 1 1 240px;
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSizes.base};
  font-weight: 600;
  ${oneLine}

  ${({ theme }) => theme.media.mobile} {
    flex-basis: 100%;
    order: -1;
    white-space: normal;
  }

  a { color: ${({ theme }) => theme.colors.textStrong}; }
  a:hover { color: ${({ theme }) => theme.colors.up}; }
`;

const Meta = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};
`;

const BidsLoading = styled.div`
  padding: 12px 14px;
`;

const Figures = styled(FigureStrip)`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const NoBids = styled.p`
  padding: 10px 14px 12px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textDim};
`;

export type ListingCardProps = { contract: ListingCard_contract$key };

/** One of the user's listings: status, prices, sales and its open bids to accept or decline. */
export function ListingCard({ contract }: ListingCardProps) {
  const c = useFragment(
    graphql`
      fragment ListingCard_contract on Contract {
        id
        contractId
        title
        ticker
        status
        categoryLabel
        pricingModel
        price
        marketPrice
        highestBid
        openBidCount
        salesCount
        ...ListingFreshness_contract
        ...ListingLifecycle_contract
      }
    `,
    contract,
  );
  const market = Number(c.marketPrice);
  const list = Number(c.price);

  return (
    <Card data-testid="listing-card" aria-label={c.title}>
      <Head>
        <Badge size="sm" tone="blue">
          {c.ticker}
        </Badge>
        <Title>
          <Link to={`/contract/${c.contractId}`}>{c.title}</Link>
        </Title>
        <Meta>
          {c.categoryLabel} · {humanize(c.pricingModel)}
        </Meta>
        <Badge size="sm" tone={statusTone(c.status)} dot={c.status === 'active'}>
          {c.status}
        </Badge>
        <ListingFreshness contract={c} />
        {c.status === 'rejected' && (
          // the provider edits a rejected listing and resubmits it
          <ButtonLink size="sm" variant="primary" to={`/list-data?edit=${encodeURIComponent(c.contractId)}`} aria-label={`Edit & resubmit ${c.title}`}>
            Edit &amp; resubmit
          </ButtonLink>
        )}
        <ListingLifecycle contract={c} />
      </Head>
      <Figures
        aria-label="Prices and sales"
        figures={[
          { label: 'List price', value: formatMoney(c.price) },
          { label: 'Market', value: formatMoney(c.marketPrice), tone: market > list ? 'green' : market < list ? 'red' : 'default' },
          { label: 'Best bid', value: c.highestBid ? formatMoney(c.highestBid) : '—', tone: c.highestBid ? 'blue' : 'default' },
          { label: 'Open bids', value: formatCount(c.openBidCount) },
          { label: 'Sales', value: formatCount(c.salesCount) },
        ]}
      />
      <ListingReleases id={c.id} />
      {c.openBidCount === 0 ? (
        <NoBids>No open bids{c.status === 'pending_review' ? ' · buyers can bid once the listing is approved' : ''}.</NoBids>
      ) : (
        <ErrorBoundary
          fallback={({ error, retry }) => (
            <NoBids role="alert">
              Could not load the bids: {error.message}{' '}
              <Button size="sm" variant="ghost" onClick={retry}>
                Retry
              </Button>
            </NoBids>
          )}
        >
          <Suspense
            fallback={
              <BidsLoading>
                <Skeleton lines={2} />
              </BidsLoading>
            }
          >
            <ListingOpenBids id={c.id} title={c.title} listPrice={c.price} openBidCount={c.openBidCount} />
          </Suspense>
        </ErrorBoundary>
      )}
    </Card>
  );
}
