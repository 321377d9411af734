import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { PaymentsQuery as PaymentsQueryType } from '../../../__generated__/PaymentsQuery.graphql.ts';

export const PaymentsQuery = graphql`
  query PaymentsQuery {
    viewer {
      id
      dashboardSummary {
        showsSellerFigures
        ...sellerFigures_summary
      }
      ...PaymentsTable_viewer
      ...SalesTable_viewer
      ...StatementsTable_viewer
    }
  }
`;

export type PaymentsLoaderData = { query: PreloadedQuery<PaymentsQueryType> };

/** Escrow moves on its own (released after 24 h): show the cached rows, then the fresh ones. */
export function paymentsLoader(): PaymentsLoaderData {
  return { query: preloadQuery<PaymentsQueryType>('dashboard-payments', PaymentsQuery, {}, { fetchPolicy: 'store-and-network' }) };
}
