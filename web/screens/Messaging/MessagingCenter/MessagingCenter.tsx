import { useEffect } from 'react';
import { usePreloadedQuery } from 'react-relay';
import { useLoaderData, useLocation } from 'react-router-dom';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useSession } from '../../../session/useSession.ts';
import type { MessagingCenterQuery as MessagingCenterQueryType } from '../../../__generated__/MessagingCenterQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { LoginRequired } from '../../shared/LoginRequired.tsx';
import { MessagingCenterQuery, keepMessagingList, type MessagingCenterLoaderData } from './MessagingCenterQuery.ts';
import { MessagingDesk } from './MessagingDesk.tsx';

// /messaging: conversations between buyers and providers, live. ?conversation=<id> is the open
// thread (so a reload keeps it); ?contract=<id> opens the conversation with that contract's provider.
export function MessagingCenter() {
  usePageTitle('Messages');
  const { query, thread } = useLoaderData() as MessagingCenterLoaderData;
  const data = usePreloadedQuery<MessagingCenterQueryType>(MessagingCenterQuery, query);
  const session = useSession();
  const { pathname, search } = useLocation();
  useEffect(() => keepMessagingList(query), [query]);

  const viewer = session.viewer ? data.viewer : null;
  if (!viewer) return <LoginRequired title="Access Denied" description="Please log in to access your messages." next={`${pathname}${search}`} />;
  return (
    <>
      <PageTitle eyebrow="Desk chat" subtitle="Talk to buyers and providers about their contracts">
        MESSAGES
      </PageTitle>
      <MessagingDesk viewer={viewer} viewerId={viewer.id} thread={thread} />
    </>
  );
}
