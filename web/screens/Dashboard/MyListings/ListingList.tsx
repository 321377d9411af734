import { graphql, usePaginationFragment } from 'react-relay';
import styled from 'styled-components';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import type { ListingList_viewer$key } from '../../../__generated__/ListingList_viewer.graphql.ts';
import type { ListingListPaginationQuery } from '../../../__generated__/ListingListPaginationQuery.graphql.ts';
import { plural } from '../../../format/format.ts';
import { LoadMore } from '../../../components/LoadMore.tsx';
import { TabHeader } from '../shared/TabHeader.tsx';
import { ListingCard } from './ListingCard.tsx';
import { EmptyWithLink } from '../../shared/EmptyWithLink.tsx';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

export type ListingListProps = { viewer: ListingList_viewer$key };

/** The user's own listings, every status (pending review and rejected too), newest first. */
export function ListingList({ viewer }: ListingListProps) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<ListingListPaginationQuery, ListingList_viewer$key>(
    graphql`
      fragment ListingList_viewer on User
      @refetchable(queryName: "ListingListPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
        listings(first: $count, after: $cursor) @connection(key: "ListingList_listings") {
          totalCount
          edges {
            node {
              id
              ...ListingCard_contract
            }
          }
        }
      }
    `,
    viewer,
  );
  const edges = data.listings?.edges ?? [];
  const total = data.listings?.totalCount ?? 0;
  return (
    <Stack>
      <TabHeader
        title="My Listings"
        description="Your contracts on the floor and the open bids on them"
        aside={
          <>
            <span>{plural(total, 'listing')}</span>
            {edges.length > 0 && (
              <ButtonLink to="/list-data" size="sm" variant="primary" icon={<span aria-hidden="true">+</span>}>
                List data
              </ButtonLink>
            )}
          </>
        }
      />
      {edges.length === 0 ? (
        <EmptyWithLink
          icon="upload"
          title="No listings yet"
          description="List a data set and buyers can bid on it or buy it through escrow."
          to="/list-data"
          label="List data"
          variant="primary"
        />
      ) : (
        <>
          {edges.map((e) => (
            <ListingCard key={e.node.id} contract={e.node} />
          ))}
          <LoadMore what="listings" hasNext={hasNext} loading={isLoadingNext} onLoad={() => loadNext(10)} />
        </>
      )}
    </Stack>
  );
}
