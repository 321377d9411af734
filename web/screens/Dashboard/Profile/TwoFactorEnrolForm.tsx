import type { FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { useFormFields } from '../../../hooks/useFormFields.ts';
import { StackForm } from '../../shared/StackForm.tsx';
import { fieldOfReason, useConfirmTwoFactorEnrolmentMutation } from './TwoFactorMutations.ts';
import { ButtonRow } from './ButtonRow.ts';

// The QR beside the steps, under them on a phone; white behind the code: scanners need the
// contrast the dark theme does not give.
const Setup = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(168px, 1fr));
  gap: 16px;
  img {
    width: 168px;
    padding: 6px;
    background: #fff;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;

const Steps = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  p {
    margin: 0 0 8px;
  }
`;

// The key to type by hand, in the figures' monospace, grouped by four.
const Secret = styled.code`
  display: block;
  margin-bottom: 8px;
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  font: ${({ theme }) => `${theme.fontSizes.md} ${theme.fonts.mono}`};
  letter-spacing: 0.08em;
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

/** Groups a base32 secret by four, as apps show it, so it can be typed without losing one's place. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Enrolment: scan the QR (or type the secret), then confirm with a current code and the password. */
export function TwoFactorEnrolForm({ secret, qrCodeDataUrl, onConfirmed, onCancel }: { secret: string; qrCodeDataUrl: string; onConfirmed: (codes: readonly string[]) => void; onCancel: () => void }) {
  const { toast } = useToast();
  const [commit, inFlight] = useConfirmTwoFactorEnrolmentMutation();
  const { values, errors, setErrors, field } = useFormFields({ code: '', password: '' }, { clearOnInput: true });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight) return;
    const next: typeof errors = {};
    if (!/^\d{6}$/.test(values.code.replace(/\s/g, ''))) next.code = 'Enter the 6-digit code from your app';
    if (!values.password) next.password = 'Password is required';
    setErrors(next);
    if (Object.keys(next).length) return;
    commit({
      variables: { input: { code: values.code.replace(/\s/g, ''), password: values.password } },
      onCompleted: ({ confirmTwoFactorEnrolment: r }) => {
        if (r.__typename === 'MutationConfirmTwoFactorEnrolmentSuccess' && r.data) {
          toast({ title: 'Two-factor On', description: 'Logging in now asks for a code from your app.' });
          return onConfirmed(r.data.recoveryCodes);
        }
        const wrong = fieldOfReason(r.reason);
        if (wrong) return setErrors({ [wrong]: r.message ?? 'Incorrect' });
        toast({ variant: 'destructive', title: 'Not Turned On', description: r.message ?? 'Two-factor sign-in could not be turned on.' });
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Not Turned On', description: error.message });
      },
    });
  }

  return (
    <StackForm onSubmit={submit} noValidate aria-label="Confirm two-factor sign-in">
      <Setup>
        <img src={qrCodeDataUrl} width={168} height={168} alt="QR code for your authenticator app" />
        <Steps>
          <p>1. Scan the QR code with an authenticator app (Google Authenticator, 1Password, Authy…), or type this key:</p>
          <Secret data-testid="two-factor-secret" data-secret={secret}>
            {grouped(secret)}
          </Secret>
          <p>2. Enter the 6-digit code the app shows, and your password.</p>
        </Steps>
      </Setup>
      <TextField label="Code from the app" autoComplete="one-time-code" inputMode="numeric" maxLength={7} placeholder="123456" {...field('code')} disabled={inFlight} />
      <PasswordField label="Password" autoComplete="current-password" {...field('password')} disabled={inFlight} />
      <ButtonRow>
        <Button type="submit" variant="primary" busy={inFlight}>
          {inFlight ? 'Turning on…' : 'Turn on'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={inFlight}>
          Cancel
        </Button>
      </ButtonRow>
    </StackForm>
  );
}
