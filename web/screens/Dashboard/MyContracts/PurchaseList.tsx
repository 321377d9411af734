import { graphql, usePaginationFragment } from 'react-relay';
import { ListPanel } from '../../../components/ListPanel.tsx';
import type { PurchaseList_viewer$key } from '../../../__generated__/PurchaseList_viewer.graphql.ts';
import type { PurchaseListPaginationQuery } from '../../../__generated__/PurchaseListPaginationQuery.graphql.ts';
import { formatCount } from '../../../format/format.ts';
import { PurchaseRow } from './PurchaseRow.tsx';
import { PlainList } from '../../../components/PlainList.tsx';
import { EmptyWithLink } from '../../shared/EmptyWithLink.tsx';

export type PurchaseListProps = { viewer: PurchaseList_viewer$key };

export function PurchaseList({ viewer }: PurchaseListProps) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<PurchaseListPaginationQuery, PurchaseList_viewer$key>(
    graphql`
      fragment PurchaseList_viewer on User
      @refetchable(queryName: "PurchaseListPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
        purchases(first: $count, after: $cursor) @connection(key: "PurchaseList_purchases") {
          totalCount
          edges {
            node {
              id
              ...PurchaseRow_purchase
            }
          }
        }
      }
    `,
    viewer,
  );
  const edges = data.purchases?.edges ?? [];
  return (
    <ListPanel
      title="Purchased contracts"
      actions={`${formatCount(data.purchases?.totalCount ?? 0)} total`}
      isEmpty={edges.length === 0}
      empty={
        <EmptyWithLink
          compact
          icon="download"
          title="No purchases yet"
          description="Contracts you buy appear here with their status and access period."
          to="/browse"
          label="Browse data"
          size="sm"
          variant="primary"
        />
      }
      more={{ what: 'purchases', hasNext, loading: isLoadingNext, onLoad: () => loadNext(20) }}
    >
      <PlainList aria-label="Purchases">
        {edges.map((e) => (
          <PurchaseRow key={e.node.id} purchase={e.node} />
        ))}
      </PlainList>
    </ListPanel>
  );
}
