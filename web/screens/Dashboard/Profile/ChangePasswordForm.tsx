import type { FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { PasswordStrengthMeter } from '../../../components/PasswordStrengthMeter.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { useFormFields } from '../../../hooks/useFormFields.ts';
import { newPasswordProblem } from '../../shared/newPassword.ts';
import { StackForm } from '../../shared/StackForm.tsx';
import { readFormProblem } from '../../shared/formProblem.ts';
import { useChangePasswordMutation } from './SecurityMutations.ts';

const Note = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password: the current one, then a new one under the registration rules, twice. */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const { toast } = useToast();
  const [commit, inFlight] = useChangePasswordMutation();
  const { values, setValues, errors, setErrors, field, showServerErrors } = useFormFields(EMPTY, { clearOnInput: true });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight) return;
    const next: typeof errors = {};
    if (!values.currentPassword) next.currentPassword = 'Current password is required';
    const problem = values.newPassword ? newPasswordProblem(values.newPassword, values.confirmPassword) : null;
    if (!values.newPassword) next.newPassword = 'New password is required';
    else if (problem) next[problem.field === 'password' ? 'newPassword' : 'confirmPassword'] = problem.message;
    setErrors(next);
    if (Object.keys(next).length) return;
    commit({
      variables: { input: values },
      onCompleted: ({ changePassword: r }) => {
        if (r.__typename === 'MutationChangePasswordSuccess') {
          setValues(EMPTY);
          toast({ title: 'Password Changed', description: r.data?.message ?? 'Your other sessions were signed out.' });
          onChanged();
          return;
        }
        const problem = readFormProblem(r.problem);
        if (showServerErrors(problem?.fieldErrors)) return;
        toast({ variant: 'destructive', title: 'Password Not Changed', description: problem?.message ?? 'Your password could not be changed.' });
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Password Not Changed', description: error.message });
      },
    });
  }

  return (
    <Panel title="Change password">
      <StackForm onSubmit={submit} noValidate aria-label="Change password">
        <Note>Changing your password signs out every other session; this one stays signed in.</Note>
        <PasswordField label="Current password" autoComplete="current-password" {...field('currentPassword')} disabled={inFlight} />
        <PasswordField label="New password" autoComplete="new-password" {...field('newPassword')} disabled={inFlight} />
        <PasswordStrengthMeter password={values.newPassword} />
        <PasswordField label="Confirm new password" autoComplete="new-password" {...field('confirmPassword')} disabled={inFlight} />
        <div>
          <Button type="submit" variant="primary" busy={inFlight}>
            {inFlight ? 'Changing…' : 'Change password'}
          </Button>
        </div>
      </StackForm>
    </Panel>
  );
}
