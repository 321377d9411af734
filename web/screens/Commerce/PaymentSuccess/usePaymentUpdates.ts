import { useEffect } from 'react';
import { graphql, requestSubscription, useRelayEnvironment } from 'react-relay';
import type { usePaymentUpdatesSubscription } from '../../../__generated__/usePaymentUpdatesSubscription.graphql.ts';

// The payment, live (docs/decisions.md, "Payments: the rooms"): the server answers it as it is now,
// then again after each move (escrowed, failed, disputed, released, refunded). The same fields as
// the page's query, so the escrow panel, the next steps and the dispute follow in place.
const subscription = graphql`
  subscription usePaymentUpdatesSubscription($paymentId: ID!) {
    paymentUpdated(paymentId: $paymentId) {
      id
      status
      failureReason
      ...EscrowPanel_payment
      ...NextSteps_payment
      ...DisputeSection_payment
    }
  }
`;

/** Follows the payment `id` (none when null) while the page shows it. */
export function usePaymentUpdates(id: string | null) {
  const environment = useRelayEnvironment();
  useEffect(() => {
    if (!id) return;
    const subscribed = requestSubscription<usePaymentUpdatesSubscription>(environment, {
      subscription,
      variables: { paymentId: id },
      // The page still shows what it loaded; reloading it asks the server again.
      onError: () => {},
    });
    return () => subscribed.dispose();
  }, [environment, id]);
}
