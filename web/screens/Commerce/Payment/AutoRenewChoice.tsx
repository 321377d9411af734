import styled from 'styled-components';
import { Notice } from './paymentLayout.ts';

// A native checkbox, not components/Checkbox: sharing that one with the market's filters would
// split it into a chunk of its own that the first page loads (over its JavaScript budget).
const Choice = styled.label`
  display: flex;
  align-items: flex-start;
  gap: 10px;
  cursor: pointer;

  input {
    flex: none;
    width: 16px;
    height: 16px;
    margin: 2px 0 0;
    accent-color: ${({ theme }) => theme.colors.up};
  }
  span { display: flex; flex-direction: column; gap: 2px; }
  b { font-weight: 600; color: ${({ theme }) => theme.colors.textStrong}; }
  small { font-size: ${({ theme }) => theme.fontSizes.xs}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

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
      <Choice>
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} disabled={disabled} data-testid="auto-renew" />
        <span>
          <b>Renew automatically every {period}</b>
          <small>
            {checked
              ? 'Your card is kept by the payment provider for renewals (we keep only its brand, last four digits and expiry). You are reminded 7 days before each renewal and can cancel any time in your library.'
              : 'Off: your access ends with the period and you renew by paying again.'}
          </small>
        </span>
      </Choice>
    </Notice>
  );
}
