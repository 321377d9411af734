import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { FormCard } from '../../../components/FormCard.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { StateBlock } from '../StateBlock.tsx';
import { useOncePerToken } from '../useOncePerToken.ts';
import { useUnsubscribeMutation } from './UnsubscribeMutation.ts';

const INVALID = 'This unsubscribe link is not valid';

type Phase = { kind: 'working' } | { kind: 'done'; label: string } | { kind: 'failed'; message: string };

// /notifications/unsubscribe?token=: the link at the foot of an optional notification mail. Opening
// it is the request (as mail clients' one-click unsubscribe expects), without logging in; the kind
// then shows in the app only (docs/decisions.md "Issue 25: notification centre").
export function Unsubscribe() {
  usePageTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [commit] = useUnsubscribeMutation();
  const [phase, setPhase] = useState<Phase>(token ? { kind: 'working' } : { kind: 'failed', message: INVALID });

  useOncePerToken(token, () =>
    commit({
      variables: { input: { token } },
      onCompleted: ({ unsubscribeNotificationMail: r }) =>
        setPhase(r.__typename === 'MutationUnsubscribeNotificationMailSuccess' && r.data ? { kind: 'done', label: r.data.label } : { kind: 'failed', message: r.__typename === '%other' ? INVALID : r.message || INVALID }),
      onError: (error) => setPhase({ kind: 'failed', message: error.message || INVALID }),
    }),
  );

  return (
    <FormCard
      title="NOTIFICATION MAILS"
      subtitle="Choose what reaches your inbox"
      footer={
        <span>
          All settings: <Link to="/dashboard/notifications">Notifications</Link>
        </span>
      }
    >
      {phase.kind === 'working' && (
        <StateBlock tone="blue" icon={null} title="Unsubscribing…">
          <p>Checking your link.</p>
        </StateBlock>
      )}
      {phase.kind === 'done' && (
        <>
          <StateBlock tone="green" icon="check" title="Unsubscribed">
            <p>
              You will no longer receive mails about <strong>{phase.label}</strong>. They still show under the bell in DATA PIT.
            </p>
          </StateBlock>
          <ButtonLink to="/dashboard/notifications" variant="primary" size="lg" fullWidth>
            NOTIFICATION SETTINGS
          </ButtonLink>
        </>
      )}
      {phase.kind === 'failed' && (
        <>
          <StateBlock tone="red" icon="alert" title="Link not valid">
            <p>{phase.message}. Copy the whole link from the mail, or change what you receive in your settings.</p>
          </StateBlock>
          <ButtonLink to="/dashboard/notifications" variant="secondary" size="lg" fullWidth>
            NOTIFICATION SETTINGS
          </ButtonLink>
        </>
      )}
    </FormCard>
  );
}
