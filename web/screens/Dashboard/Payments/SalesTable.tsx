import { graphql, usePaginationFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/Badge.tsx';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { SalesTable_viewer$key } from '../../../__generated__/SalesTable_viewer.graphql.ts';
import type { SalesTablePaginationQuery } from '../../../__generated__/SalesTablePaginationQuery.graphql.ts';
import { formatCount, formatDateTime, formatMoney } from '../../../format/format.ts';
import { humanize, statusTone } from '../../../format/labels.ts';
import { Table, TableScroll } from '../shared/DataTable.tsx';
import { LoadMore } from '../../../components/LoadMore.tsx';

export type SalesTableProps = { viewer: SalesTable_viewer$key };

type Sale = { status: string; escrowEndsAt?: string | null; releasedAt?: string | null; refundedAt?: string | null };

/**
 * What happens to the seller's 90% of a sale: paid out on release, held until the escrow window
 * closes (or an administrator settles a dispute), gone on a refund.
 */
function payout(p: Sale): { label: string; tone: 'green' | 'amber' | 'neutral' | 'red'; when: string | null; whenLabel: string } {
  switch (p.status) {
    case 'released':
      return { label: 'Paid out', tone: 'green', when: p.releasedAt ?? null, whenLabel: 'Released' };
    case 'escrowed':
      return { label: 'Pending', tone: 'amber', when: p.escrowEndsAt ?? null, whenLabel: 'Releases' };
    case 'disputed':
      return { label: 'On hold', tone: 'amber', when: null, whenLabel: 'Awaiting an administrator' };
    case 'refunded':
      return { label: 'Refunded', tone: 'red', when: p.refundedAt ?? null, whenLabel: 'Refunded' };
    default:
      return { label: 'Not paid', tone: 'neutral', when: null, whenLabel: '—' };
  }
}

/** Payments the user received as a seller: price, commission, payout (90%) and its state, escrow release time. */
export function SalesTable({ viewer }: SalesTableProps) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<SalesTablePaginationQuery, SalesTable_viewer$key>(
    graphql`
      fragment SalesTable_viewer on User
      @refetchable(queryName: "SalesTablePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
        sales(first: $count, after: $cursor) @connection(key: "SalesTable_sales") {
          totalCount
          edges {
            node {
              id
              paymentId
              amount
              commission
              providerAmount
              status
              paymentMethod
              createdAt
              escrowStartedAt
              escrowEndsAt
              releasedAt
              refundedAt
              contract {
                contractId
                title
              }
              buyer {
                name
              }
            }
          }
        }
      }
    `,
    viewer,
  );
  const edges = data.sales?.edges ?? [];
  const total = data.sales?.totalCount ?? 0;
  return (
    <Panel title="Sales · as seller" padding="none" actions={`${formatCount(total)} total`}>
      {edges.length === 0 ? (
        <div style={{ padding: 14 }}>
          <EmptyState
            compact
            icon="chart"
            title="No sales yet"
            description="When a buyer pays for one of your listings, the payment shows here; you receive 90% on release."
            action={
              <ButtonLink to="/list-data" size="sm">
                List data
              </ButtonLink>
            }
          />
        </div>
      ) : (
        <>
          <TableScroll>
            <Table aria-label="Sales as seller">
              <thead>
                <tr>
                  <th scope="col">Contract</th>
                  <th scope="col">Buyer</th>
                  <th scope="col" className="num">
                    Price
                  </th>
                  <th scope="col" className="num">
                    Commission
                  </th>
                  <th scope="col" className="num">
                    Your payout
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Payout</th>
                  <th scope="col">Escrow release</th>
                  <th scope="col">Method</th>
                  <th scope="col">Paid</th>
                </tr>
              </thead>
              <tbody>
                {edges.map(({ node: p }) => {
                  const po = payout(p);
                  return (
                    <tr key={p.id} data-testid="sale-row" data-status={p.status}>
                      <td className="title">
                        <Link to={`/contract/${p.contract.contractId}`} className="strong" title={p.contract.title}>
                          {p.contract.title}
                        </Link>
                      </td>
                      <td>{p.buyer.name}</td>
                      <td className="num">{formatMoney(p.amount)}</td>
                      <td className="num dim">{formatMoney(p.commission)}</td>
                      <td className="num strong up">{formatMoney(p.providerAmount)}</td>
                      <td>
                        <Badge size="sm" tone={statusTone(p.status)}>
                          {p.status}
                        </Badge>
                      </td>
                      <td>
                        <Badge size="sm" tone={po.tone} data-testid="sale-payout">
                          {po.label}
                        </Badge>
                      </td>
                      <td className="mono" title={po.whenLabel}>
                        {po.when ? `${po.whenLabel} ${formatDateTime(po.when)}` : po.whenLabel}
                      </td>
                      <td className="mono">{humanize(p.paymentMethod)}</td>
                      <td className="mono">{formatDateTime(p.escrowStartedAt ?? p.createdAt)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          </TableScroll>
          <LoadMore what="sales" hasNext={hasNext} loading={isLoadingNext} onLoad={() => loadNext(20)} />
        </>
      )}
    </Panel>
  );
}
