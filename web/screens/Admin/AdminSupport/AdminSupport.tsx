import { Suspense, useEffect, useState } from 'react';
import { usePreloadedQuery } from 'react-relay';
import { useLoaderData, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { ReloadBoundary } from '../../shared/ReloadBoundary.tsx';
import { useSession } from '../../../session/useSession.ts';
import type { AdminSupportQuery as AdminSupportQueryType } from '../../../__generated__/AdminSupportQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { ActiveTicketCount } from './ActiveTicketCount.tsx';
import { AdminSupportDenied } from './AdminSupportDenied.tsx';
import { AdminSupportQuery, forgetOpenTicket, markSupportDeskShown, type AdminSupportLoaderData } from './AdminSupportQuery.ts';
import { parseDeskParams, withParams } from './supportDeskRules.ts';
import { TicketDetailPane } from './TicketDetailPane.tsx';
import { TicketDetailSkeleton } from './TicketDetailSkeleton.tsx';
import { TicketFilters } from './TicketFilters.tsx';
import { TicketList } from './TicketList.tsx';

// Below the wide breakpoint the list and the open ticket take turns: one at a time.
const Desk = styled.div<{ $open: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 12px;
  align-items: start;

  ${({ theme }) => theme.media.belowLg} {
    > [data-pane='${({ $open }) => ($open ? 'list' : 'detail')}'] {
      display: none;
    }
  }
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: minmax(360px, 5fr) minmax(0, 7fr);
  }
`;

const Pane = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  min-width: 0;
`;

const Back = styled.div`
  ${({ theme }) => theme.media.lg} {
    display: none;
  }
`;

// /admin-support: the support team's desk. The queue with its filters on the left, the open
// ticket with its thread on the right; both live.
export function AdminSupport() {
  usePageTitle('Support Center');
  const { query, ticket, params } = useLoaderData() as AdminSupportLoaderData;
  const data = usePreloadedQuery<AdminSupportQueryType>(AdminSupportQuery, query);
  const session = useSession();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // While a filter change loads, the filters show it and the next change (or an opened ticket)
  // builds on it, not on the URL still shown (the router drops a navigation a newer one overtakes, so the URL lands on the last).
  const [requested, setRequested] = useState<string | null>(null);
  const shownSearch = search.toString();
  useEffect(() => setRequested(null), [shownSearch]);
  const target = requested != null ? new URLSearchParams(requested) : search;
  const changeFilter = (change: { status?: string; priority?: string }) => {
    const next = withParams(target, change);
    setRequested(next);
    navigate({ search: next });
  };
  useEffect(() => markSupportDeskShown(), []);

  // logged out (or in as someone else) while here: the session says so before any query does
  if (!session.viewer?.isAdmin || !data.viewer?.isAdmin || !data.desk) return <AdminSupportDenied />;

  const filters = { status: params.status, priority: params.priority };
  const open = params.ticket != null;

  return (
    <>
      <PageTitle eyebrow="Back office" subtitle="Support requests from visitors and users: answer them, assign them, see them through" actions={<ActiveTicketCount query={data.desk} />}>
        SUPPORT CENTER
      </PageTitle>
      <Desk $open={open}>
        <Pane data-pane="list">
          <TicketList
            query={data.desk}
            filters={filters}
            selectedTicketId={params.ticket}
            linkTo={(ticketId) => withParams(target, { ticket: ticketId })}
            toolbar={<TicketFilters filters={parseDeskParams(target)} onChange={changeFilter} />}
          />
        </Pane>
        <Pane data-pane="detail">
          {open && (
            <Back>
              <ButtonLink to={{ search: withParams(search, { ticket: null }) }} size="sm" variant="ghost" icon={<Icon name="list" size={13} aria-hidden />}>
                All tickets
              </ButtonLink>
            </Back>
          )}
          {ticket ? (
            <ReloadBoundary resetKeys={[ticket]} title="Could not load this ticket" beforeRetry={forgetOpenTicket}>
              <Suspense fallback={<TicketDetailSkeleton />}>
                <TicketDetailPane query={ticket} />
              </Suspense>
            </ReloadBoundary>
          ) : (
            <EmptyState icon="chat" title="No ticket selected" description="Pick a ticket from the list to read its thread and answer it." />
          )}
        </Pane>
      </Desk>
    </>
  );
}
