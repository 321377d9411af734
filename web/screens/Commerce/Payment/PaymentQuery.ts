import { graphql, type PreloadedQuery } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { fetchQuery } from 'relay-runtime';
import { environment } from '../../../relay/environment.ts';
import { preloadQuery } from '../../../relay/preload.ts';
import type { PaymentQuery as PaymentQueryType } from '../../../__generated__/PaymentQuery.graphql.ts';
import type { PaymentViewerQuery } from '../../../__generated__/PaymentViewerQuery.graphql.ts';

// The payment page of one contract (/payment/{contractId}). What the viewer pays comes from the
// server (Contract.viewerQuote: the list price or their accepted bid, the 2.5% fee and the total);
// the page never computes money. myPaymentForContract needs a login, so it is asked for only when
// somebody is logged in (a visitor is told to log in instead of getting an error).
export const PaymentQuery = graphql`
  query PaymentQuery($contractId: ID!, $loggedIn: Boolean!) {
    viewer {
      id
      ...useBillingDetails_viewer
    }
    contract(id: $contractId) {
      id
      contractId
      title
      pricingModel
      ...PaymentSummary_contract
      ...PaymentForm_contract
    }
    myPaymentForContract(contractId: $contractId) @include(if: $loggedIn) {
      id
      status
      ...PaymentStanding_payment
    }
  }
`;

const viewerQuery = graphql`
  query PaymentViewerQuery {
    viewer {
      id
    }
  }
`;

/** Whether somebody is logged in: from the store when the shell already asked, else from the server. */
async function loggedIn(): Promise<boolean> {
  try {
    const data = await fetchQuery<PaymentViewerQuery>(environment, viewerQuery, {}, { fetchPolicy: 'store-or-network' }).toPromise();
    return data?.viewer != null;
  } catch {
    // the page's own query fails the same way and offers Retry
    return false;
  }
}

export type PaymentLoaderData = { query: PreloadedQuery<PaymentQueryType>; contractId: string };

/** Route loader of /payment/:contractId. Payments move on the server: always ask it. */
export async function paymentLoader({ params }: LoaderFunctionArgs): Promise<PaymentLoaderData> {
  const contractId = params.contractId ?? '';
  const variables = { contractId, loggedIn: await loggedIn() };
  return { contractId, query: preloadQuery<PaymentQueryType>('payment', PaymentQuery, variables, { fetchPolicy: 'network-only' }) };
}
