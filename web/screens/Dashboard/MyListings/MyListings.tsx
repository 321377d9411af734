import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import type { MyListingsQuery as MyListingsQueryType } from '../../../__generated__/MyListingsQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { ListingList } from './ListingList.tsx';
import { MyListingsQuery, type MyListingsLoaderData } from './MyListingsQuery.ts';

// (My Listings renders its own content) and 'Bids': the provider sees the
// bids on their listings and accepts or declines one.
export function MyListings() {
  usePageTitle('Dashboard · My Listings');
  const { query } = useLoaderData() as MyListingsLoaderData;
  const { viewer } = usePreloadedQuery<MyListingsQueryType>(MyListingsQuery, query);
  if (!viewer) return null;
  return <ListingList viewer={viewer} />;
}
