import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { EventPublisher } from '../../events/events.ts';
import type { Jobs } from '../../jobs/job-runner.ts';
import { recordEvent } from '../notifications/record-event.ts';
import type { Bid, User } from '../../db/generated/prisma/client.ts';
import type { BidStatus } from '../../db/generated/prisma/enums.ts';
import type { RateLimiter } from '../../rate-limiter.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError, RateLimitedError, ValidationError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { AMOUNT_TEXT, formatUsd, isMoney, isPayablePrice, MAX_PAYABLE_PRICE, parseMoney, unpayableMessage, type Cents } from '../money/money.ts';
import { canSeeContract, isOwnerOrAdmin, isSelf } from '../policies.ts';
import { recordCreated, transition, type Tx } from '../transitions/transition.ts';
import { BID_MACHINE } from './bids.machine.ts';
import { notOnSaleMessage } from '../listings/listings.machine.ts';

export const MAX_BID_MESSAGE = 1000;

const placeBidInput = z.object({
  contractId: z.string().min(1, 'contractId is required'),
  amount: z
    .string({ error: 'Bid amount is required' })
    .trim()
    .regex(AMOUNT_TEXT, 'Bid amount must be a positive amount with at most two decimals')
    // Also runs when the pattern failed, so it must not throw on text that is not an amount.
    .refine((v) => isMoney(v) && parseMoney(v) > 0n, 'Bid amount must be greater than 0'),
  message: z.string().trim().max(MAX_BID_MESSAGE, `Message must be at most ${MAX_BID_MESSAGE} characters`).optional().nullable(),
});

/** The history note of a bid ended because another bid of the same buyer was accepted. */
export const SUPERSEDED_NOTE = 'Superseded by an accepted bid of the same buyer';
export const BID_LIMIT_MESSAGE = 'Too many bids. Please try again later.';

/**
 * A logged-in user other than the provider bids on an active contract with a positive amount.
 * A bid never moves the market price (the product decision "Market price").
 */
export interface BidDeps {
  db: Db;
  events: EventPublisher;
  /** Records the bids' events (bid.received, bid.accepted...) in their transaction. */
  jobs: Pick<Jobs, 'schedule'>;
}

/** How many bids one user may place per window; absent: no limit (in-process tests of the service). */
export interface BidLimit {
  limiter: RateLimiter;
  perUser: number;
  windowMs: number;
}

/** INVALID_AMOUNT (400) for an amount whose payment could not be stored (docs/decisions.md "Bids: withdrawing, superseding, limits"). */
function assertPayable(amount: Cents) {
  if (isPayablePrice(amount)) return;
  const message = `${unpayableMessage('A bid', amount)}. The most you can bid is ${formatUsd(MAX_PAYABLE_PRICE)}.`;
  throw new ValidationError(message, [{ field: 'amount', message }], 'INVALID_AMOUNT');
}

/**
 * Every change of a buyer's bids takes their user row first, so accepting one bid, ending that
 * buyer's other open bids and a withdrawal of one of them happen one after another: two
 * acceptances of one buyer's bids cannot both win, and neither deadlocks on the other's rows.
 * NO KEY: rows that merely reference the user (a message to them) are not held up.
 */
