import { useEffect, useRef, useState, type FormEvent } from 'react';
import { usePreloadedQuery } from 'react-relay';
import { Link, useLoaderData, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { FormCard } from '../../../components/FormCard.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { looksLikeEmail, useFormFields } from '../../../hooks/useFormFields.ts';
import { useSession } from '../../../session/useSession.ts';
import type { AdminLoginQuery as AdminLoginQueryType } from '../../../__generated__/AdminLoginQuery.graphql.ts';
import { useAdminLoginMutation } from './AdminLoginMutation.ts';
import { AdminLoginQuery, type AdminLoginLoaderData } from './AdminLoginQuery.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { StackForm } from '../../shared/StackForm.tsx';
import { TWO_FACTOR_ENROLMENT_PATH, TwoFactorLoginStep } from '../../shared/TwoFactorLoginStep.tsx';
import { loginOutcome } from '../../shared/loginOutcome.ts';

/** redirect delays: 1 s after admin login */
const REDIRECT_MS = 1000;

const Demo = styled.p`
  padding: 10px 12px;
  border: 1px dashed ${({ theme }) => theme.colors.amberBorder};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.amberSoft};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;

  code {
    color: ${({ theme }) => theme.colors.amber};
    white-space: nowrap;
  }
`;


// The administrator's login page: email and password, the demo credentials while demo data is on.
export function AdminLogin() {
  usePageTitle('Admin login');
  const { query } = useLoaderData() as AdminLoginLoaderData;
  const { demoAdminCredentials: demo } = usePreloadedQuery<AdminLoginQueryType>(AdminLoginQuery, query);
  const navigate = useNavigate();
  const { toast } = useToast();
  const { refreshSession } = useSession();
  const [commitLogin, inFlight] = useAdminLoginMutation();

  // the prefilled test credentials appear only when demo data is on
  const { values, errors, setErrors, field, showServerErrors } = useFormFields({ email: demo?.email ?? '', password: demo?.password ?? '' });
  const { email, password } = values;
  const [redirecting, setRedirecting] = useState(false);
  const busy = inFlight || redirecting;

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Two-factor sign-in is on: the password step answered a challenge, the code comes next.
  const [challenge, setChallenge] = useState<string | null>(null);

  // To the back office, or (an administrator who must enrol first) to the profile's two-factor panel.
  function signedIn(message: string | null | undefined, mustEnrol = false) {
    toast({ title: 'Admin Login Successful', description: message || 'Welcome to the back office.' });
    setRedirecting(true);
    const started = Date.now();
    refreshSession()
      .catch((error: unknown) => console.warn('Could not refresh the session', error))
      .finally(() => {
        timer.current = setTimeout(() => navigate(mustEnrol ? TWO_FACTOR_ENROLMENT_PATH : '/compliance-dashboard'), Math.max(0, REDIRECT_MS - (Date.now() - started)));
      });
  }

  function fail(message?: string | null) {
    toast({ variant: 'destructive', title: 'Login Failed', description: message || 'Invalid admin credentials' });
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const next: typeof errors = {};
    if (!email.trim()) next.email = 'Email is required';
    else if (!looksLikeEmail(email)) next.email = 'Please enter a valid email address';
    if (!password) next.password = 'Password is required';
    setErrors(next);
    if (Object.keys(next).length) return;

    commitLogin({
      variables: { input: { email: email.trim(), password } },
      onCompleted: ({ adminLogin: result }) => {
        if (result.__typename === 'MutationAdminLoginSuccess') {
          const next = loginOutcome(result.data);
          if (next.challenge) return setChallenge(next.challenge);
          signedIn(result.data?.message, next.mustEnrol);
          return;
        }
        if (result.__typename === 'ValidationError') {
          showServerErrors(result.fieldErrors);
        }
        fail(result.message);
      },
      onError: (error) => fail(error.message),
    });
  }

  return (
    <FormCard
      title="ADMIN LOGIN"
      subtitle="Back office: reviews, compliance and support"
      footer={<Link to="/">← Back to home</Link>}
    >
      {challenge ? (
        <TwoFactorLoginStep challenge={challenge} onSignedIn={(message) => signedIn(message)} onRestart={() => setChallenge(null)} />
      ) : (
        <>
          {demo && (
            <Demo data-testid="demo-credentials">
              Demo credentials: <code>{demo.email}</code> / <code>{demo.password}</code>
            </Demo>
          )}
          <StackForm onSubmit={submit} noValidate aria-label="Admin login">
            <TextField
              label="Email"
              type="email"
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              {...field('email')}
              disabled={busy}
            />
            <PasswordField label="Password" {...field('password')} disabled={busy} />
            <Button type="submit" variant="primary" size="lg" fullWidth busy={busy}>
              LOGIN AS ADMIN
            </Button>
          </StackForm>
        </>
      )}
    </FormCard>
  );
}
