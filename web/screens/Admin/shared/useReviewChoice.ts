import { useState } from 'react';

/** The item a decision is being made on, what is being done, and whether its request is in flight. */
export type ReviewChoice<M extends string> = { mode: M; id: string; title: string; inFlight: boolean };

/**
 * Which item of a review queue a dialog or a request is for. One decision at a time: while a
 * request is in flight, no other item can be opened.
 */
export function useReviewChoice<M extends string>() {
  const [choice, setChoice] = useState<ReviewChoice<M> | null>(null);
  const inFlight = !!choice?.inFlight;
  return {
    choice,
    inFlight,
    /** opens a dialog (`mode`) for the item, unless a decision is in flight */
    open(mode: M, id: string, title: string) {
      if (!inFlight) setChoice({ mode, id, title, inFlight: false });
    },
    /** the open dialog hands over to another (details -> approve) */
    switchTo(mode: M) {
      setChoice((c) => (c ? { ...c, mode } : c));
    },
    /** the decision's request is on its way */
    send(mode: M, target: { id: string; title: string }) {
      setChoice({ mode, id: target.id, title: target.title, inFlight: true });
    },
    close() {
      setChoice(null);
    },
  };
}
