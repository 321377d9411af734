import styled from 'styled-components';
import { labelText } from '../../../theme/text.ts';
import { BillingFields } from '../../shared/billing/BillingFields.tsx';
import type { BillingDetailsState } from '../../shared/billing/useBillingDetails.ts';

const Details = styled.details`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  padding: 0 12px;

  summary {
    padding: 10px 0;
    cursor: pointer;
    ${labelText}
  }
  summary span { color: ${({ theme }) => theme.colors.text}; text-transform: none; letter-spacing: 0; }
  &[open] { padding-bottom: 12px; }
  &[open] > div { display: flex; flex-direction: column; gap: 12px; }
`;

export type CheckoutBillingProps = { billing: BillingDetailsState; disabled: boolean };

/**
 * Who the invoice is made out to, asked once here (optional, prefilled from the profile) and saved
 * to the profile when paying (docs/decisions.md, "Issue 25: receipts and invoices").
 */
export function CheckoutBilling({ billing, disabled }: CheckoutBillingProps) {
  const name = billing.values.name.trim();
  return (
    <Details data-testid="checkout-billing" open={Object.keys(billing.errors).some((k) => billing.errors[k as 'name' | 'address'])}>
      <summary>
        Invoice to: <span>{name || 'your account name'}</span> (optional)
      </summary>
      <div>
        <BillingFields billing={billing} disabled={disabled} />
      </div>
    </Details>
  );
}
