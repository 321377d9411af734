import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { RangeButton, RangeSwitch } from '../../../components/RangeSwitch.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { NotificationChannel, NotificationPreferencesTable_viewer$key } from '../../../__generated__/NotificationPreferencesTable_viewer.graphql.ts';
import { TablePanel } from '../shared/TablePanel.tsx';
import { useUpdatePreferences } from './UpdatePreferencesMutation.ts';

const CHANNELS: { value: NotificationChannel; label: string }[] = [
  { value: 'app', label: 'APP' },
  { value: 'mail', label: 'MAIL' },
  { value: 'both', label: 'BOTH' },
];

const Note = styled.span`
  display: block;
  margin-top: 2px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};
  white-space: normal;
`;

// On a phone the kind's name wraps instead of pushing the switch off the screen.
const KindCell = styled.td`
  && { white-space: normal; }
`;

/** Where the viewer hears of each kind: in the app, by mail or both, saved on each choice; security kinds are always mailed. */
export function NotificationPreferencesTable({ viewer }: { viewer: NotificationPreferencesTable_viewer$key }) {
  const { notificationPreferences } = useFragment(
    graphql`
      fragment NotificationPreferencesTable_viewer on User {
        notificationPreferences {
          type
          label
          channel
          locked
        }
      }
    `,
    viewer,
  );
  const kinds = notificationPreferences ?? [];
  const [commit, saving] = useUpdatePreferences();
  const { toast } = useToast();

  const choose = (type: string, label: string, channel: NotificationChannel) =>
    commit({
      variables: { input: { preferences: [{ type, channel }] } },
      updater: (store) => {
        const answer = store.getRootField('updateNotificationPreferences');
        const list = answer?.getLinkedRecords('data');
        if (list) store.getRoot().getLinkedRecord('viewer')?.setLinkedRecords(list, 'notificationPreferences');
      },
      onCompleted: ({ updateNotificationPreferences: r }) => {
        if (r.__typename === 'MutationUpdateNotificationPreferencesSuccess') toast({ title: 'Preference saved', description: `${label}: ${channel === 'both' ? 'app and mail' : channel === 'app' ? 'app only' : 'mail only'}.` });
        else toast({ variant: 'destructive', title: 'Not saved', description: r.__typename === '%other' ? 'Please try again.' : r.message });
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Not saved', description: error.message });
      },
    });

  return (
    <TablePanel
      title="Delivery"
      label="Where you hear of each kind of notification"
      columns={['Kind', 'Channel']}
      total={kinds.length}
      isEmpty={kinds.length === 0}
      empty={null}
    >
      {kinds.map((p) => (
        <tr key={p.type} data-testid={`preference-${p.type}`}>
          <KindCell>
            {p.label}
            {p.locked && <Note>Security mails are always sent.</Note>}
          </KindCell>
          <td>
            <RangeSwitch role="radiogroup" aria-label={p.label}>
              {CHANNELS.map((c) => (
                <RangeButton
                  key={c.value}
                  type="button"
                  role="radio"
                  aria-checked={p.channel === c.value}
                  disabled={saving || (p.locked && c.value === 'app')}
                  title={p.locked && c.value === 'app' ? 'Security mails cannot be switched off' : undefined}
                  onClick={() => p.channel !== c.value && choose(p.type, p.label, c.value)}
                >
                  {c.label}
                </RangeButton>
              ))}
            </RangeSwitch>
          </td>
        </tr>
      ))}
    </TablePanel>
  );
}
