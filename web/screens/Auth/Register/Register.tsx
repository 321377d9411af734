import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { FormCard } from '../../../components/FormCard.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { PasswordStrengthMeter } from '../../../components/PasswordStrengthMeter.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { looksLikeEmail, useFormFields } from '../../../hooks/useFormFields.ts';
import { useRegisterMutation } from './RegisterMutation.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { StackForm } from '../../shared/StackForm.tsx';
import { newPasswordProblem } from '../../shared/newPassword.ts';

const Row = styled.div`
  display: grid;
  gap: 14px;
  ${({ theme }) => theme.media.sm} {
    grid-template-columns: 1fr 1fr;
  }
`;

// /auth/register Registration Login, registration, verification
export function Register() {
  usePageTitle('Join the pit');
  const navigate = useNavigate();
  const { toast } = useToast();
  const [commitRegister, inFlight] = useRegisterMutation();

  const { values, errors, setErrors, field, showServerErrors } = useFormFields(
    { name: '', email: '', username: '', password: '', confirmPassword: '' },
    { clearOnInput: true },
  );

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight) return;

    const next: typeof errors = {};
    if (!values.name.trim()) next.name = 'Name is required';
    if (!values.email.trim()) next.email = 'Email is required';
    else if (!looksLikeEmail(values.email)) next.email = 'Please enter a valid email address';
    if (!values.username.trim()) next.username = 'Username is required';
    if (!values.password) next.password = 'Password is required';
    setErrors(next);
    if (Object.keys(next).length) return;

    const problem = newPasswordProblem(values.password, values.confirmPassword);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      toast({ variant: 'destructive', title: problem.title, description: problem.description });
      return;
    }

    const email = values.email.trim();
    commitRegister({
      variables: {
        input: {
          name: values.name.trim(),
          email,
          username: values.username.trim(),
          password: values.password,
          confirmPassword: values.confirmPassword,
        },
      },
      onCompleted: ({ register: result }) => {
        if (result.__typename === 'MutationRegisterSuccess') {
          toast({ title: 'Registration Successful', description: result.data?.message || 'Check your email to verify your account.' });
          navigate(`/auth/verify-email?email=${encodeURIComponent(result.data?.email || email)}`);
          return;
        }
        if (result.__typename === 'ValidationError') {
          showServerErrors(result.fieldErrors);
        }
        toast({ variant: 'destructive', title: 'Registration Failed', description: result.message || 'Registration failed. Please try again.' });
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Registration Failed', description: error.message });
      },
    });
  }

  return (
    <FormCard
      title="JOIN THE PIT"
      subtitle="Create an account to buy, sell and trade data"
      width={520}
      footer={
        <span>
          Already trading? <Link to="/auth/login">Log in</Link>
        </span>
      }
    >
      <StackForm onSubmit={submit} noValidate aria-label="Register">
        <TextField label="Full Name" autoComplete="name" autoFocus {...field('name')} disabled={inFlight} />
        <Row>
          <TextField label="Email" type="email" autoComplete="email" autoCapitalize="off" spellCheck={false} {...field('email')} disabled={inFlight} />
          <TextField label="Username" autoComplete="username" autoCapitalize="off" spellCheck={false} {...field('username')} disabled={inFlight} />
        </Row>
        <PasswordField label="Password" autoComplete="new-password" {...field('password')} disabled={inFlight} />
        <PasswordStrengthMeter password={values.password} />
        <PasswordField label="Confirm Password" autoComplete="new-password" {...field('confirmPassword')} disabled={inFlight} />
        <Button type="submit" variant="primary" size="lg" fullWidth busy={inFlight}>
          {inFlight ? 'CREATING ACCOUNT…' : 'CREATE ACCOUNT'}
        </Button>
      </StackForm>
    </FormCard>
  );
}
