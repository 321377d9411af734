import { useEffect, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { useSession } from '../../../session/useSession.ts';
import type { TwoFactorPanel_query$key } from '../../../__generated__/TwoFactorPanel_query.graphql.ts';
import { RecoveryCodesList } from './RecoveryCodesList.tsx';
import { TwoFactorEnrolForm } from './TwoFactorEnrolForm.tsx';
import { TwoFactorManage } from './TwoFactorManage.tsx';
import { useStartTwoFactorEnrolmentMutation } from './TwoFactorMutations.ts';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

const Note = styled.p<{ $warn?: boolean }>`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme, $warn }) => ($warn ? theme.colors.amber : theme.colors.textMuted)};
`;

/**
 * Two-factor sign-in (issue 25): turn it on with an authenticator app, see the recovery codes once,
 * make new ones, turn it off. An administrator who must turn it on is told so here
 * (docs/decisions.md "Issue 25: two-factor sign-in").
 */
export function TwoFactorPanel({ query, onChanged }: { query: TwoFactorPanel_query$key; onChanged: () => void }) {
  const { viewerTwoFactor: status } = useFragment(
    graphql`
      fragment TwoFactorPanel_query on Query {
        viewerTwoFactor {
          enabled
          recoveryCodesLeft
          requiredForAccount
        }
      }
    `,
    query,
  );
  const { toast } = useToast();
  const [start, starting] = useStartTwoFactorEnrolmentMutation();
  const [enrolment, setEnrolment] = useState<{ secret: string; qrCodeDataUrl: string } | null>(null);
  const [codes, setCodes] = useState<readonly string[] | null>(null);

  function begin() {
    start({
      variables: {},
      onCompleted: ({ startTwoFactorEnrolment: r }) => {
        if (r.__typename === 'MutationStartTwoFactorEnrolmentSuccess' && r.data) return setEnrolment(r.data);
        toast({ variant: 'destructive', title: 'Not Started', description: r.message ?? 'Please try again.' });
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Not Started', description: error.message });
      },
    });
  }
  const { refreshSession } = useSession();
  const showCodes = (next: readonly string[]) => {
    setEnrolment(null);
    setCodes(next);
    onChanged();
    // An administrator who had to enrol has the back office again: the header learns it.
    if (status.requiredForAccount) refreshSession().catch((error: unknown) => console.warn('Could not refresh the session', error));
  };

  // Sent here after logging in (/dashboard/profile#two-factor): the panel comes into view.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#two-factor') document.getElementById('two-factor')?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const badge = status.enabled ? <Badge tone="green" dot>ON</Badge> : <Badge tone={status.requiredForAccount ? 'amber' : 'neutral'}>OFF</Badge>;
  return (
    <Panel id="two-factor" title="Two-factor sign-in" actions={badge}>
      <Body>
        {codes ? (
          <RecoveryCodesList codes={codes} onDone={() => setCodes(null)} />
        ) : enrolment ? (
          <TwoFactorEnrolForm {...enrolment} onConfirmed={showCodes} onCancel={() => setEnrolment(null)} />
        ) : status.enabled ? (
          <>
            <Note>
              Logging in asks for a code from your authenticator app after your password. Recovery codes left: <strong>{status.recoveryCodesLeft}</strong>
            </Note>
            <TwoFactorManage onCodes={setCodes} onChanged={onChanged} />
          </>
        ) : (
          <>
            {status.requiredForAccount && <Note $warn>Administrators must turn on two-factor sign-in before using the back office.</Note>}
            <Note>Protect your account with a code from an authenticator app on your phone, asked after your password at every login.</Note>
            <div>
              <Button type="button" variant="primary" busy={starting} onClick={begin}>
                Set up two-factor
              </Button>
            </div>
          </>
        )}
      </Body>
    </Panel>
  );
}
