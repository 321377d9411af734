import { graphql, type PreloadedQuery } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { preloadQuery } from '../../../relay/preload.ts';
import type { AdminSupportQuery as AdminSupportQueryType } from '../../../__generated__/AdminSupportQuery.graphql.ts';
import type { AdminSupportTicketQuery as AdminSupportTicketQueryType } from '../../../__generated__/AdminSupportTicketQuery.graphql.ts';
import { viewerIsAdmin } from '../shared/AdminAccessQuery.ts';
import { parseDeskParams, ticketNodeId, type DeskParams } from './supportDeskRules.ts';

// The queue and its count are administrator-only root fields: asked for only when the viewer is
// one (see AdminAccessQuery.ts), so everyone else gets 'Access Denied' instead of a failed page.
export const AdminSupportQuery = graphql`
  query AdminSupportQuery($admin: Boolean!, $status: TicketStatus, $priority: TicketPriority) {
    viewer {
      id
      isAdmin
    }
    ... @include(if: $admin) @alias(as: "desk") {
      ...ActiveTicketCount_query
      ...TicketList_query @arguments(status: $status, priority: $priority)
    }
  }
`;

/** The ticket open in the detail (?ticket= holds its plain id, as the REST paths use it). */
export const AdminSupportTicketQuery = graphql`
  query AdminSupportTicketQuery($id: ID!) {
    ticket: node(id: $id) {
      ...TicketDetail_ticket @alias(as: "supportTicket")
    }
  }
`;

export type AdminSupportLoaderData = {
  query: PreloadedQuery<AdminSupportQueryType>;
  ticket: PreloadedQuery<AdminSupportTicketQueryType> | null;
  params: DeskParams;
};

// Every change of the search (opening a ticket, a filter) runs this loader again. While the screen
// is shown, a query whose variables did not change keeps its reference: opening a ticket must not
// reload the list (and drop its loaded pages), nor a filter the open ticket. Coming back to the
// screen loads both afresh.
let screenShown = 0;
let lastList: { key: string; ref: PreloadedQuery<AdminSupportQueryType> } | null = null;
let lastTicket: { id: string; ref: PreloadedQuery<AdminSupportTicketQueryType> } | null = null;

/** Call from the screen's effect; returns the cleanup. */
export function markSupportDeskShown(): () => void {
  screenShown += 1;
  return () => {
    screenShown -= 1;
  };
}

/** Makes the next load of the open ticket fetch it again (Retry after it failed to load). */
export function forgetOpenTicket() {
  lastTicket = null;
}

/** Tickets arrive and move while away: the cached desk at once, then the fresh one. */
export async function adminSupportLoader({ request }: LoaderFunctionArgs): Promise<AdminSupportLoaderData> {
  const params = parseDeskParams(new URL(request.url).searchParams);
  const admin = await viewerIsAdmin();
  const shown = screenShown > 0;
  const variables = { admin, status: params.status, priority: params.priority };
  const key = JSON.stringify(variables);
  if (!shown || lastList?.key !== key) {
    lastList = { key, ref: preloadQuery<AdminSupportQueryType>('admin-support', AdminSupportQuery, variables, { fetchPolicy: 'store-and-network' }) };
  }
  let ticket: PreloadedQuery<AdminSupportTicketQueryType> | null = null;
  if (admin && params.ticket) {
    if (!shown || lastTicket?.id !== params.ticket) {
      lastTicket = {
        id: params.ticket,
        ref: preloadQuery<AdminSupportTicketQueryType>('admin-support-ticket', AdminSupportTicketQuery, { id: ticketNodeId(params.ticket) }, { fetchPolicy: 'store-and-network' }),
      };
    }
    ticket = lastTicket.ref;
  } else {
    // closed detail: its live updates stopped, so opening it again loads it again
    lastTicket = null;
  }
  return { query: lastList.ref, ticket, params };
}
