import { Suspense, useCallback, useMemo } from 'react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useNavigate, useRevalidator, useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { ErrorBoundary } from '../../../relay/ErrorBoundary.tsx';
import { LoadError } from '../../../relay/RouteBoundary.tsx';
import type { BrowseContractsQuery as BrowseContractsQueryType } from '../../../__generated__/BrowseContractsQuery.graphql.ts';
import type { BrowseQuery as BrowseQueryType } from '../../../__generated__/BrowseQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { ContractCardSkeletons } from '../shared/ContractCardSkeleton.tsx';
import { BrowseFilters } from './BrowseFilters.tsx';
import { BrowseList } from './BrowseList.tsx';
import { browseSearch, hasBrowseFilters, parseBrowseParams, type BrowseParams, type BrowseView } from './browseParams.ts';
import { BrowseContractsQuery, BrowseQuery, type BrowseLoaderData } from './BrowseQuery.ts';

/** /browse: the marketplace listing. */
export function Browse() {
  usePageTitle('Browse the marketplace');
  const { query, contracts } = useLoaderData() as BrowseLoaderData;
  const data = usePreloadedQuery<BrowseQueryType>(BrowseQuery, query);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const params = useMemo(() => parseBrowseParams(searchParams), [searchParams]);

  // Changes apply to the address as it is now, not as this render saw it: a second change made while
  // the screen still shows the previous results (the new ones suspend) must keep the first one.
  const go = useCallback(
    (changes: Partial<BrowseParams>, opts: { replace?: boolean } = {}) =>
      navigate(
        { pathname: '/browse', search: browseSearch({ ...parseBrowseParams(new URLSearchParams(window.location.search)), ...changes }) },
        { replace: opts.replace, preventScrollReset: true },
      ),
    [navigate],
  );
  const reset = () => go({ search: '', category: null, minPrice: null, maxPrice: null });

  return (
    <>
      <PageTitle eyebrow="BROWSE" subtitle="Every active data contract on the floor. Open one to see its sample, bid or buy through escrow.">
        MARKETPLACE
      </PageTitle>
      <BrowseFilters categories={data.categories} params={params} onChange={go} />
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
        <Suspense key={JSON.stringify(contracts.variables)} fallback={<ContractCardSkeletons count={8} layout={params.view} columns="wide" />}>
          <BrowseResults contracts={contracts} view={params.view} filtered={hasBrowseFilters(params)} onReset={reset} />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}

type BrowseResultsProps = {
  contracts: PreloadedQuery<BrowseContractsQueryType>;
  view: BrowseView;
  filtered: boolean;
  onReset: () => void;
};

function BrowseResults({ contracts, view, filtered, onReset }: BrowseResultsProps) {
  const data = usePreloadedQuery<BrowseContractsQueryType>(BrowseContractsQuery, contracts);
  return <BrowseList query={data} view={view} filtered={filtered} onReset={onReset} />;
}
