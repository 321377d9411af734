// The one way a stateful record changes status: listings, due diligence applications, bids,
// payments, disputes, purchases, support tickets and positions. A machine is data (which status
// may follow which); `transition` checks it, writes the new status guarded in the database (only
// a row still in the status the caller saw moves, so of two racing changes one wins), and leaves a
// StatusChange row with the actor and a note, all in the caller's transaction.
import type { Prisma } from '../../db/generated/prisma/client.ts';
import type {
  ApplicationStatus,
  BidStatus,
  ContractStatus,
  DisputeStatus,
  PaymentStatus,
  PositionStatus,
  PurchaseStatus,
  StatusSubject,
  TicketStatus,
} from '../../db/generated/prisma/enums.ts';
import { ConflictError, NotFoundError } from '../errors.ts';

/** The status enum of each kind of record that has a history. */
export interface StatusOf {
  application: ApplicationStatus;
  contract: ContractStatus;
  bid: BidStatus;
  payment: PaymentStatus;
  dispute: DisputeStatus;
  ticket: TicketStatus;
  position: PositionStatus;
  purchase: PurchaseStatus;
}

/** The columns that may change together with the status (the status itself is the machine's). */
export interface DataOf {
  application: Omit<Prisma.DueDiligenceApplicationUncheckedUpdateManyInput, 'status' | 'id'>;
  contract: Omit<Prisma.ContractUncheckedUpdateManyInput, 'status' | 'id'>;
  bid: Omit<Prisma.BidUncheckedUpdateManyInput, 'status' | 'id'>;
  payment: Omit<Prisma.PaymentUncheckedUpdateManyInput, 'status' | 'id'>;
  dispute: Omit<Prisma.DisputeUncheckedUpdateManyInput, 'status' | 'id'>;
  ticket: Omit<Prisma.SupportTicketUncheckedUpdateManyInput, 'status' | 'id'>;
  position: Omit<Prisma.PositionUncheckedUpdateManyInput, 'status' | 'id'>;
  purchase: Omit<Prisma.PurchaseUncheckedUpdateManyInput, 'status' | 'id'>;
}

export interface Machine<S extends StatusSubject> {
  subject: S;
  /** How messages name the record ("bid", "listing"). */
  noun: string;
  /** The statuses a new record may start in. */
  initial: readonly StatusOf[S][];
  /** For each status, the statuses it may move to; an empty list is a final status. */
  transitions: { readonly [K in StatusOf[S]]: readonly StatusOf[S][] };
}

export function defineMachine<S extends StatusSubject>(machine: Machine<S>): Machine<S> {
  return machine;
}

/** The statuses a record in `status` may move to next (empty when it is final). */
export function nextStatuses<S extends StatusSubject>(machine: Machine<S>, status: StatusOf[S]): readonly StatusOf[S][] {
  return machine.transitions[status] ?? [];
}

export function canTransition<S extends StatusSubject>(machine: Machine<S>, from: StatusOf[S], to: StatusOf[S]): boolean {
  return nextStatuses(machine, from).includes(to);
}

/** Every status from which `to` can be reached in one step. */
export function statusesLeadingTo<S extends StatusSubject>(machine: Machine<S>, to: StatusOf[S]): StatusOf[S][] {
  return (Object.keys(machine.transitions) as StatusOf[S][]).filter((from) => canTransition(machine, from, to));
}

const words = (status: string) => status.replace(/_/g, ' ');

export interface TransitionMessages<S extends StatusSubject> {
  /** The machine does not allow the move (default: "A bid that is declined cannot become accepted"). */
  refused?: (from: StatusOf[S], to: StatusOf[S]) => string;
  /** The record changed between the caller's read and the guarded write (default: "The bid changed meanwhile; please reload"). */
  raced?: string;
}

function refusedMessage<S extends StatusSubject>(machine: Machine<S>, from: StatusOf[S], to: StatusOf[S], messages?: TransitionMessages<S>) {
  return messages?.refused?.(from, to) ?? `A ${machine.noun} that is ${words(from)} cannot become ${words(to)}`;
}

