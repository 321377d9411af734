import { graphql, usePaginationFragment } from 'react-relay';
import styled from 'styled-components';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadMore } from '../../../components/LoadMore.tsx';
import type { ProviderListings_provider$key } from '../../../__generated__/ProviderListings_provider.graphql.ts';
import type { ProviderListingsPaginationQuery } from '../../../__generated__/ProviderListingsPaginationQuery.graphql.ts';
import { formatCount } from '../../../format/format.ts';
// through the floor's module: see the note at its end
import { ContractCard, ContractList } from '../shared/MarketBrowser.tsx';

const PAGE = 12;

const Heading = styled.h2`
  display: flex;
  align-items: baseline;
  gap: 8px;
  margin-bottom: 10px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};

  b {
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.colors.textStrong};
  }
`;

/** The provider's listings on sale, newest first, as the market's cards. */
export function ProviderListings({ provider }: { provider: ProviderListings_provider$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<ProviderListingsPaginationQuery, ProviderListings_provider$key>(
    graphql`
      fragment ProviderListings_provider on User
      @refetchable(queryName: "ProviderListingsPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 12 }, cursor: { type: "String" }) {
        activeListings(first: $count, after: $cursor) @connection(key: "ProviderListings_activeListings") {
          totalCount
          edges {
            node {
              id
              ...ContractCard_contract
            }
          }
        }
      }
    `,
    provider,
  );
  const edges = data.activeListings?.edges ?? [];
  return (
    <section aria-labelledby="provider-listings-title" data-testid="provider-listings">
      <Heading id="provider-listings-title">
        Active listings <b>{formatCount(data.activeListings?.totalCount ?? edges.length)}</b>
      </Heading>
      {edges.length === 0 ? (
        <EmptyState icon="grid" title="No listings on sale" description="This provider has nothing on sale right now." />
      ) : (
        <ContractList $layout="grid" $columns="wide">
          {edges.map((e) => (
            <ContractCard key={e.node.id} contract={e.node} />
          ))}
        </ContractList>
      )}
      <LoadMore hasNext={hasNext} loading={isLoadingNext} onLoad={() => loadNext(PAGE)} what="listings" divided={false} />
    </section>
  );
}
