import { useTransition } from 'react';
import { graphql, useRefetchableFragment } from 'react-relay';
import { ProfileGrid } from './ProfileGrid.tsx';
import type { SecuritySection_query$key } from '../../../__generated__/SecuritySection_query.graphql.ts';
import type { SecuritySectionRefetchQuery } from '../../../__generated__/SecuritySectionRefetchQuery.graphql.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { SessionsPanel } from './SessionsPanel.tsx';
import { TwoFactorPanel } from './TwoFactorPanel.tsx';

/**
 * The profile's Security section (issue 25): change password and the signed-in sessions. The list
 * is read again after a sign-out or a password change (which signs the other sessions out).
 */
export function SecuritySection({ query }: { query: SecuritySection_query$key }) {
  const [data, refetch] = useRefetchableFragment<SecuritySectionRefetchQuery, SecuritySection_query$key>(
    graphql`
      fragment SecuritySection_query on Query @refetchable(queryName: "SecuritySectionRefetchQuery") {
        viewerSessions {
          sessionId
          device
          ip
          lastSeenAt
          current
        }
        ...TwoFactorPanel_query
      }
    `,
    query,
  );
  const [, startTransition] = useTransition();
  const refresh = () =>
    startTransition(() => {
      refetch({}, { fetchPolicy: 'network-only' });
    });
  return (
    <>
      <ProfileGrid $wider="second">
        <ChangePasswordForm onChanged={refresh} />
        <SessionsPanel sessions={data.viewerSessions} onChanged={refresh} />
      </ProfileGrid>
      <TwoFactorPanel query={data} onChanged={refresh} />
    </>
  );
}
