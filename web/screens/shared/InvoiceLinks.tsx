import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { Icon } from '../../components/Icon.tsx';
import type { InvoiceLinks_invoice$key } from '../../__generated__/InvoiceLinks_invoice.graphql.ts';

const Row = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 6px;
`;

export type InvoiceLinksProps = { invoice: InvoiceLinks_invoice$key | null | undefined; size?: 'sm' | 'md' };

/**
 * "Invoice (PDF)" and, after a refund, "Credit note (PDF)": plain downloads of the REST answers
 * (docs/decisions.md, "Issue 25: receipts and invoices"). Nothing shows before an invoice exists.
 */
export function InvoiceLinks({ invoice, size = 'sm' }: InvoiceLinksProps) {
  const data = useFragment(
    graphql`
      fragment InvoiceLinks_invoice on Invoice {
        number
        url
        creditNote {
          number
          url
        }
      }
    `,
    invoice ?? null,
  );
  if (!data) return null;
  return (
    <Row>
      <ButtonLink to={data.url} reloadDocument download={`${data.number}.pdf`} size={size} icon={<Icon name="download" size={12} />} title={`Invoice ${data.number}`} data-testid="invoice-pdf">
        Invoice (PDF)
      </ButtonLink>
      {data.creditNote && (
        <ButtonLink
          to={data.creditNote.url}
          reloadDocument
          download={`${data.creditNote.number}.pdf`}
          size={size}
          icon={<Icon name="download" size={12} />}
          title={`Credit note ${data.creditNote.number}`}
          data-testid="credit-note-pdf"
        >
          Credit note (PDF)
        </ButtonLink>
      )}
    </Row>
  );
}
