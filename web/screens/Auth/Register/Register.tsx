import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { FormCard } from '../../../components/FormCard.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { PasswordStrengthMeter } from '../../../components/PasswordStrengthMeter.tsx';
import { isPasswordStrongEnough } from '../../../components/passwordStrength.ts';
import { TextField } from '../../../components/TextField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { useRegisterMutation } from './RegisterMutation.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

const Row = styled.div`
  display: grid;
  gap: 14px;
  ${({ theme }) => theme.media.sm} {
    grid-template-columns: 1fr 1fr;
  }
`;

type Field = 'name' | 'email' | 'username' | 'password' | 'confirmPassword';
type Values = Record<Field, string>;
type FieldErrors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['name', 'email', 'username', 'password', 'confirmPassword'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isField(name: string): name is Field {
  return (FIELDS as readonly string[]).includes(name);
}

// /auth/register Registration Login, registration, verification
export function Register() {
  usePageTitle('Join the pit');
  const navigate = useNavigate();
  const { toast } = useToast();
  const [commitRegister, inFlight] = useRegisterMutation();

  const [values, setValues] = useState<Values>({ name: '', email: '', username: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = (field: Field) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((er) => ({ ...er, [field]: undefined }));
  };

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight) return;

    const next: FieldErrors = {};
    if (!values.name.trim()) next.name = 'Name is required';
    if (!values.email.trim()) next.email = 'Email is required';
    else if (!EMAIL.test(values.email.trim())) next.email = 'Please enter a valid email address';
    if (!values.username.trim()) next.username = 'Username is required';
    if (!values.password) next.password = 'Password is required';
    setErrors(next);
    if (Object.keys(next).length) return;

    if (values.password !== values.confirmPassword) {
      setErrors({ confirmPassword: 'Passwords do not match' });
      toast({ variant: 'destructive', title: 'Password Mismatch', description: 'Passwords do not match' });
      return;
    }
    if (!isPasswordStrongEnough(values.password)) {
      setErrors({ password: 'Password does not meet all the requirements below' });
      toast({
        variant: 'destructive',
        title: 'Password Requirements Not Met',
        description: 'Please ensure your password meets all security requirements',
      });
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
          const fieldErrors: FieldErrors = {};
          for (const fe of result.fieldErrors ?? []) if (isField(fe.field)) fieldErrors[fe.field] = fe.message;
          setErrors(fieldErrors);
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
      <Form onSubmit={submit} noValidate aria-label="Register">
        <TextField label="Full Name" name="name" autoComplete="name" autoFocus value={values.name} onChange={set('name')} error={errors.name} disabled={inFlight} />
        <Row>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            autoCapitalize="off"
            spellCheck={false}
            value={values.email}
            onChange={set('email')}
            error={errors.email}
            disabled={inFlight}
          />
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            value={values.username}
            onChange={set('username')}
            error={errors.username}
            disabled={inFlight}
          />
        </Row>
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          disabled={inFlight}
        />
        <PasswordStrengthMeter password={values.password} />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
          disabled={inFlight}
        />
        <Button type="submit" variant="primary" size="lg" fullWidth busy={inFlight}>
          {inFlight ? 'CREATING ACCOUNT…' : 'CREATE ACCOUNT'}
        </Button>
      </Form>
    </FormCard>
  );
}
