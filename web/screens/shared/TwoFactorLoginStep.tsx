import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useToast } from '../../components/toast/useToast.ts';
import { useCompleteTwoFactorLoginMutation } from './CompleteTwoFactorLoginMutation.ts';
import { StackForm } from './StackForm.tsx';

/** Where an administrator who must turn on two-factor sign-in is sent after logging in. */
export const TWO_FACTOR_ENROLMENT_PATH = '/dashboard/profile#two-factor';

const Note = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Switch = styled.button`
  align-self: flex-start;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.blue};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
  &:hover {
    text-decoration: underline;
  }
`;

/**
 * The login's second step when two-factor sign-in is on (the user and administrator logins): the
 * 6-digit code of the authenticator app, or a recovery code. An expired challenge sends the user
 * back to the password step.
 */
export function TwoFactorLoginStep({ challenge, onSignedIn, onRestart }: { challenge: string; onSignedIn: (message: string | null | undefined) => void; onRestart: () => void }) {
  const { toast } = useToast();
  const [commit, inFlight] = useCompleteTwoFactorLoginMutation();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight) return;
    const typed = code.trim();
    if (!typed) return setError(recovery ? 'Enter one of your recovery codes' : 'Enter the 6-digit code from your app');
    if (!recovery && !/^\d{6}$/.test(typed.replace(/\s/g, ''))) return setError('The code has 6 digits');
    setError(undefined);
    commit({
      variables: { input: { challenge, code: typed } },
      onCompleted: ({ completeTwoFactorLogin: r }) => {
        if (r.__typename === 'MutationCompleteTwoFactorLoginSuccess') return onSignedIn(r.data?.message);
        if (r.reason === 'TWO_FACTOR_CHALLENGE_INVALID') {
          toast({ variant: 'destructive', title: 'Sign-in Expired', description: r.message ?? 'Please log in again.' });
          return onRestart();
        }
        setCode('');
        setError(r.message ?? 'Invalid code');
      },
      onError: (err) => setError(err.message),
    });
  }

  return (
    <StackForm onSubmit={submit} noValidate aria-label="Two-factor code">
      <Note>{recovery ? 'Enter one of the recovery codes you saved. Each works once.' : 'Open your authenticator app and enter the code it shows for DATA PIT.'}</Note>
      <TextField
        key={recovery ? 'recovery' : 'app'}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        name="code"
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="off"
        spellCheck={false}
        autoFocus
        maxLength={recovery ? 20 : 7}
        placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
        value={code}
        error={error}
        onChange={(e) => setCode(e.target.value)}
        disabled={inFlight}
      />
      <Switch type="button" onClick={() => { setRecovery(!recovery); setCode(''); setError(undefined); }}>
        {recovery ? 'Use the code from my app' : 'Use a recovery code instead'}
      </Switch>
      <Button type="submit" variant="primary" size="lg" fullWidth busy={inFlight}>
        {inFlight ? 'VERIFYING…' : 'VERIFY'}
      </Button>
      <Switch type="button" onClick={onRestart}>
        ← Back to the password
      </Switch>
    </StackForm>
  );
}
