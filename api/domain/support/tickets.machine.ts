import { defineMachine } from '../transitions/transition.ts';

// A support ticket: open on creation; "Assign to me" and "Mark in
// progress" move it to in_progress; "Mark resolved" resolves it (a resolved ticket may be taken up
// again); "Close" ends it. A closed ticket takes no replies and does not reopen.
export const TICKET_MACHINE = defineMachine({
  subject: 'ticket',
  noun: 'ticket',
  initial: ['open'],
  transitions: {
    open: ['in_progress', 'resolved', 'closed'],
    in_progress: ['resolved', 'closed'],
    resolved: ['in_progress', 'closed'],
    closed: [],
  },
});
