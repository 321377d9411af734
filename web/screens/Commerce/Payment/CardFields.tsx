import styled from 'styled-components';
import { TextField } from '../../../components/TextField.tsx';
import { formatCardNumber, formatExpiry, type CardErrors, type CardForm } from './cardInput.ts';

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 12px;
`;

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
  return (
    <Stack>
      <TextField
        label="Card number"
        name="cardNumber"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="4242 4242 4242 4242"
        value={value.number}
        onChange={(e) => onChange({ ...value, number: formatCardNumber(e.target.value) })}
        onBlur={() => onBlur('number')}
        error={errors.number ?? (declined ? <span data-testid="card-declined">{declined}</span> : undefined)}
        hint="Test cards: 4242 4242 4242 4242 is accepted, 4000 0000 0000 0002 is declined."
        disabled={disabled}
        required
      />
      <Row>
        <TextField
          label="Expiry (MM/YY)"
          name="cardExpiry"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          maxLength={5}
          value={value.expiry}
          onChange={(e) => onChange({ ...value, expiry: formatExpiry(e.target.value, value.expiry) })}
          onBlur={() => onBlur('expiry')}
          error={errors.expiry}
          disabled={disabled}
          required
        />
        <TextField
          label="CVC"
          name="cardCvc"
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="123"
          maxLength={4}
          value={value.cvc}
          onChange={(e) => onChange({ ...value, cvc: e.target.value.replace(/\D/g, '') })}
          onBlur={() => onBlur('cvc')}
          error={errors.cvc}
          disabled={disabled}
          required
        />
      </Row>
    </Stack>
  );
}
