import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import { PageTitle } from '../../../components/PageTitle.tsx';
import type { BrowseQuery as BrowseQueryType } from '../../../__generated__/BrowseQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { MarketBrowser } from '../shared/MarketBrowser.tsx';
import { BrowseQuery, type BrowseLoaderData } from './BrowseQuery.ts';

/** /browse: the marketplace, the filters in a bar above the results; it browses as the floor does. */
export function Browse() {
  usePageTitle('Browse the marketplace');
  const { query, contracts } = useLoaderData() as BrowseLoaderData;
  const data = usePreloadedQuery<BrowseQueryType>(BrowseQuery, query);
  return (
    <>
      <PageTitle eyebrow="BROWSE" subtitle="Every active data contract on the floor. Open one to see its sample, bid or buy through escrow.">
        MARKETPLACE
      </PageTitle>
      <MarketBrowser layout="bar" categories={data.categories} contracts={contracts} />
    </>
  );
}
