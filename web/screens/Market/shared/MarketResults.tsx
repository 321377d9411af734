import { Suspense } from 'react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useRevalidator } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { ErrorBoundary } from '../../../relay/ErrorBoundary.tsx';
import { LoadError } from '../../../relay/RouteBoundary.tsx';
import type { ContractSort, MarketContractsQuery as MarketContractsQueryType } from '../../../__generated__/MarketContractsQuery.graphql.ts';
import { ContractCard } from './ContractCard.tsx';
import { ContractCardSkeletons } from './ContractCardSkeleton.tsx';
import { ContractList } from './ContractList.tsx';
import { ContractListHeader } from './ContractListHeader.tsx';
import { hasFilters, PAGE_SIZE, SORTS, type MarketParams, type MarketView } from './marketParams.ts';
import { MarketContractsQuery } from './MarketContractsQuery.ts';
import { Pager } from './Pager.tsx';
import { ViewToggle } from './ViewToggle.tsx';
import { plural, noun, formatCount, formatTotal } from '../../../format/format.ts';

const Section = styled.section`
  min-width: 0;
  scroll-margin-top: 140px;
`;

const Toolbar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 10px 16px;
  margin-bottom: 12px;
  padding: 10px 14px;
  background: ${({ theme }) => theme.colors.panelAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const TitleBlock = styled.div`
  display: flex;
  flex-direction: column;
  gap: 3px;
  min-width: 0;
`;

const Title = styled.h2`
  display: flex;
  align-items: center;
  gap: 8px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.base};
  font-weight: 800;
  letter-spacing: ${({ theme }) => theme.tracking.wide};

  &::before {
    content: '';
    width: 8px;
    height: 8px;
    background: ${({ theme }) => theme.colors.up};
    border-radius: 1px;
    box-shadow: 0 0 8px ${({ theme }) => theme.colors.up};
  }
`;

const CountText = styled.p`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};

  b { color: ${({ theme }) => theme.colors.up}; }
`;

const Controls = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;

  select { min-height: 34px; min-width: 190px; }
`;

const SearchChip = styled.div`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  margin: -2px 0 12px;
  padding: 4px 4px 4px 10px;
  border: 1px solid ${({ theme }) => theme.colors.blueBorder};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.blueSoft};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  max-width: 100%;

  q {
    color: ${({ theme }) => theme.colors.textStrong};
    font-weight: 700;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  button {
    display: grid;
    place-items: center;
    width: 22px;
    height: 22px;
    padding: 0;
    border: 0;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    &:hover { background: ${({ theme }) => theme.colors.hover}; }
  }
`;

/** 'narrow' = three columns beside the filter sidebar; 'wide' = four under the filter bar. */
export type MarketColumns = 'narrow' | 'wide';

export type MarketResultsProps = {
  contracts: PreloadedQuery<MarketContractsQueryType>;
  params: MarketParams;
  columns: MarketColumns;
  onSort: (sort: ContractSort) => void;
  onView: (view: MarketView) => void;
  onPage: (page: number) => void;
  onReset: () => void;
  onClearSearch: () => void;
};

/** LIVE POSITIONS: count, sort, layout, the page of contracts and the pager (the floor's and /browse's). */
export function MarketResults({ contracts, params, columns, onSort, onView, onPage, onReset, onClearSearch }: MarketResultsProps) {
  const revalidator = useRevalidator();
  // a new key per result set: its skeleton shows while it loads, even inside a route transition
  const resultKey = JSON.stringify(contracts.variables);

  return (
    <Section id="live-positions" aria-labelledby="positions-title">
      <Toolbar>
        <TitleBlock>
          <Title id="positions-title">LIVE POSITIONS</Title>
          <ErrorBoundary resetKeys={[contracts]} fallback={() => <CountText>— contracts trading</CountText>}>
            <Suspense key={resultKey} fallback={<Skeleton width={190} height={12} style={{ margin: '2px 0' }} />}>
              <PositionsCount contracts={contracts} />
            </Suspense>
          </ErrorBoundary>
        </TitleBlock>
        <Controls>
          <SelectField
            label="Sort"
            hideLabel
            value={params.sort}
            onChange={(e) => onSort(e.target.value as ContractSort)}
            options={SORTS.map((s) => ({ value: s.value, label: s.label }))}
          />
          <ViewToggle value={params.view} onChange={onView} />
        </Controls>
      </Toolbar>

      {params.search && (
        <SearchChip data-testid="search-chip">
          <Icon name="search" size={12} />
          <span>SEARCH</span>
          <q>{params.search}</q>
          <button type="button" aria-label="Clear search" title="Clear search" onClick={onClearSearch}>
            <Icon name="x" size={12} />
          </button>
        </SearchChip>
      )}

      <ErrorBoundary
        resetKeys={[contracts]}
        fallback={({ error }) => (
          <LoadError
            title="Failed to fetch contracts"
            error={error}
            retrying={revalidator.state === 'loading'}
            onRetry={() => void revalidator.revalidate()}
          />
        )}
      >
        <Suspense
          key={resultKey}
          fallback={<ContractCardSkeletons count={params.view === 'list' ? PAGE_SIZE : columns === 'wide' ? 8 : 6} layout={params.view} columns={columns} />}
        >
          <PositionsList contracts={contracts} params={params} columns={columns} onPage={onPage} onReset={onReset} />
        </Suspense>
      </ErrorBoundary>
    </Section>
  );
}

function PositionsCount({ contracts }: { contracts: PreloadedQuery<MarketContractsQueryType> }) {
  const data = usePreloadedQuery<MarketContractsQueryType>(MarketContractsQuery, contracts);
  const { totalCount: n, totalCountIsExact } = data.contracts;
  return (
    <CountText data-testid="positions-count">
      <b>{formatTotal(n, totalCountIsExact)}</b> {noun(n, 'contract')} trading • Market open
    </CountText>
  );
}

type PositionsListProps = {
  contracts: PreloadedQuery<MarketContractsQueryType>;
  params: MarketParams;
  columns: MarketColumns;
  onPage: (page: number) => void;
  onReset: () => void;
};

function PositionsList({ contracts, params, columns, onPage, onReset }: PositionsListProps) {
  const data = usePreloadedQuery<MarketContractsQueryType>(MarketContractsQuery, contracts);
  const { edges, totalCount, totalCountIsExact } = data.contracts;

  if (totalCount === 0) {
    return hasFilters(params) ? (
      <EmptyState
        icon="search"
        title="No contracts match these filters"
        description="Widen the price range, pick another sector or clear the search to see more of the floor."
        action={
          <Button variant="primary" onClick={onReset}>
            Reset
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon="chart"
        title="No contracts trading yet"
        description="The floor opens with the first approved listing."
        action={
          <ButtonLink to="/list-data" variant="primary">
            LIST DATA
          </ButtonLink>
        }
      />
    );
  }

  if (edges.length === 0) {
    // a page past the end (an old link, or contracts sold out since)
    return (
      <EmptyState
        icon="inbox"
        title={`Page ${params.page} is past the last page`}
        description={
          totalCountIsExact
            ? `${plural(totalCount, 'contract')} match; they fit on ${plural(Math.ceil(totalCount / PAGE_SIZE), 'page')}.`
            : `More than ${formatCount(totalCount)} contracts match: narrow the search or the filters to see the rest.`
        }
        action={
          <Button variant="primary" onClick={() => onPage(1)}>
            Go to page 1
          </Button>
        }
      />
    );
  }

  return (
    <>
      <ContractList $layout={params.view} $columns={columns} data-testid="contract-list" data-layout={params.view}>
        {params.view === 'list' && <ContractListHeader />}
        {edges.map(({ node }) => (
          <ContractCard key={node.id} contract={node} layout={params.view} />
        ))}
      </ContractList>
      <Pager page={params.page} pageSize={PAGE_SIZE} totalCount={totalCount} totalCountIsExact={totalCountIsExact} onPage={onPage} />
    </>
  );
}
