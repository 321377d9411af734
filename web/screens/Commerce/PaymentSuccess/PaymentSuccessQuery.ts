import { graphql, type PreloadedQuery } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { fetchQuery } from 'relay-runtime';
import { environment } from '../../../relay/environment.ts';
import { preloadQuery } from '../../../relay/preload.ts';
import type { PaymentSuccessQuery as PaymentSuccessQueryType } from '../../../__generated__/PaymentSuccessQuery.graphql.ts';
import type { PaymentSuccessViewerQuery } from '../../../__generated__/PaymentSuccessViewerQuery.graphql.ts';

// The escrow status of the viewer's latest payment for a contract (/payment-success/{contractId}).
// myPaymentForContract needs a login, so it is asked for only when somebody is logged in.
export const PaymentSuccessQuery = graphql`
  query PaymentSuccessQuery($contractId: ID!, $loggedIn: Boolean!) {
    viewer {
      id
    }
    contract(id: $contractId) {
      id
      contractId
      title
      dataAccessType
      provider {
        name
      }
    }
    myPaymentForContract(contractId: $contractId) @include(if: $loggedIn) {
      id
      status
      failureReason
      ...EscrowPanel_payment
      ...NextSteps_payment
      ...DisputeSection_payment
    }
  }
`;

const viewerQuery = graphql`
  query PaymentSuccessViewerQuery {
    viewer {
      id
    }
  }
`;

/** Whether somebody is logged in: from the store when the shell already asked, else from the server. */
async function loggedIn(): Promise<boolean> {
  try {
    const data = await fetchQuery<PaymentSuccessViewerQuery>(environment, viewerQuery, {}, { fetchPolicy: 'store-or-network' }).toPromise();
    return data?.viewer != null;
  } catch {
    // the page's own query fails the same way and offers Retry
    return false;
  }
}

export type PaymentSuccessLoaderData = { query: PreloadedQuery<PaymentSuccessQueryType>; contractId: string };

/** Route loader of /payment-success/:contractId. Escrow moves on the server: always ask it. */
export async function paymentSuccessLoader({ params }: LoaderFunctionArgs): Promise<PaymentSuccessLoaderData> {
  const contractId = params.contractId ?? '';
  const variables = { contractId, loggedIn: await loggedIn() };
  return { contractId, query: preloadQuery<PaymentSuccessQueryType>('payment-success', PaymentSuccessQuery, variables, { fetchPolicy: 'network-only' }) };
}
