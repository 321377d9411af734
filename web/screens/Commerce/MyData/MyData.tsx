import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useSession } from '../../../session/useSession.ts';
import type { MyDataQuery as MyDataQueryType } from '../../../__generated__/MyDataQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { LibraryList } from './LibraryList.tsx';
import { MyDataQuery, type MyDataLoaderData } from './MyDataQuery.ts';
import { LoginRequired } from '../../shared/LoginRequired.tsx';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

// /my-data: the buyer's data library. Every purchase with its access, escrow, download, API key,
// developer examples, access log and, after release, the review of the provider.
export function MyData() {
  usePageTitle('My Data');
  const { query } = useLoaderData() as MyDataLoaderData;
  const data = usePreloadedQuery<MyDataQueryType>(MyDataQuery, query);
  const session = useSession();
  const viewer = session.viewer ? data.viewer : null;
  if (!viewer) {
    return <LoginRequired title="LOGIN REQUIRED" description="Please log in to see the data you bought" next="/my-data" />;
  }
  return (
    <Page>
      <PageTitle eyebrow="Library" subtitle="Download your data, stream it with an API key and follow every use of it">
        My Data
      </PageTitle>
      <LibraryList viewer={viewer} />
    </Page>
  );
}
