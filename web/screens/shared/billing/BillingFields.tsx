import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import type { BillingDetailsState } from './useBillingDetails.ts';

export type BillingFieldsProps = { billing: BillingDetailsState; disabled?: boolean };

/** Billing name and postal address, both optional: what invoices issued from now on are made out to. */
export function BillingFields({ billing, disabled = false }: BillingFieldsProps) {
  return (
    <>
      <TextField
        label="Billing name"
        autoComplete="organization"
        placeholder="Your name or your company's"
        hint="Printed on your invoices; your account name when empty."
        maxLength={200}
        {...billing.field('name')}
        disabled={disabled}
      />
      <TextAreaField label="Billing address" autoComplete="street-address" rows={3} maxLength={500} placeholder="Street, city, postcode, country" {...billing.field('address')} disabled={disabled} />
    </>
  );
}
