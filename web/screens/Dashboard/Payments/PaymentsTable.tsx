import { graphql, usePaginationFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/Badge.tsx';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { PaymentsTable_viewer$key } from '../../../__generated__/PaymentsTable_viewer.graphql.ts';
import type { PaymentsTablePaginationQuery } from '../../../__generated__/PaymentsTablePaginationQuery.graphql.ts';
import { formatCount, formatDateTime, formatMoney } from '../../../format/format.ts';
import { humanize, statusTone } from '../../../format/labels.ts';
import { Table, TableScroll } from '../shared/DataTable.tsx';
import { LoadMore } from '../../../components/LoadMore.tsx';

export type PaymentsTableProps = { viewer: PaymentsTable_viewer$key };

/** Payments the user made as a buyer: amount, fee, total, status, method and dates. */
export function PaymentsTable({ viewer }: PaymentsTableProps) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<PaymentsTablePaginationQuery, PaymentsTable_viewer$key>(
    graphql`
      fragment PaymentsTable_viewer on User
      @refetchable(queryName: "PaymentsTablePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
        payments(first: $count, after: $cursor) @connection(key: "PaymentsTable_payments") {
          totalCount
          edges {
            node {
              id
              paymentId
              amount
              fee
              total
              status
              paymentMethod
              createdAt
              escrowStartedAt
              contract {
                contractId
                title
              }
            }
          }
        }
      }
    `,
    viewer,
  );
  const edges = data.payments?.edges ?? [];
  const total = data.payments?.totalCount ?? 0;
  return (
    <Panel title="Payments · as buyer" padding="none" actions={`${formatCount(total)} total`}>
      {edges.length === 0 ? (
        <div style={{ padding: 14 }}>
          <EmptyState
            compact
            icon="lock"
            title="No payments yet"
            description="Every purchase is paid into escrow and released to the provider after 24 hours."
            action={
              <ButtonLink to="/browse" size="sm" variant="primary">
                Browse data
              </ButtonLink>
            }
          />
        </div>
      ) : (
        <>
          <TableScroll>
            <Table aria-label="Payments as buyer">
              <thead>
                <tr>
                  <th scope="col">Contract</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col" className="num">
                    Fee
                  </th>
                  <th scope="col" className="num">
                    Total
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Method</th>
                  <th scope="col">Created</th>
                  <th scope="col">Escrow from</th>
                </tr>
              </thead>
              <tbody>
                {edges.map(({ node: p }) => (
                  <tr key={p.id} data-testid="payment-row">
                    <td className="title">
                      <Link to={`/contract/${p.contract.contractId}`} className="strong" title={p.contract.title}>
                        {p.contract.title}
                      </Link>
                    </td>
                    <td className="num">{formatMoney(p.amount)}</td>
                    <td className="num dim">{formatMoney(p.fee)}</td>
                    <td className="num strong">{formatMoney(p.total)}</td>
                    <td>
                      <Badge size="sm" tone={statusTone(p.status)}>
                        {p.status}
                      </Badge>
                    </td>
                    <td className="mono">{humanize(p.paymentMethod)}</td>
                    <td className="mono">{formatDateTime(p.createdAt)}</td>
                    <td className="mono">{formatDateTime(p.escrowStartedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
          <LoadMore what="payments" hasNext={hasNext} loading={isLoadingNext} onLoad={() => loadNext(20)} />
        </>
      )}
    </Panel>
  );
}
