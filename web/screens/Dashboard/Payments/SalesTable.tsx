import { lazy, Suspense, useState } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { Button } from '../../../components/Button.tsx';
import { Badge } from '../../../components/Badge.tsx';
import type { SalesTable_viewer$key } from '../../../__generated__/SalesTable_viewer.graphql.ts';
import type { SalesTablePaginationQuery } from '../../../__generated__/SalesTablePaginationQuery.graphql.ts';
import { formatDateTime, formatMoney } from '../../../format/format.ts';
import { humanize, statusTone } from '../../../format/labels.ts';
import { ContractCell, TablePanel } from '../shared/TablePanel.tsx';
import { payout } from './paymentsRules.ts';
import { EmptyWithLink } from '../../shared/EmptyWithLink.tsx';
import { InvoiceLinks } from '../../../components/InvoiceLinks.tsx';

// The dispute's dialog (the buyer's evidence, the provider's answer) loads when opened.
const SaleDisputeDialog = lazy(() => import('./SaleDisputeDialog.tsx').then((m) => ({ default: m.SaleDisputeDialog })));

export type SalesTableProps = { viewer: SalesTable_viewer$key };

/** Payments the user received as a seller: price, commission, payout (90%) and its state, escrow release time, the invoice (PDF). */
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
              # the documents' links (components/InvoiceLinks.tsx)
              invoice { number url }
              creditNote { number url }
            }
          }
        }
      }
    `,
    viewer,
  );
  const edges = data.sales?.edges ?? [];
  const [disputed, setDisputed] = useState<{ id: string; title: string } | null>(null);
  return (
    <>
      <TablePanel
        title="Sales · as seller"
        total={data.sales?.totalCount ?? 0}
        label="Sales as seller"
        columns={[
          'Contract',
          'Buyer',
          { label: 'Price', num: true },
          { label: 'Commission', num: true },
          { label: 'Your payout', num: true },
          'Status',
          'Payout',
          'Escrow release',
          'Method',
          'Paid',
          'Invoice',
        ]}
        isEmpty={edges.length === 0}
        empty={
          <EmptyWithLink
            compact
            icon="chart"
            title="No sales yet"
            description="When a buyer pays for one of your listings, the payment shows here; you receive 90% on release."
            to="/list-data"
            label="List data"
            size="sm"
          />
        }
        more={{ what: 'sales', hasNext, loading: isLoadingNext, onLoad: () => loadNext(20) }}
      >
        {edges.map(({ node: p }) => {
          const po = payout(p);
          return (
            <tr key={p.id} data-testid="sale-row" data-status={p.status}>
              <ContractCell contractId={p.contract.contractId} title={p.contract.title} />
              <td>{p.buyer.name}</td>
              <td className="num">{formatMoney(p.amount)}</td>
              <td className="num dim">{formatMoney(p.commission)}</td>
              <td className="num strong up">{formatMoney(p.providerAmount)}</td>
              <td>
                <Badge size="sm" tone={statusTone(p.status)}>
                  {p.status}
                </Badge>
                {p.status === 'disputed' && (
                  <Button size="sm" variant="secondary" onClick={() => setDisputed({ id: p.id, title: p.contract.title })} data-testid="sale-dispute-open">
                    Answer
                  </Button>
                )}
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
              <td>
                <InvoiceLinks invoice={p.invoice} creditNote={p.creditNote} />
              </td>
            </tr>
          );
        })}
      </TablePanel>
      {disputed && (
        <Suspense fallback={null}>
          <SaleDisputeDialog paymentId={disputed.id} title={disputed.title} onClose={() => setDisputed(null)} />
        </Suspense>
      )}
    </>
  );
}
