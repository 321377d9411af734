import styled from 'styled-components';
import { TextField } from '../../../components/TextField.tsx';
import { formatCardNumber, formatExpiry, type CardErrors, type CardForm } from './cardInput.ts';

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 12px;
`;

// the browser's autofill names of the fields
const AUTOFILL: Record<keyof CardForm, string> = { number: 'number', expiry: 'exp', cvc: 'csc' };

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

export type CardFieldsProps = {
  value: CardForm;
  onChange: (next: CardForm) => void;
  /** messages of the fields the user has left (or all of them after a try) */
  errors: CardErrors;
  onBlur: (field: keyof CardForm) => void;
  disabled?: boolean;
  /** why the payment provider refused this card (declined, expired): shown under the number until it changes */
  declined?: string | null;
};

/**
 * Card number, expiry and CVC. The browser's autofill names are set so saved cards fill in; the
 * values stay in the page's memory until they are sent to the payment provider.
 */
export function CardFields({ value, onChange, errors, onBlur, disabled, declined }: CardFieldsProps) {
  // what every field has: its value, its cleaned-up input, its message once left, and required
  const bind = (field: keyof CardForm, clean: (typed: string) => string) => ({
    autoComplete: `cc-${AUTOFILL[field]}`,
    inputMode: 'numeric' as const,
    value: value[field],
    onChange: (e: { target: { value: string } }) => onChange({ ...value, [field]: clean(e.target.value) }),
    onBlur: () => onBlur(field),
    error: errors[field],
    disabled,
    required: true,
  });
  return (
    <Stack>
      <TextField
        label="Card number"
        name="cardNumber"
        placeholder="4242 4242 4242 4242"
        {...bind('number', formatCardNumber)}
        error={errors.number ?? (declined ? <span data-testid="card-declined">{declined}</span> : undefined)}
        hint="Test cards: 4242 4242 4242 4242 is accepted, 4000 0000 0000 0002 is declined."
      />
      <Row>
        <TextField label="Expiry (MM/YY)" name="cardExpiry" placeholder="MM/YY" maxLength={5} {...bind('expiry', (typed) => formatExpiry(typed, value.expiry))} />
        <TextField label="CVC" name="cardCvc" placeholder="123" maxLength={4} {...bind('cvc', (typed) => typed.replace(/\D/g, ''))} />
      </Row>
    </Stack>
  );
}
