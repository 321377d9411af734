import { describe, expect, it } from 'vitest';
import { ApplicationStatus, BidStatus, ContractStatus, DisputeStatus, PaymentStatus, PositionStatus, PurchaseStatus, TicketStatus } from '../../db/generated/prisma/enums.ts';
import { APPLICATION_MACHINE } from '../diligence/diligence.machine.ts';
import { LISTING_MACHINE } from '../listings/listings.machine.ts';
import { BID_MACHINE } from '../market/bids.machine.ts';
import { DISPUTE_MACHINE, PAYMENT_MACHINE, PURCHASE_MACHINE } from '../payments/payments.machine.ts';
import { TICKET_MACHINE } from '../support/tickets.machine.ts';
import { POSITION_MACHINE } from '../trading/positions.machine.ts';
import { ConflictError } from '../errors.ts';
import { assertTransition, canTransition, nextStatuses, statusesLeadingTo } from './transition.ts';

// Every machine covers every status of its enum and only names statuses of it.
const MACHINES = [
  [APPLICATION_MACHINE, ApplicationStatus],
  [LISTING_MACHINE, ContractStatus],
  [BID_MACHINE, BidStatus],
  [PAYMENT_MACHINE, PaymentStatus],
  [DISPUTE_MACHINE, DisputeStatus],
  [TICKET_MACHINE, TicketStatus],
  [POSITION_MACHINE, PositionStatus],
  [PURCHASE_MACHINE, PurchaseStatus],
] as const;

describe('machines', () => {
  it.each(MACHINES.map(([m, e]) => [m.subject, m, e] as const))('%s: a row for every status, moves only to known statuses, never to itself', (_s, machine, statuses) => {
    const all = Object.values(statuses) as string[];
    expect(Object.keys(machine.transitions).sort()).toEqual([...all].sort());
    for (const [from, tos] of Object.entries(machine.transitions) as [string, readonly string[]][]) {
      for (const to of tos) {
        expect(all).toContain(to);
        expect(to).not.toBe(from);
      }
    }
    for (const s of machine.initial) expect(all).toContain(s);
  });

  it('the tables of today are unchanged', () => {
    expect(nextStatuses(BID_MACHINE, 'open')).toEqual(['accepted', 'declined', 'withdrawn']);
    expect(nextStatuses(BID_MACHINE, 'accepted')).toEqual(['settled']);
    expect(nextStatuses(BID_MACHINE, 'declined')).toEqual([]);
    expect(nextStatuses(LISTING_MACHINE, 'pending_review')).toEqual(['active', 'rejected']);
    expect(nextStatuses(LISTING_MACHINE, 'rejected')).toEqual(['pending_review']);
    expect(nextStatuses(APPLICATION_MACHINE, 'submitted')).toEqual(['under_review', 'requires_clarification', 'approved', 'rejected']);
    expect(nextStatuses(APPLICATION_MACHINE, 'approved')).toEqual([]);
  });

  it('payments follow the escrow rules; disputes, tickets and positions end', () => {
    // A confirmation claims the payment before the provider charges (docs/decisions.md, "Payments:
    // one confirmation charges"): nothing reaches escrow or fails without that claim.
    expect(canTransition(PAYMENT_MACHINE, 'pending', 'processing')).toBe(true);
    expect(canTransition(PAYMENT_MACHINE, 'processing', 'escrowed')).toBe(true);
    expect(canTransition(PAYMENT_MACHINE, 'processing', 'failed')).toBe(true);
    expect(canTransition(PAYMENT_MACHINE, 'pending', 'escrowed')).toBe(false);
    expect(canTransition(PAYMENT_MACHINE, 'escrowed', 'disputed')).toBe(true);
    expect(canTransition(PAYMENT_MACHINE, 'disputed', 'refunded')).toBe(true);
    expect(canTransition(PAYMENT_MACHINE, 'released', 'disputed')).toBe(false);
    expect(canTransition(PAYMENT_MACHINE, 'pending', 'released')).toBe(false);
    expect(statusesLeadingTo(PAYMENT_MACHINE, 'released')).toEqual(['escrowed', 'disputed']);
    expect(nextStatuses(DISPUTE_MACHINE, 'refunded')).toEqual([]);
    expect(nextStatuses(TICKET_MACHINE, 'closed')).toEqual([]);
    expect(nextStatuses(POSITION_MACHINE, 'closed')).toEqual([]);
  });

  it('purchases: pending until paid, active until a refund revokes them; nothing comes back', () => {
    expect(PURCHASE_MACHINE.initial).toEqual(['pending']);
    expect(nextStatuses(PURCHASE_MACHINE, 'pending')).toEqual(['active']);
    expect(canTransition(PURCHASE_MACHINE, 'active', 'revoked')).toBe(true);
    expect(canTransition(PURCHASE_MACHINE, 'active', 'expired')).toBe(true);
    expect(canTransition(PURCHASE_MACHINE, 'expired', 'revoked')).toBe(true);
    expect(canTransition(PURCHASE_MACHINE, 'pending', 'revoked')).toBe(false);
    expect(canTransition(PURCHASE_MACHINE, 'revoked', 'active')).toBe(false);
    expect(canTransition(PURCHASE_MACHINE, 'expired', 'active')).toBe(false);
    expect(nextStatuses(PURCHASE_MACHINE, 'revoked')).toEqual([]);
  });

  it('a refused move is a conflict with reason INVALID_TRANSITION', () => {
    expect(() => assertTransition(BID_MACHINE, 'open', 'accepted')).not.toThrow();
    let error: unknown;
    try {
      assertTransition(BID_MACHINE, 'declined', 'accepted');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ code: 'CONFLICT', reason: 'INVALID_TRANSITION', message: 'A bid that is declined cannot become accepted' });
    expect(() => assertTransition(LISTING_MACHINE, 'pending_review', 'inactive', { refused: (f, t) => `no ${f} -> ${t}` })).toThrow('no pending_review -> inactive');
  });
});
