import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { FormCard } from '../../../components/FormCard.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { useFormFields } from '../../../hooks/useFormFields.ts';
import { useSession } from '../../../session/useSession.ts';
import { useLoginMutation } from './LoginMutation.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { StackForm } from '../../shared/StackForm.tsx';
import { TWO_FACTOR_ENROLMENT_PATH, TwoFactorLoginStep } from '../../shared/TwoFactorLoginStep.tsx';
import { loginOutcome } from '../../shared/loginOutcome.ts';
import type { LoginNotice } from '../loginNotice.ts';

// A word from the page that sent the user here (a password just reset).
const Notice = styled.p`
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.up};
  background: ${({ theme }) => theme.colors.upSoft};
  border: 1px solid ${({ theme }) => theme.colors.upBorder};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const ForgotLink = styled(Link)`
  align-self: flex-end;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const FooterLinks = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;


/** A `next` path after login: same-site paths only (never '//host' or a URL), else '/'. */
function safeNextPath(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

// /auth/login Login
export function Login() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Where the user was going (e.g. 'Log in to bid' on a contract); only paths on this site.
  const nextPath = safeNextPath(searchParams.get('next'));
  const notice = (useLocation().state as Partial<LoginNotice> | null)?.notice;
  const { toast } = useToast();
  const { refreshSession } = useSession();
  const [commitLogin, inFlight] = useLoginMutation();

  const { values, errors, setErrors, field, showServerErrors } = useFormFields({ usernameOrEmail: '', password: '' });
  const { usernameOrEmail, password } = values;
  const [finishing, setFinishing] = useState(false);
  // Two-factor sign-in is on: the password step answered a challenge, the code comes next.
  const [challenge, setChallenge] = useState<string | null>(null);
  const busy = inFlight || finishing;

  // An administrator who must enrol first goes to the profile's two-factor panel.
  function signedIn(message: string, mustEnrol = false) {
    toast({ title: 'Login Successful', description: message });
    setFinishing(true);
    refreshSession()
      .catch((error: unknown) => console.warn('Could not refresh the session', error))
      .finally(() => navigate(mustEnrol ? TWO_FACTOR_ENROLMENT_PATH : nextPath));
  }

  function fail(message?: string | null) {
    toast({ variant: 'destructive', title: 'Login Failed', description: message || 'Invalid credentials' });
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const next: typeof errors = {};
    if (!usernameOrEmail.trim()) next.usernameOrEmail = 'Username or email is required';
    if (!password) next.password = 'Password is required';
    setErrors(next);
    if (Object.keys(next).length) return;

    commitLogin({
      variables: { input: { usernameOrEmail: usernameOrEmail.trim(), password } },
      onCompleted: ({ login: result }) => {
        // `... on Error` merges the error fields into one shape: read them as optional
        switch (result.__typename) {
          case 'MutationLoginSuccess': {
            const next = loginOutcome(result.data);
            if (next.challenge) return setChallenge(next.challenge);
            const name = result.data?.user?.name;
            signedIn(result.data?.message || (name ? `Welcome back, ${name}!` : 'Welcome back!'), next.mustEnrol);
            return;
          }
          case 'EmailNotVerifiedError': {
            // 'verify your email' + emailVerificationRequired -> the verify-email screen
            toast({
              variant: 'warning',
              title: 'Email Not Verified',
              description: result.message || 'Please verify your email before logging in. We can send you a new link.',
            });
            // from=login: no link was sent now, so the screen must not say one was
            navigate(`/auth/verify-email?from=login&email=${encodeURIComponent(result.email ?? (usernameOrEmail.includes('@') ? usernameOrEmail.trim() : ''))}`);
            return;
          }
          case 'ValidationError': {
            showServerErrors(result.fieldErrors);
            fail(result.message);
            return;
          }
          default:
            fail(result.message);
        }
      },
      onError: (error) => fail(error.message),
    });
  }

  return (
    <FormCard
      title="LOGIN TO THE PIT"
      subtitle="Trade data sets with escrow protection"
      footer={
        <FooterLinks>
          <span>
            New to the pit? <Link to="/auth/register">Create an account</Link>
          </span>
          <Link to="/admin-login">Administrator? Log in here</Link>
        </FooterLinks>
      }
    >
      {notice && !challenge && <Notice role="status">{notice}</Notice>}
      {challenge ? (
        <TwoFactorLoginStep
          challenge={challenge}
          onSignedIn={(message) => signedIn(message || 'Welcome back!')}
          onRestart={() => setChallenge(null)}
        />
      ) : (
        <StackForm onSubmit={submit} noValidate aria-label="Login">
          <TextField
            label="Username or Email"
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            {...field('usernameOrEmail')}
            disabled={busy}
          />
          <PasswordField label="Password" {...field('password')} disabled={busy} />
          <ForgotLink to="/auth/forgot-password">Forgot password?</ForgotLink>
          <Button type="submit" variant="primary" size="lg" fullWidth busy={busy}>
            {busy ? 'LOGGING IN…' : 'LOGIN'}
          </Button>
        </StackForm>
      )}
    </FormCard>
  );
}
