import { graphql, usePaginationFragment } from 'react-relay';
import styled from 'styled-components';
import { ListPanel } from '../../../components/ListPanel.tsx';
import { PlainList } from '../../../components/PlainList.tsx';
import type { LibraryList_viewer$key } from '../../../__generated__/LibraryList_viewer.graphql.ts';
import type { LibraryListPaginationQuery } from '../../../__generated__/LibraryListPaginationQuery.graphql.ts';
import { plural } from '../../../format/format.ts';
import { PurchaseCard } from './PurchaseCard.tsx';
import { EmptyWithLink } from '../../shared/EmptyWithLink.tsx';

const List = styled(PlainList)`
  && {
    display: flex;
    flex-direction: column;
  }
`;

const PAGE = 10;

export type LibraryListProps = { viewer: LibraryList_viewer$key };

/** The viewer's purchases, newest first, ten at a time with 'Load more'. */
export function LibraryList({ viewer }: LibraryListProps) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<LibraryListPaginationQuery, LibraryList_viewer$key>(
    graphql`
      fragment LibraryList_viewer on User
      @refetchable(queryName: "LibraryListPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
        purchases(first: $count, after: $cursor) @connection(key: "LibraryList_purchases") {
          totalCount
          edges {
            node {
              id
              ...PurchaseCard_purchase
            }
          }
        }
      }
    `,
    viewer,
  );
  const edges = data.purchases?.edges ?? [];
  const total = data.purchases?.totalCount ?? 0;
  if (edges.length === 0) {
    return (
      <EmptyWithLink
        icon="download"
        title="No purchases yet"
        description="Data sets you buy appear here, ready to download or stream with your API key."
        to="/browse"
        label="Browse data"
        variant="primary"
      />
    );
  }
  return (
    <ListPanel
      title="Purchased data"
      actions={plural(total, 'purchase')}
      isEmpty={false}
      empty={null}
      more={{ what: 'purchases', hasNext, loading: isLoadingNext, onLoad: () => loadNext(PAGE) }}
    >
      <List aria-label="Purchased data">
        {edges.map((e) => (
          <PurchaseCard key={e.node.id} purchase={e.node} />
        ))}
      </List>
    </ListPanel>
  );
}