/** Throws INVALID_TRANSITION (409) unless the machine lets `from` move to `to`. */
export function assertTransition<S extends StatusSubject>(machine: Machine<S>, from: StatusOf[S], to: StatusOf[S], messages?: TransitionMessages<S>): void {
  if (!canTransition(machine, from, to)) throw new ConflictError(refusedMessage(machine, from, to, messages), 'INVALID_TRANSITION');
}

/** A transaction client (or the client itself); every write here runs in the caller's transaction. */
export type Tx = Prisma.TransactionClient;

interface StatusDelegate {
  findUnique(args: { where: { id: string }; select: { status: true } }): Promise<{ status: string } | null>;
  updateMany(args: { where: { id: string; status: string }; data: object }): Promise<{ count: number }>;
}

function table(tx: Tx, subject: StatusSubject): StatusDelegate {
  const delegates: Record<StatusSubject, unknown> = {
    application: tx.dueDiligenceApplication,
    contract: tx.contract,
    bid: tx.bid,
    payment: tx.payment,
    dispute: tx.dispute,
    ticket: tx.supportTicket,
    position: tx.position,
    purchase: tx.purchase,
  };
  return delegates[subject] as StatusDelegate;
}

export interface TransitionRequest<S extends StatusSubject> {
  machine: Machine<S>;
  id: string;
  /**
   * The status the caller loaded and decided on. The write only happens while the record is still
   * in it. Omitted: the current status is read here (NOT_FOUND when there is no such record).
   */
  from?: StatusOf[S];
  to: StatusOf[S];
  /** Who moved it; null for the system (a timed release). */
  actorId: string | null;
  /** Why, in the actor's words (review notes, a rejection reason, "Resubmitted"). */
  note?: string | null;
  /** Other columns written in the same guarded update (reviewedAt, decidedAt, ...). */
  data?: DataOf[S];
  messages?: TransitionMessages<S>;
}

/**
 * Moves one record from `from` to `to`: checks the machine, updates it only while it is still in
 * `from`, and records the change. Throws ConflictError with reason INVALID_TRANSITION when the
 * machine refuses or the record moved meanwhile.
 */
export async function transition<S extends StatusSubject>(tx: Tx, request: TransitionRequest<S>): Promise<{ from: StatusOf[S]; to: StatusOf[S] }> {
  const { machine, id, to, actorId, note = null, data, messages } = request;
  const rows = table(tx, machine.subject);
  let from = request.from;
  if (from === undefined) {
    const current = await rows.findUnique({ where: { id }, select: { status: true } });
    if (!current) throw new NotFoundError(`${machine.noun[0]!.toUpperCase()}${machine.noun.slice(1)} not found`);
    from = current.status as StatusOf[S];
  }
  assertTransition(machine, from, to, messages);
  const moved = await rows.updateMany({ where: { id, status: from }, data: { ...data, status: to } });
  if (moved.count !== 1) throw new ConflictError(messages?.raced ?? `The ${machine.noun} changed meanwhile; please reload`, 'INVALID_TRANSITION');
  await tx.statusChange.create({ data: { subject: machine.subject, subjectId: id, fromStatus: from, toStatus: to, actorId, note } });
  return { from, to };
}

/**
 * Writes other columns of a record that must still be in `status` (an edit that is not a move,
 * e.g. a provider editing a listing that waits for review). No history row: the status stays.
 */
export async function updateInStatus<S extends StatusSubject>(
  tx: Tx,
  request: { machine: Machine<S>; id: string; status: StatusOf[S]; data: DataOf[S]; raced?: string },
): Promise<void> {
  const moved = await table(tx, request.machine.subject).updateMany({ where: { id: request.id, status: request.status }, data: request.data });
  if (moved.count !== 1) throw new ConflictError(request.raced ?? `The ${request.machine.noun} changed meanwhile; please reload`, 'INVALID_TRANSITION');
}

/** The first history row of a record created in one of the machine's initial statuses. */
export async function recordCreated<S extends StatusSubject>(
  tx: Tx,
  request: { machine: Machine<S>; id: string; status: StatusOf[S]; actorId: string | null; note?: string | null },
): Promise<void> {
  const { machine, id, status, actorId, note = null } = request;
  if (!machine.initial.includes(status)) throw new Error(`A ${machine.noun} cannot start as ${status}`);
  await tx.statusChange.create({ data: { subject: machine.subject, subjectId: id, fromStatus: null, toStatus: status, actorId, note } });
}
