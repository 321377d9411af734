import { graphql, useFragment } from 'react-relay';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Icon } from '../../../components/Icon.tsx';
import type { StatementsTable_viewer$key } from '../../../__generated__/StatementsTable_viewer.graphql.ts';
import { formatMoney } from '../../../format/format.ts';
import { TablePanel } from '../shared/TablePanel.tsx';
import { EmptyWithLink } from '../../shared/EmptyWithLink.tsx';

const NO_STATEMENTS = 'Each month you sell in gets a statement of sales, commission and payouts, downloadable as PDF.';

export type StatementsTableProps = { viewer: StatementsTable_viewer$key };

/**
 * The provider's monthly statements (docs/decisions.md, "Issue 25: receipts and invoices"): each
 * month with sales or payouts, its figures, and the statement as PDF. A mail says when last month's is ready.
 */
export function StatementsTable({ viewer }: StatementsTableProps) {
  const data = useFragment(
    graphql`
      fragment StatementsTable_viewer on User {
        statementMonths {
          month
          salesCount
          gross
          commission
          payouts
          url
        }
      }
    `,
    viewer,
  );
  const months = data.statementMonths ?? [];
  return (
    <section id="statements" aria-label="Monthly statements">
      <TablePanel
        title="Monthly statements"
        total={months.length}
        label="Monthly statements"
        columns={['Month', { label: 'Sales', num: true }, { label: 'Sales value', num: true }, { label: 'Commission', num: true }, { label: 'Paid out', num: true }, 'Statement']}
        isEmpty={months.length === 0}
        empty={<EmptyWithLink compact icon="chart" title="No statements yet" description={NO_STATEMENTS} to="/list-data" label="List data" size="sm" />}
      >
        {months.map((m) => (
          <tr key={m.month} data-testid="statement-row">
            <td className="mono strong">{m.month}</td>
            <td className="num">{m.salesCount}</td>
            <td className="num">{formatMoney(m.gross)}</td>
            <td className="num dim">{formatMoney(m.commission)}</td>
            <td className="num strong up">{formatMoney(m.payouts)}</td>
            <td>
              <ButtonLink to={m.url} reloadDocument download={`DATA-PIT-statement-${m.month}.pdf`} size="sm" icon={<Icon name="download" size={12} />} data-testid="statement-pdf">
                PDF
              </ButtonLink>
            </td>
          </tr>
        ))}
      </TablePanel>
    </section>
  );
}
