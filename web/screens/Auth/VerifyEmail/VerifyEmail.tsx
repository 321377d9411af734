import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { FormCard } from '../../../components/FormCard.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { ResendForm } from './ResendForm.tsx';
import { useVerifyEmailMutation } from './VerifyEmailMutation.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { StateBlock } from '../StateBlock.tsx';
import { useOncePerToken } from '../useOncePerToken.ts';

/** After a verification the login screen follows in 2 s (docs/decisions.md 'Verification tokens'). */
const REDIRECT_MS = 2000;
const INVALID_TOKEN = 'Invalid or expired verification token';

type Phase =
  | { kind: 'check-inbox' }
  | { kind: 'verifying' }
  | { kind: 'verified'; message: string }
  // a link opened again once the account is verified: nothing to do but log in
  | { kind: 'already-verified'; email: string }
  | { kind: 'failed'; message: string };

// /auth/verify-email and /email-verification: verifies a mailed link (?token=&email=), or says how
// to get one.
export function VerifyEmail() {
  usePageTitle('Verify your email');
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const fromLogin = params.get('from') === 'login';
  const navigate = useNavigate();
  const { toast } = useToast();
  const [commitVerify] = useVerifyEmailMutation();
  const [phase, setPhase] = useState<Phase>(token ? { kind: 'verifying' } : { kind: 'check-inbox' });

  useOncePerToken(token, () => {
    setPhase({ kind: 'verifying' });
    commitVerify({
      variables: { input: { token, email: email || null } },
      onCompleted: ({ verifyEmail: result }) => {
        if (result.__typename === 'MutationVerifyEmailSuccess' && result.data?.alreadyVerified) {
          setPhase({ kind: 'already-verified', email: result.data.email ?? email });
          return;
        }
        if (result.__typename === 'MutationVerifyEmailSuccess') {
          const message = result.data?.message ?? 'Your email is verified. You can log in now.';
          toast({ title: 'Email Verified Successfully!', description: message });
          setPhase({ kind: 'verified', message });
          return;
        }
        const message = result.message || INVALID_TOKEN;
        toast({ variant: 'destructive', title: 'Verification Failed', description: message });
        setPhase({ kind: 'failed', message });
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Verification Failed', description: error.message || INVALID_TOKEN });
        setPhase({ kind: 'failed', message: error.message || INVALID_TOKEN });
      },
    });
  });

  // verified -> the login screen after 2 s
  useEffect(() => {
    if (phase.kind !== 'verified') return;
    const timer = setTimeout(() => navigate('/auth/login', { replace: true }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [phase.kind, navigate]);

  return (
    <FormCard
      title="VERIFY YOUR EMAIL"
      subtitle="One step before you can trade"
      footer={
        <span>
          Already verified? <Link to="/auth/login">Log in</Link>
        </span>
      }
    >
      {phase.kind === 'verifying' && (
        <StateBlock tone="blue" icon={null} title="Verifying your email…">
          <p>Checking your verification link.</p>
        </StateBlock>
      )}

      {phase.kind === 'verified' && (
        <>
          <StateBlock tone="green" icon="check" title="Email Verified Successfully!">
            <p>{phase.message || 'Your email is verified.'} Taking you to the login page…</p>
          </StateBlock>
          <ButtonLink to="/auth/login" variant="primary" size="lg" fullWidth replace>
            GO TO LOGIN
          </ButtonLink>
        </>
      )}

      {phase.kind === 'already-verified' && (
        <>
          <StateBlock tone="green" icon="check" title="Email already verified">
            <p>
              {phase.email ? <strong>{phase.email}</strong> : 'Your email'} is already verified, so this link has nothing left to do. Log in to start
              trading.
            </p>
          </StateBlock>
          <ButtonLink to="/auth/login" variant="primary" size="lg" fullWidth replace>
            LOG IN
          </ButtonLink>
        </>
      )}

      {phase.kind === 'failed' && (
        <>
          <StateBlock tone="red" icon="alert" title="Verification Failed">
            <p>{phase.message}</p>
            <p>Links are valid for 24 hours and work once. Send yourself a new one below.</p>
          </StateBlock>
          <ResendForm initialEmail={email} />
        </>
      )}

      {phase.kind === 'check-inbox' && (
        <>
          {email && !fromLogin ? (
            // straight after registering: the link was just mailed
            <StateBlock tone="blue" icon="mail" title="Check your email">
              <p>
                We sent a verification link to <strong>{email}</strong>. Open it to activate your account.
              </p>
            </StateBlock>
          ) : (
            // a direct visit or a login refused for an unverified email: nothing was sent now
            <StateBlock tone="blue" icon="mail" title={fromLogin ? 'Your email is not verified yet' : 'How to verify your account'}>
              <p>
                {fromLogin && email ? (
                  <>
                    <strong>{email}</strong> is not verified yet.{' '}
                  </>
                ) : null}
                Open the verification link in the email you received after registering. Links are valid for 24 hours.
              </p>
              <p>No email, or the link expired? Enter your address below and we will send a new link.</p>
            </StateBlock>
          )}
          <ResendForm initialEmail={email} />
        </>
      )}
    </FormCard>
  );
}