async function lockBidder(tx: Tx, bidderId: string) {
  await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${bidderId} FOR NO KEY UPDATE`;
}

function publishChanged(events: EventPublisher, bid: Bid) {
  events.publish('bidChanged', bid.contractId, { bidId: bid.id, contractId: bid.contractId, status: bid.status, amount: bid.amount.toFixed(2) });
}

export async function placeBid({ db, events, jobs }: BidDeps, viewer: User | null, rawInput: unknown, limit?: BidLimit) {
  if (!viewer) throw new AuthenticationError('User not authenticated or contract not found');
  const input = parseInput(placeBidInput, rawInput);
  assertPayable(parseMoney(input.amount));
  const contract = await db.contract.findUnique({ where: { id: input.contractId }, select: { id: true, status: true, providerId: true } });
  // A listing the viewer may not see (pending or rejected, not theirs) is answered as an unknown
  // one, so its existence does not leak (docs/decisions.md "What the list shows").
  if (!contract || !canSeeContract(viewer, contract)) throw new NotFoundError('Contract not found');
  if (contract.providerId === viewer.id) throw new PermissionError('You cannot bid on your own listing', 'OWN_CONTRACT');
  if (contract.status !== 'active') throw new ConflictError(notOnSaleMessage(contract.status, 'bid'), 'CONTRACT_NOT_ACTIVE');
  // Counted once the bid would be placed, so a buyer correcting an amount is never locked out.
  if (limit) {
    const hit = await limit.limiter.hit(`bid:user:${viewer.id}`, limit.perUser, limit.windowMs);
    if (!hit.allowed) throw new RateLimitedError(hit.retryAfterSeconds, BID_LIMIT_MESSAGE);
  }
  const placed = await db.$transaction(async (tx) => {
    const bid = await tx.bid.create({
      data: { contractId: contract.id, bidderId: viewer.id, amount: input.amount, message: input.message || null },
    });
    await recordCreated(tx, { machine: BID_MACHINE, id: bid.id, status: bid.status, actorId: viewer.id });
    await recordEvent(tx, jobs, 'bid.received', { bidId: bid.id, contractId: bid.contractId });
    return bid;
  });
  events.publish('bidPlaced', placed.contractId, { bidId: placed.id, contractId: placed.contractId, status: placed.status, amount: placed.amount.toFixed(2) });
  return placed;
}

const DECIDED_MESSAGES = { refused: (from: BidStatus) => `This bid is already ${from}`, raced: 'This bid was decided meanwhile' };

/**
 * The provider (or an administrator) accepts or declines an open bid on their listing. Accepting
 * one ends the same buyer's other open bids on the listing (declined, with SUPERSEDED_NOTE), in
 * the same transaction: an accepted bid is what the buyer pays, so there is only ever one to pay.
 */
export async function decideBid({ db, events, jobs }: BidDeps, viewer: User | null, bidId: string, to: Extract<BidStatus, 'accepted' | 'declined'>) {
  if (!viewer) throw new AuthenticationError();
  const bid = await db.bid.findUnique({ where: { id: bidId }, include: { contract: { select: { providerId: true, status: true } } } });
  if (!bid) throw new NotFoundError('Bid not found');
  if (!isOwnerOrAdmin(viewer, bid.contract.providerId)) throw new PermissionError('Only the provider of this listing can decide on its bids', 'NOT_OWNER');
  // An accepted bid is a sale promised to the buyer: not while the listing is paused (its open
  // bids wait for the resume; declining one is always possible).
  if (to === 'accepted' && bid.contract.status !== 'active') throw new ConflictError(notOnSaleMessage(bid.contract.status, 'buy'), 'CONTRACT_NOT_ACTIVE');
  // Bids placed before amounts were checked may be too large to pay: accepting one would only
  // promise the buyer a payment that cannot be made.
  if (to === 'accepted') assertPayable(parseMoney(bid.amount.toFixed(2)));
  const decidedAt = new Date();
  const { decided, superseded } = await db.$transaction(async (tx) => {
    await lockBidder(tx, bid.bidderId);
    // Guarded: of two racing decisions only one finds the bid still open.
    await transition(tx, { machine: BID_MACHINE, id: bid.id, from: bid.status, to, actorId: viewer.id, data: { decidedAt }, messages: DECIDED_MESSAGES });
    const others =
      to === 'accepted'
        ? await tx.bid.findMany({ where: { contractId: bid.contractId, bidderId: bid.bidderId, status: 'open', id: { not: bid.id } }, select: { id: true } })
        : [];
    await recordEvent(tx, jobs, `bid.${to}`, { bidId: bid.id, contractId: bid.contractId });
    for (const other of others) {
      await transition(tx, { machine: BID_MACHINE, id: other.id, from: 'open', to: 'declined', actorId: viewer.id, note: SUPERSEDED_NOTE, data: { decidedAt } });
      await recordEvent(tx, jobs, 'bid.declined', { bidId: other.id, contractId: bid.contractId });
    }
    return {
      decided: await tx.bid.findUniqueOrThrow({ where: { id: bid.id } }),
      superseded: others.length ? await tx.bid.findMany({ where: { id: { in: others.map((o) => o.id) } } }) : [],
    };
  });
  for (const changed of [decided, ...superseded]) publishChanged(events, changed);
  return decided;
}

/**
 * The bidder withdraws their own open bid; nobody else may, administrators included (the
 * provider declines instead). A bid on a listing the viewer may not see is not found, unless it is
 * theirs; anyone else's bid on a visible listing is a 403, as the order book shows it to all.
 */
export async function withdrawBid({ db, events, jobs }: BidDeps, viewer: User | null, bidId: string) {
  if (!viewer) throw new AuthenticationError();
  const bid = await db.bid.findUnique({ where: { id: bidId }, include: { contract: { select: { providerId: true, status: true } } } });
  const own = bid != null && isSelf(viewer, bid.bidderId);
  if (!bid || !(own || canSeeContract(viewer, bid.contract))) throw new NotFoundError('Bid not found');
  if (!own) throw new PermissionError('Only the bidder can withdraw a bid', 'NOT_OWNER');
  const withdrawn = await db.$transaction(async (tx) => {
    await lockBidder(tx, bid.bidderId);
    await transition(tx, { machine: BID_MACHINE, id: bid.id, from: bid.status, to: 'withdrawn', actorId: viewer.id, data: { decidedAt: new Date() }, messages: DECIDED_MESSAGES });
    await recordEvent(tx, jobs, 'bid.withdrawn', { bidId: bid.id, contractId: bid.contractId });
    return tx.bid.findUniqueOrThrow({ where: { id: bid.id } });
  });
  publishChanged(events, withdrawn);
  return withdrawn;
}
