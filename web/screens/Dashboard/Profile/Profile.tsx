import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import type { ProfileQuery as ProfileQueryType } from '../../../__generated__/ProfileQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { TabHeader } from '../shared/TabHeader.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { ProfileQuery, type ProfileLoaderData } from './ProfileQuery.ts';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

// Profile renders its own content: the name and picture others see.
export function Profile() {
  usePageTitle('Dashboard · Profile');
  const { query } = useLoaderData() as ProfileLoaderData;
  const { viewer } = usePreloadedQuery<ProfileQueryType>(ProfileQuery, query);
  if (!viewer) return null;
  return (
    <Stack>
      <TabHeader title="Profile" description="How other traders see you on the floor" />
      <ProfileForm viewer={viewer} />
    </Stack>
  );
}
