import type { FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { useBillingDetails_viewer$key } from '../../../__generated__/useBillingDetails_viewer.graphql.ts';
import { BillingFields } from '../../shared/billing/BillingFields.tsx';
import { useBillingDetails } from '../../shared/billing/useBillingDetails.ts';
import { StackForm } from '../../shared/StackForm.tsx';

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Note = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export type BillingDetailsFormProps = { viewer: useBillingDetails_viewer$key };

/** The billing name and address of the profile settings (the checkout page asks for the same). */
export function BillingDetailsForm({ viewer }: BillingDetailsFormProps) {
  const billing = useBillingDetails(viewer);
  const { toast } = useToast();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (billing.saving || !billing.changed) return;
    const problem = await billing.save();
    if (problem) toast({ variant: 'destructive', title: 'Not Saved', description: problem });
    else toast({ title: 'Billing Details Saved', description: 'Invoices issued from now on carry them.' });
  }

  return (
    <Panel title="Billing details">
      <StackForm onSubmit={(e) => void submit(e)} noValidate aria-label="Billing details">
        <Note>Who your invoices are made out to. Invoices already issued keep the details they were issued with.</Note>
        <BillingFields billing={billing} disabled={billing.saving} />
        <Buttons>
          <Button type="submit" variant="primary" busy={billing.saving} disabled={!billing.changed && !billing.saving}>
            {billing.saving ? 'Saving…' : 'Save billing details'}
          </Button>
          <Button type="button" variant="ghost" onClick={billing.reset} disabled={!billing.changed || billing.saving}>
            Reset
          </Button>
        </Buttons>
      </StackForm>
    </Panel>
  );
}
