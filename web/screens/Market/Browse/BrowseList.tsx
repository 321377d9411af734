import { graphql, usePaginationFragment } from 'react-relay';
import styled from 'styled-components';
import { formatTotal } from '../../../format/format.ts';
import { Button } from '../../../components/Button.tsx';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import type { BrowseList_query$key } from '../../../__generated__/BrowseList_query.graphql.ts';
import type { BrowseListPaginationQuery } from '../../../__generated__/BrowseListPaginationQuery.graphql.ts';
import { ContractCard } from '../shared/ContractCard.tsx';
import { ContractList } from '../shared/ContractList.tsx';
import { ContractListHeader } from '../shared/ContractListHeader.tsx';
import { BROWSE_PAGE_SIZE, type BrowseView } from './browseParams.ts';

const Count = styled.p`
  margin-bottom: 10px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.textMuted};

  b { color: ${({ theme }) => theme.colors.text}; }
`;

const More = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  padding-top: 18px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};
`;

export type BrowseListProps = {
  query: BrowseList_query$key;
  view: BrowseView;
  filtered: boolean;
  onReset: () => void;
};

/** The /browse listing: cards with VIEW & BID and the provider's real rating; Load more pages on. */
export function BrowseList({ query, view, filtered, onReset }: BrowseListProps) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<BrowseListPaginationQuery, BrowseList_query$key>(
    graphql`
      fragment BrowseList_query on Query
      @refetchable(queryName: "BrowseListPaginationQuery")
      @argumentDefinitions(
        first: { type: "Int", defaultValue: 12 }
        after: { type: "String" }
        filter: { type: "ContractFilter" }
        sort: { type: "ContractSort", defaultValue: NEWEST }
      ) {
        contracts(first: $first, after: $after, filter: $filter, sort: $sort) @connection(key: "BrowseList_contracts") {
          totalCount
          totalCountIsExact
          edges {
            node {
              id
              ...ContractCard_contract
            }
          }
        }
      }
    `,
    query,
  );
  const { edges, totalCount, totalCountIsExact } = data.contracts;

  if (totalCount === 0) {
    return filtered ? (
      <EmptyState
        icon="search"
        title="No contracts match these filters"
        description="Try another category, a wider price range or fewer search words."
        action={
          <Button variant="primary" onClick={onReset}>
            Reset
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon="chart"
        title="No contracts listed yet"
        description="The marketplace opens with the first approved listing."
        action={
          <ButtonLink to="/list-data" variant="primary">
            LIST DATA
          </ButtonLink>
        }
      />
    );
  }

  return (
    <>
      <Count data-testid="browse-count" aria-live="polite">
        Showing <b>{edges.length}</b> of <b>{totalCountIsExact ? totalCount : formatTotal(totalCount, false)}</b> contracts
      </Count>
      <ContractList $layout={view} $columns="wide" data-testid="contract-list" data-layout={view}>
        {view === 'list' && <ContractListHeader />}
        {edges.map(({ node }) => (
          <ContractCard key={node.id} contract={node} layout={view} actions="bid" />
        ))}
      </ContractList>
      {hasNext && (
        <More>
          <Button onClick={() => loadNext(BROWSE_PAGE_SIZE)} busy={isLoadingNext}>
            Load more
          </Button>
          <span>{totalCountIsExact ? totalCount - edges.length : formatTotal(totalCount - edges.length, false)} more</span>
        </More>
      )}
    </>
  );
}
