import { useEffect, useRef } from 'react';
import { graphql } from 'react-relay';
import { fetchQuery } from 'relay-runtime';
import { environment } from '../../relay/environment.ts';
import type { paymentStatusQuery as PaymentStatusQueryType } from '../../__generated__/paymentStatusQuery.graphql.ts';

// Where a payment stands on the server, asked fresh. The payment page reads it when an answer did
// not say (the connection failed, or a confirmation was refused because another had won), and
// follows a payment that is being confirmed (processing) to its end (docs/decisions.md, "Payments:
// one confirmation charges"); the escrow page follows its payment live instead (paymentUpdated).
// The answer also refreshes the payment's record in the store, so every fragment showing it follows.
const query = graphql`
  query paymentStatusQuery($id: ID!) {
    payment(id: $id) {
      id
      status
      failureReason
      escrowStartedAt
      escrowEndsAt
      releasedAt
      refundedAt
    }
  }
`;

export type PaymentOutcome = { status: string; failureReason: string | null };

/** The payment's status now (null when it is not the viewer's); throws when the server cannot be reached. */
export async function readPaymentStatus(id: string): Promise<PaymentOutcome | null> {
  const data = await fetchQuery<PaymentStatusQueryType>(environment, query, { id }, { fetchPolicy: 'network-only' }).toPromise();
  const p = data?.payment;
  return p ? { status: p.status, failureReason: p.failureReason ?? null } : null;
}

/** Paid: the money was taken and the data set is the buyer's (escrowed, disputed under review, released). */
export const isPaidStatus = (status: string | null | undefined) => status === 'escrowed' || status === 'disputed' || status === 'released';

/** How often a processing payment is asked again: the provider answers in seconds, a stuck one is settled within minutes. */
const FOLLOW_EVERY_MS = [1000, 2000, 2000, 3000, 5000];

/**
 * While `id` names a payment that is processing, asks the server again (1 s, 2 s, ... then every
 * 5 s) until it is not, then calls onSettled once with where it ended; onProcessing hears each
 * answer that it still is. A failed request is simply tried again at the next tick.
 */
export function useFollowPayment(
  id: string | null,
  processing: boolean,
  onSettled: (outcome: PaymentOutcome) => void,
  onProcessing: () => void = () => {},
) {
  const settled = useRef(onSettled);
  settled.current = onSettled;
  const still = useRef(onProcessing);
  still.current = onProcessing;
  useEffect(() => {
    if (!id || !processing) return;
    let stopped = false;
    let timer: number | undefined;
    let round = 0;
    const tick = async () => {
      try {
        const outcome = await readPaymentStatus(id);
        if (stopped) return;
        if (outcome && outcome.status !== 'processing') {
          settled.current(outcome);
          return;
        }
        if (outcome) still.current();
      } catch {
        // offline for a moment: the next tick asks again
      }
      if (!stopped) timer = window.setTimeout(tick, FOLLOW_EVERY_MS[Math.min(round++, FOLLOW_EVERY_MS.length - 1)]);
    };
    timer = window.setTimeout(tick, FOLLOW_EVERY_MS[round++]);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [id, processing]);
}
