import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import type { ProfileQuery as ProfileQueryType } from '../../../__generated__/ProfileQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { TabHeader } from '../shared/TabHeader.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { BillingDetailsForm } from './BillingDetailsForm.tsx';
import { SecuritySection } from './SecuritySection.tsx';
import { AccountSection } from './AccountSection.tsx';
import { ProfileQuery, type ProfileLoaderData } from './ProfileQuery.ts';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

// Profile renders its own content: the name and picture others see, then the account's security.
export function Profile() {
  usePageTitle('Dashboard · Profile');
  const { query } = useLoaderData() as ProfileLoaderData;
  const data = usePreloadedQuery<ProfileQueryType>(ProfileQuery, query);
  const { viewer } = data;
  if (!viewer) return null;
  return (
    <Stack>
      <TabHeader title="Profile" description="How other traders see you on the floor" />
      <ProfileForm viewer={viewer} />
      <BillingDetailsForm viewer={viewer} />
      <TabHeader title="Security" description="Your password and where you are signed in" />
      <SecuritySection query={data} />
      <TabHeader title="Account" description="Your email, and leaving DATA PIT" />
      <AccountSection query={data} />
    </Stack>
  );
}
