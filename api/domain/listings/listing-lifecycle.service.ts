import type { Contract, User } from '../../db/generated/prisma/client.ts';
import { AuthenticationError, NotFoundError, PermissionError } from '../errors.ts';
import { canEditListing, canSeeContract } from '../policies.ts';
import { transition } from '../transitions/transition.ts';
import { recordEvent } from '../notifications/record-event.ts';
import { BID_MACHINE } from '../market/bids.machine.ts';
import { LISTING_MACHINE, PROVIDER_MOVES, type ProviderMove } from './listings.machine.ts';
import type { ListingDeps } from './listings.service.ts';
import { listingOnSale } from '../freshness/freshness.jobs.ts';

// The provider pauses a live listing (no new sales or bids; buyers keep access), resumes it, or
// delists it for good (docs/decisions.md "Issue 26: listings that change"). Open bids wait through
// a pause (they cannot be accepted or paid until the resume) and are declined by a delisting.

/** The history note of a bid declined because its listing was delisted. */
export const DELISTED_NOTE = 'Listing delisted';

const NOTES: Record<ProviderMove, string> = { pause: 'Paused by the provider', resume: 'Resumed by the provider', delist: 'Delisted by the provider' };
const EVENTS: Record<ProviderMove, string> = { pause: 'listing.paused', resume: 'listing.resumed', delist: 'listing.delisted' };

const REFUSED: Record<ProviderMove, (from: string) => string> = {
  pause: (from) => (from === 'paused' ? 'This listing is already paused' : `Only a listing on the market can be paused; this one is ${from.replace('_', ' ')}`),
  resume: (from) => (from === 'active' ? 'This listing is not paused' : `Only a paused listing can be resumed; this one is ${from.replace('_', ' ')}`),
  delist: (from) => (from === 'delisted' ? 'This listing is already delisted' : `Only a listing on the market or paused can be delisted; this one is ${from.replace('_', ' ')}`),
};

/** Moves the provider's own listing: pause, resume or delist. Administrators review listings instead (403). */
export async function moveListing(deps: ListingDeps, viewer: User | null, contractId: string, move: ProviderMove): Promise<Contract> {
  if (!viewer) throw new AuthenticationError('Log in to manage your listings');
  const current = await deps.db.contract.findUnique({ where: { id: contractId } });
  if (!current || !canSeeContract(viewer, current)) throw new NotFoundError('Listing not found');
  if (!canEditListing(viewer, current)) throw new PermissionError('Only the provider of this listing can pause, resume or delist it', 'NOT_OWNER');
  const to = PROVIDER_MOVES[move];
  const now = new Date();
  const { contract, declined } = await deps.db.$transaction(async (tx) => {
    await transition(tx, {
      machine: LISTING_MACHINE,
      id: current.id,
      from: current.status,
      to,
      actorId: viewer.id,
      note: NOTES[move],
      messages: { refused: (from) => REFUSED[move](from), raced: 'The listing changed meanwhile; please reload' },
    });
    const declined: { id: string; amount: string }[] = [];
    if (move === 'delist') {
      for (const bid of await tx.bid.findMany({ where: { contractId: current.id, status: 'open' }, select: { id: true, amount: true } })) {
        await transition(tx, { machine: BID_MACHINE, id: bid.id, from: 'open', to: 'declined', actorId: viewer.id, note: DELISTED_NOTE, data: { decidedAt: now } });
        declined.push({ id: bid.id, amount: bid.amount.toFixed(2) });
      }
      // A proposal for a listing that is gone has nothing left to change.
      await tx.contractRevision.updateMany({ where: { contractId: current.id, status: 'pending' }, data: { status: 'rejected', rejectionReason: DELISTED_NOTE, reviewedAt: now } });
    }
    // Back on sale: the freshness promise starts again now (nothing was promised while paused).
    if (move === 'resume') await listingOnSale(tx, deps.jobs, current.id, now);
    // The bids it declined ride on the event: their bidders are told once, by the delisting's notice.
    await recordEvent(tx, deps.jobs, EVENTS[move], { contractId: current.id, ...(declined.length ? { declinedBidIds: declined.map((b) => b.id) } : {}) }, now);
    return { contract: await tx.contract.findUniqueOrThrow({ where: { id: current.id } }), declined };
  });
  deps.events.publish('contractChanged', contract.id, { contractId: contract.id, status: contract.status });
  for (const bid of declined) deps.events.publish('bidChanged', contract.id, { bidId: bid.id, contractId: contract.id, status: 'declined', amount: bid.amount });
  deps.events.publish('marketStatsChanged');
  return contract;
}
