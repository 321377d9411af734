import { Checkbox } from '../../../components/Checkbox.tsx';
import { Notice } from './paymentLayout.ts';

export type AutoRenewChoiceProps = {
  checked: boolean;
  onChange: (autoRenew: boolean) => void;
  /** 'monthly_subscription' or 'annual_subscription': what one period is */
  pricingModel: string;
  disabled?: boolean;
};

/**
 * The buyer's choice to renew a subscription automatically (docs/decisions.md, "Issue 26:
 * subscriptions that renew"): off unless ticked. Ticked, the payment provider keeps the card and
 * the marketplace only its brand, last four digits and expiry; renewals are charged 3 days before
 * each period ends, and can be cancelled any time in the library.
 */
export function AutoRenewChoice({ checked, onChange, pricingModel, disabled }: AutoRenewChoiceProps) {
  const period = pricingModel === 'annual_subscription' ? 'year' : '30 days';
  return (
    <Notice $tone={checked ? 'green' : 'neutral'} data-testid="auto-renew-choice">
      <Checkbox
        label={`Renew automatically every ${period}`}
        description={
          checked
            ? 'Your card is kept by the payment provider for renewals (we keep only its brand, last four digits and expiry). You are reminded 7 days before each renewal and can cancel any time in your library.'
            : 'Off: your access ends with the period and you renew by paying again.'
        }
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        disabled={disabled}
        data-testid="auto-renew"
      />
    </Notice>
  );
}
