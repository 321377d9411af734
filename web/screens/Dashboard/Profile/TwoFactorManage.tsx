import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { useFormFields } from '../../../hooks/useFormFields.ts';
import { StackForm } from '../../shared/StackForm.tsx';
import { fieldOfReason, useDisableTwoFactorMutation, useRegenerateRecoveryCodesMutation } from './TwoFactorMutations.ts';
import { ButtonRow } from './ButtonRow.ts';

type Action = 'regenerate' | 'disable';

/** With two-factor on: new recovery codes (the password), or turning it off (the password and a code). */
export function TwoFactorManage({ onCodes, onChanged }: { onCodes: (codes: readonly string[]) => void; onChanged: () => void }) {
  const { toast } = useToast();
  const [action, setAction] = useState<Action | null>(null);
  const [regenerate, regenerating] = useRegenerateRecoveryCodesMutation();
  const [disable, disabling] = useDisableTwoFactorMutation();
  const busy = regenerating || disabling;
  const { values, setValues, errors, setErrors, field } = useFormFields({ password: '', code: '' }, { clearOnInput: true });

  const open = (next: Action | null) => {
    setAction(next);
    setValues({ password: '', code: '' });
    setErrors({});
  };
  // A wrong password or code lands on its field; anything else is a toast.
  const failed = (title: string, { reason, message }: { reason?: string | null; message?: string | null }) => {
    const wrong = fieldOfReason(reason);
    if (wrong) return setErrors({ [wrong]: message ?? 'Incorrect' });
    toast({ variant: 'destructive', title, description: message ?? 'Please try again.' });
  };

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !action) return;
    const next: typeof errors = {};
    if (!values.password) next.password = 'Password is required';
    if (action === 'disable' && !values.code.trim()) next.code = 'Enter a code from your app or a recovery code';
    setErrors(next);
    if (Object.keys(next).length) return;
    const onError = (error: Error) => {
      toast({ variant: 'destructive', title: 'Not Done', description: error.message });
    };
    if (action === 'regenerate') {
      regenerate({
        variables: { input: { password: values.password } },
        onCompleted: ({ regenerateRecoveryCodes: r }) => {
          if (r.__typename !== 'MutationRegenerateRecoveryCodesSuccess' || !r.data) return failed('No New Codes', r);
          open(null);
          onCodes(r.data.recoveryCodes);
        },
        onError,
      });
      return;
    }
    disable({
      variables: { input: { password: values.password, code: values.code.trim() } },
      onCompleted: ({ disableTwoFactor: r }) => {
        if (r.__typename !== 'MutationDisableTwoFactorSuccess') return failed('Still On', r);
        open(null);
        toast({ title: 'Two-factor Off', description: r.data?.message ?? 'Logging in asks for your password only.' });
        onChanged();
      },
      onError,
    });
  }

  if (!action) {
    return (
      <ButtonRow>
        <Button type="button" variant="secondary" onClick={() => open('regenerate')}>
          New recovery codes
        </Button>
        <Button type="button" variant="danger" onClick={() => open('disable')}>
          Turn off
        </Button>
      </ButtonRow>
    );
  }
  return (
    <StackForm onSubmit={submit} noValidate aria-label={action === 'disable' ? 'Turn off two-factor sign-in' : 'New recovery codes'}>
      <PasswordField label="Password" autoComplete="current-password" {...field('password')} disabled={busy} />
      {action === 'disable' && <TextField label="Code from the app, or a recovery code" autoComplete="one-time-code" autoCapitalize="off" {...field('code')} disabled={busy} />}
      <ButtonRow>
        <Button type="submit" variant={action === 'disable' ? 'danger' : 'primary'} busy={busy}>
          {action === 'disable' ? 'Turn off two-factor' : 'Make new codes'}
        </Button>
        <Button type="button" variant="ghost" onClick={() => open(null)} disabled={busy}>
          Cancel
        </Button>
      </ButtonRow>
    </StackForm>
  );
}
