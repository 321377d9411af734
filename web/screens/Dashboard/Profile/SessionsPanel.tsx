import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { Table, TableScroll } from '../../../components/DataTable.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { formatDateTime, timeAgo } from '../../../format/format.ts';
import { useEndOtherSessionsMutation, useEndSessionMutation } from './SecurityMutations.ts';

const Device = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 8px;
`;

// On a phone the address goes under the device, so the row fits without scrolling sideways.
const Sessions = styled(Table)`
  ${({ theme }) => theme.media.mobile} {
    th:nth-child(2),
    td:nth-child(2) {
      display: none;
    }
  }
  ${({ theme }) => theme.media.sm} {
    .address-under {
      display: none;
    }
  }
`;

const AddressUnder = styled.span.attrs({ className: 'address-under' })`
  flex-basis: 100%;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 400;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export type SessionRow = { readonly sessionId: string; readonly device: string; readonly ip: string | null | undefined; readonly lastSeenAt: string; readonly current: boolean };

/** The viewer's signed-in sessions: this device marked, Sign out per row, Sign out everywhere else. */
export function SessionsPanel({ sessions, onChanged }: { sessions: readonly SessionRow[]; onChanged: () => void }) {
  const { toast } = useToast();
  const [endOne, endingOne] = useEndSessionMutation();
  const [endOthers, endingOthers] = useEndOtherSessionsMutation();
  const others = sessions.filter((s) => !s.current).length;
  const failed = (message: string): void => void toast({ variant: 'destructive', title: 'Sign Out Failed', description: message });

  function signOut(sessionId: string) {
    endOne({
      variables: { sessionId },
      onCompleted: ({ endSession: r }) => {
        if (r.__typename === 'MutationEndSessionSuccess') onChanged();
        else failed(r.message ?? 'The session could not be signed out.');
      },
      onError: (error) => failed(error.message),
    });
  }

  function signOutOthers() {
    endOthers({
      variables: {},
      onCompleted: ({ endOtherSessions: r }) => {
        if (r.__typename !== 'MutationEndOtherSessionsSuccess') {
          failed(r.message ?? 'The sessions could not be signed out.');
          return;
        }
        toast({ title: 'Signed Out Everywhere Else', description: 'Only this device is signed in now.' });
        onChanged();
      },
      onError: (error) => failed(error.message),
    });
  }

  return (
    <Panel
      title="Signed-in sessions"
      padding="none"
      actions={
        <Button size="sm" variant="danger" onClick={signOutOthers} busy={endingOthers} disabled={others === 0}>
          Sign out everywhere else
        </Button>
      }
    >
      <TableScroll>
        <Sessions aria-label="Signed-in sessions">
          <thead>
            <tr>
              <th>Device</th>
              <th>Address</th>
              <th>Last seen</th>
              <th>
                <VisuallyHidden>Action</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.sessionId} data-testid="session-row">
                <td className="strong">
                  <Device>
                    {s.device}
                    {s.current && (
                      <Badge tone="green" size="sm" dot>
                        This device
                      </Badge>
                    )}
                    <AddressUnder aria-hidden="true">{s.ip ?? '—'}</AddressUnder>
                  </Device>
                </td>
                <td className="mono">{s.ip ?? '—'}</td>
                <td className="mono" title={formatDateTime(s.lastSeenAt)}>
                  {s.current ? 'Now' : timeAgo(s.lastSeenAt)}
                </td>
                <td className="num">
                  {!s.current && (
                    <Button size="sm" variant="secondary" onClick={() => signOut(s.sessionId)} disabled={endingOne} aria-label={`Sign out ${s.device}, ${s.ip ?? 'unknown address'}`}>
                      Sign out
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Sessions>
      </TableScroll>
    </Panel>
  );
}
