import { graphql, usePaginationFragment } from 'react-relay';
import { Badge } from '../../../components/Badge.tsx';
import type { PaymentsTable_viewer$key } from '../../../__generated__/PaymentsTable_viewer.graphql.ts';
import type { PaymentsTablePaginationQuery } from '../../../__generated__/PaymentsTablePaginationQuery.graphql.ts';
import { formatDateTime, formatMoney } from '../../../format/format.ts';
import { humanize, statusTone } from '../../../format/labels.ts';
import { ContractCell, TablePanel } from '../shared/TablePanel.tsx';
import { EmptyWithLink } from '../../shared/EmptyWithLink.tsx';

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
  return (
    <TablePanel
      title="Payments · as buyer"
      total={data.payments?.totalCount ?? 0}
      label="Payments as buyer"
      columns={['Contract', { label: 'Amount', num: true }, { label: 'Fee', num: true }, { label: 'Total', num: true }, 'Status', 'Method', 'Created', 'Escrow from']}
      isEmpty={edges.length === 0}
      empty={
        <EmptyWithLink
          compact
          icon="lock"
          title="No payments yet"
          description="Every purchase is paid into escrow and released to the provider after 24 hours."
          to="/browse"
          label="Browse data"
          size="sm"
          variant="primary"
        />
      }
      more={{ what: 'payments', hasNext, loading: isLoadingNext, onLoad: () => loadNext(20) }}
    >
      {edges.map(({ node: p }) => (
        <tr key={p.id} data-testid="payment-row">
          <ContractCell contractId={p.contract.contractId} title={p.contract.title} />
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
    </TablePanel>
  );
}
