import type { FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { looksLikeEmail, useFormFields } from '../../../hooks/useFormFields.ts';
import { useResendVerificationMutation } from './ResendVerificationMutation.ts';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding-top: 14px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

export type ResendFormProps = { initialEmail: string };

/** 'Send a new link' form. */
export function ResendForm({ initialEmail }: ResendFormProps) {
  const { toast } = useToast();
  const [commitResend, inFlight] = useResendVerificationMutation();
  const { values, setErrors, field } = useFormFields({ email: initialEmail });
  const setError = (message?: string) => setErrors({ email: message });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight) return;
    const value = values.email.trim();
    if (!value) return setError('Email is required');
    if (!looksLikeEmail(value)) return setError('Please enter a valid email address');
    setError(undefined);

    const failed = (message?: string | null) =>
      toast({ variant: 'destructive', title: 'Failed to Send Email', description: message || 'Could not send the verification email. Please try again.' });

    commitResend({
      variables: { input: { email: value } },
      onCompleted: ({ resendVerification: result }) => {
        if (result.__typename === 'MutationResendVerificationSuccess') {
          toast({ title: 'Verification Email Sent', description: result.data?.message || `We sent a new link to ${value}.` });
          return;
        }
        if (result.__typename === 'ValidationError') {
          setError(result.fieldErrors?.find((f) => f.field === 'email')?.message ?? result.message);
        }
        failed(result.message);
      },
      onError: (err) => {
        failed(err.message);
      },
    });
  }

  return (
    <Form onSubmit={submit} noValidate aria-label="Resend verification link">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        autoCapitalize="off"
        spellCheck={false}
        {...field('email')}
        disabled={inFlight}
        hint="Didn't get the email? Check your spam folder or send a new link."
      />
      <Button type="submit" fullWidth busy={inFlight}>
        {inFlight ? 'SENDING…' : 'RESEND VERIFICATION EMAIL'}
      </Button>
    </Form>
  );
}
