import styled from 'styled-components';
import { monoCaps, wideLabel } from '../../shared/figureText.ts';

export type PaymentMethod = 'card' | 'bank_transfer' | 'crypto';

// What each method does with the built-in (simulated) payment provider: cards are charged at
// once with the test cards; bank transfers and crypto are confirmed at once without details.
export const METHODS: { value: PaymentMethod; label: string; detail: string }[] = [
  { value: 'card', label: 'Card', detail: 'Charged at once' },
  { value: 'bank_transfer', label: 'Bank transfer', detail: 'Confirmed at once' },
  { value: 'crypto', label: 'Crypto', detail: 'Confirmed at once' },
];

const Group = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;

  legend {
    margin-bottom: 8px;
    padding: 0;
    ${wideLabel('xxs', 'textMuted')}
  }
`;

const Options = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 8px;

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Option = styled.label<{ $checked: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: 10px;
  padding: 10px 12px;
  border: 1px solid ${({ theme, $checked }) => ($checked ? theme.colors.upBorder : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme, $checked }) => ($checked ? theme.colors.upSoft : theme.colors.raised)};
  cursor: pointer;
  transition: border-color ${({ theme }) => theme.transitions.fast};

  &:hover { border-color: ${({ theme }) => theme.colors.borderStrong}; }
  &:focus-within { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }

  input {
    margin: 2px 0 0;
    accent-color: ${({ theme }) => theme.colors.up};
  }
  span { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
  strong {
    ${monoCaps({ size: 'sm', colour: 'textStrong' })}
  }
  small {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export type PaymentMethodChoiceProps = {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  disabled?: boolean;
};

/** The method radio group: card, bank transfer or crypto. */
export function PaymentMethodChoice({ value, onChange, disabled }: PaymentMethodChoiceProps) {
  return (
    <Group disabled={disabled}>
      <legend>Payment method</legend>
      <Options>
        {METHODS.map((m) => (
          <Option key={m.value} $checked={value === m.value}>
            <input type="radio" name="paymentMethod" value={m.value} checked={value === m.value} onChange={() => onChange(m.value)} />
            <span>
              <strong>{m.label}</strong>
              <small>{m.detail}</small>
            </span>
          </Option>
        ))}
      </Options>
    </Group>
  );
}
