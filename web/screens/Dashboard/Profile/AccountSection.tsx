import { ProfileGrid } from './ProfileGrid.tsx';
import type { ChangeEmailPanel_query$key } from '../../../__generated__/ChangeEmailPanel_query.graphql.ts';
import { ChangeEmailPanel } from './ChangeEmailPanel.tsx';
import { DangerZone } from './DangerZone.tsx';

/** The profile's Account section (issue 25): the email, and deleting the account. */
export function AccountSection({ query }: { query: ChangeEmailPanel_query$key }) {
  return (
    <ProfileGrid $wider="first">
      <ChangeEmailPanel query={query} />
      <DangerZone />
    </ProfileGrid>
  );
}
