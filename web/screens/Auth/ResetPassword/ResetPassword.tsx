import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/Button.tsx';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { FormCard } from '../../../components/FormCard.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { PasswordStrengthMeter } from '../../../components/PasswordStrengthMeter.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { useFormFields } from '../../../hooks/useFormFields.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { StackForm } from '../../shared/StackForm.tsx';
import { newPasswordProblem } from '../../shared/newPassword.ts';
import { StateBlock } from '../StateBlock.tsx';
import type { LoginNotice } from '../loginNotice.ts';
import { useResetPasswordMutation } from './ResetPasswordMutation.ts';

// /auth/reset-password?token=…: the page of the mailed link. A new password under the rules of
// registration; the server ends every session of the account, so the user logs in again.
export function ResetPassword() {
  usePageTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { toast } = useToast();
  const [commit, inFlight] = useResetPasswordMutation();
  const { values, setErrors, field, showServerErrors } = useFormFields({ password: '', confirmPassword: '' }, { clearOnInput: true });
  // A link that is unknown, used or expired: only a new one helps.
  const [deadLink, setDeadLink] = useState<string | null>(token ? null : 'This page needs the link from the reset email.');

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight) return;
    if (!values.password) return setErrors({ password: 'Password is required' });
    const problem = newPasswordProblem(values.password, values.confirmPassword);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      toast({ variant: 'destructive', title: problem.title, description: problem.description });
      return;
    }
    const failed = (message?: string | null) =>
      toast({ variant: 'destructive', title: 'Password Not Reset', description: message || 'Please try again.' });
    commit({
      variables: { input: { token, password: values.password, confirmPassword: values.confirmPassword } },
      onCompleted: ({ resetPassword: result }) => {
        if (result.__typename === 'MutationResetPasswordSuccess') {
          const notice = result.data?.message || 'Your password has been reset. You can now log in with it.';
          toast({ title: 'Password Reset', description: notice });
          navigate('/auth/login', { replace: true, state: { notice } satisfies LoginNotice });
          return;
        }
        if (result.__typename === 'ValidationError' && result.reason === 'INVALID_TOKEN') setDeadLink(result.message ?? null);
        else if (result.__typename === 'ValidationError') showServerErrors(result.fieldErrors);
        failed(result.message);
      },
      onError: (error) => {
        failed(error.message);
      },
    });
  }

  return (
    <FormCard
      title="RESET PASSWORD"
      subtitle="Choose a new password for your account"
      footer={
        <span>
          Remembered it? <Link to="/auth/login">Log in</Link>
        </span>
      }
    >
      {deadLink ? (
        <>
          <StateBlock tone="red" icon="alert" title="This link cannot be used">
            <p>{deadLink}</p>
            <p>Reset links are valid for 1 hour and work once.</p>
          </StateBlock>
          <ButtonLink to="/auth/forgot-password" variant="primary" size="lg" fullWidth>
            SEND A NEW LINK
          </ButtonLink>
        </>
      ) : (
        <StackForm onSubmit={submit} noValidate aria-label="Reset password">
          <PasswordField label="New Password" autoComplete="new-password" autoFocus {...field('password')} disabled={inFlight} />
          <PasswordStrengthMeter password={values.password} />
          <PasswordField label="Confirm New Password" autoComplete="new-password" {...field('confirmPassword')} disabled={inFlight} />
          <Button type="submit" variant="primary" size="lg" fullWidth busy={inFlight}>
            {inFlight ? 'SAVING…' : 'SET NEW PASSWORD'}
          </Button>
        </StackForm>
      )}
    </FormCard>
  );
}
