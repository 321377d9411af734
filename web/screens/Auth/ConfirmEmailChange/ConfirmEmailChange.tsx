import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { FormCard } from '../../../components/FormCard.tsx';
import { useSession } from '../../../session/useSession.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { StateBlock } from '../StateBlock.tsx';
import { useOncePerToken } from '../useOncePerToken.ts';
import { useConfirmEmailChangeMutation } from './ConfirmEmailChangeMutation.ts';

const NO_LINK = 'This page opens from the link we mailed to your new address.';

type Phase = { kind: 'confirming' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string };

// /auth/confirm-email-change?token=: the link mailed to the new address when a user changes their
// email from the profile. Works signed in or not (it may be opened on another device).
export function ConfirmEmailChange() {
  usePageTitle('Confirm your new email');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { viewer, refreshSession } = useSession();
  const [commit] = useConfirmEmailChangeMutation();
  const [phase, setPhase] = useState<Phase>(token ? { kind: 'confirming' } : { kind: 'failed', message: NO_LINK });

  useOncePerToken(token, () =>
    commit({
      variables: { input: { token } },
      onCompleted: ({ confirmEmailChange: r }) => {
        if (r.__typename === 'MutationConfirmEmailChangeSuccess' && r.data) {
          setPhase({ kind: 'done', email: r.data.email });
          // Signed in here: every cached answer showing the old address is read again.
          refreshSession().catch(() => {});
          return;
        }
        setPhase({ kind: 'failed', message: (r.__typename === '%other' ? null : r.message) ?? 'The email could not be changed.' });
      },
      onError: (error) => setPhase({ kind: 'failed', message: error.message }),
    }),
  );

  const next = viewer ? { to: '/dashboard/profile', label: 'BACK TO YOUR PROFILE' } : { to: '/auth/login', label: 'LOG IN' };
  return (
    <FormCard title="CONFIRM YOUR NEW EMAIL" subtitle="Account settings" footer={<Link to="/">Back to the market</Link>}>
      {phase.kind === 'confirming' && (
        <StateBlock tone="blue" icon={null} title="Confirming your new email…">
          <p>Checking your confirmation link.</p>
        </StateBlock>
      )}
      {phase.kind === 'done' && (
        <>
          <StateBlock tone="green" icon="check" title="Email changed">
            <p>
              Your account now uses <strong>{phase.email}</strong>. Log in with it from now on; your old address was told.
            </p>
          </StateBlock>
          <ButtonLink to={next.to} variant="primary" size="lg" fullWidth replace>
            {next.label}
          </ButtonLink>
        </>
      )}
      {phase.kind === 'failed' && (
        <>
          <StateBlock tone="red" icon="alert" title="Email not changed">
            <p>{phase.message}</p>
            <p>Links are valid for 1 hour and work once. Ask for the change again from your profile.</p>
          </StateBlock>
          <ButtonLink to={viewer ? '/dashboard/profile' : '/auth/login'} variant="primary" size="lg" fullWidth>
            {viewer ? 'GO TO YOUR PROFILE' : 'LOG IN'}
          </ButtonLink>
        </>
      )}
    </FormCard>
  );
}
