import styled from 'styled-components';
import { ButtonLink } from './ButtonLink.tsx';
import { Icon } from './Icon.tsx';

const Row = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 6px;
`;

/** An issued document as the screens select it (Payment.invoice, Payment.creditNote). */
export type DocumentLink = { readonly number: string; readonly url: string };

export type InvoiceLinksProps = { invoice: DocumentLink | null | undefined; creditNote?: DocumentLink | null; size?: 'sm' | 'md' };

/**
 * "Invoice (PDF)" and, after a refund, "Credit note (PDF)": plain downloads of the REST answers
 * (docs/decisions.md, "Issue 25: receipts and invoices"). Nothing shows before an invoice exists.
 * No fragment of its own: the lists that show it are already at the query depth limit.
 */
export function InvoiceLinks({ invoice, creditNote = null, size = 'sm' }: InvoiceLinksProps) {
  if (!invoice) return null;
  const link = (doc: DocumentLink, label: string, testId: string) => (
    <ButtonLink to={doc.url} reloadDocument download={`${doc.number}.pdf`} size={size} icon={<Icon name="download" size={12} />} title={`${label} ${doc.number}`} data-testid={testId}>
      {label} (PDF)
    </ButtonLink>
  );
  return (
    <Row>
      {link(invoice, 'Invoice', 'invoice-pdf')}
      {creditNote && link(creditNote, 'Credit note', 'credit-note-pdf')}
    </Row>
  );
}
