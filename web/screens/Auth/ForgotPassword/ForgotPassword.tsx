import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/Button.tsx';
import { FormCard } from '../../../components/FormCard.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { looksLikeEmail, useFormFields } from '../../../hooks/useFormFields.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { StackForm } from '../../shared/StackForm.tsx';
import { StateBlock } from '../StateBlock.tsx';
import { useRequestPasswordResetMutation } from './RequestPasswordResetMutation.ts';

// /auth/forgot-password: asks for a reset link. The server answers the same for any address, so
// the page says "if an account exists" and never whether one does.
export function ForgotPassword() {
  usePageTitle('Forgot password');
  const { toast } = useToast();
  const [commit, inFlight] = useRequestPasswordResetMutation();
  const { values, setErrors, field, showServerErrors } = useFormFields({ email: '' }, { clearOnInput: true });
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight) return;
    const email = values.email.trim();
    if (!email) return setErrors({ email: 'Email is required' });
    if (!looksLikeEmail(email)) return setErrors({ email: 'Please enter a valid email address' });
    setErrors({});
    const failed = (message?: string | null) =>
      toast({ variant: 'destructive', title: 'Could Not Send the Link', description: message || 'Please try again.' });
    commit({
      variables: { input: { email } },
      onCompleted: ({ requestPasswordReset: result }) => {
        if (result.__typename === 'MutationRequestPasswordResetSuccess') {
          setSentTo({ email, message: result.data?.message ?? '' });
          return;
        }
        if (result.__typename === 'ValidationError') showServerErrors(result.fieldErrors);
        failed(result.message);
      },
      onError: (error) => {
        failed(error.message);
      },
    });
  }

  return (
    <FormCard
      title="FORGOT PASSWORD"
      subtitle="We mail you a link to choose a new one"
      footer={
        <span>
          Remembered it? <Link to="/auth/login">Log in</Link>
        </span>
      }
    >
      {sentTo ? (
        <StateBlock tone="blue" icon="mail" title="Check your email">
          <p>{sentTo.message}</p>
          <p>
            Look in the inbox of <strong>{sentTo.email}</strong>. The link is valid for 1 hour and works once.
          </p>
        </StateBlock>
      ) : (
        <StackForm onSubmit={submit} noValidate aria-label="Forgot password">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            {...field('email')}
            disabled={inFlight}
            hint="The address of your account."
          />
          <Button type="submit" variant="primary" size="lg" fullWidth busy={inFlight}>
            {inFlight ? 'SENDING…' : 'SEND RESET LINK'}
          </Button>
        </StackForm>
      )}
    </FormCard>
  );
}
