import { defineMachine } from '../transitions/transition.ts';

// A paper-trading position (the product decision "Market price and trading"): open until it is closed by
// hand, by its stop-loss or by its take-profit (the close reason says which).
export const POSITION_MACHINE = defineMachine({
  subject: 'position',
  noun: 'position',
  initial: ['open'],
  transitions: {
    open: ['closed'],
    closed: [],
  },
});
