import type { Prisma, User } from '../../db/generated/prisma/client.ts';
import { AuthenticationError, ConflictError, ValidationError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { BID_MACHINE } from '../market/bids.machine.ts';
import { LISTING_MACHINE } from '../listings/listings.machine.ts';
import { transition } from '../transitions/transition.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { DELETE_CONFIRMATION_WORD, deleteAccountInput } from './accounts.schemas.ts';
import type { AccountsDeps } from './accounts.service.ts';
import { deletionBlockedMessage, DELETED_USER_NAME, placeholderIdentity, UNUSABLE_PASSWORD_HASH, type DeletionBlockers } from './account-deletion.rules.ts';
import { avatarKeyOf } from './avatar.rules.ts';
import { reauthenticate } from './reauthenticate.ts';

// Deleting an account (issue 25): personal data goes, what the other party and the law need stays
// with the name replaced (docs/decisions.md "Issue 25: account settings"). The user row is kept,
// anonymised, because payments, purchases, sales, reviews, messages and disputes point at it.

const NOTE = 'Account deleted';

/** What is left to settle before `userId` may delete their account. */
export async function deletionBlockers(tx: Prisma.TransactionClient, userId: string, now: Date): Promise<DeletionBlockers> {
  const party = { OR: [{ buyerId: userId }, { sellerId: userId }] };
  const [escrow, disputes, listingsWithBuyers, acceptedBids] = await Promise.all([
    tx.payment.count({ where: { ...party, status: { in: ['processing', 'escrowed'] } } }),
    tx.dispute.count({ where: { status: 'open', payment: party } }),
    tx.contract.count({
      // a paused listing is still the provider's product (it may resume): it blocks like an active one
      where: { providerId: userId, status: { in: ['active', 'paused'] }, purchases: { some: { status: 'active', OR: [{ accessExpiresAt: null }, { accessExpiresAt: { gt: now } }] } } },
    }),
    tx.bid.count({ where: { status: 'accepted', OR: [{ bidderId: userId }, { contract: { providerId: userId } }] } }),
  ]);
  return { escrow, disputes, listingsWithBuyers, acceptedBids };
}

/**
 * Deletes the viewer's account after the password and the typed confirmation word. Refused (409)
 * while money or access is in flight; otherwise, in one transaction with the user row locked:
 * open bids end, listings leave the market, API keys stop, the person's data is replaced, and
 * every session ends (their sockets close on every instance).
 */
export async function deleteAccount(deps: AccountsDeps & { storage: FileStorage }, viewer: User | null, rawInput: unknown) {
  if (!viewer) throw new AuthenticationError();
  const input = parseInput(deleteAccountInput, rawInput);
  if (input.confirm.trim() !== DELETE_CONFIRMATION_WORD) {
    throw new ValidationError(`Type ${DELETE_CONFIRMATION_WORD} to confirm`, [{ field: 'confirm', message: `Type ${DELETE_CONFIRMATION_WORD} to confirm` }], 'CONFIRMATION_REQUIRED');
  }
  await reauthenticate(deps, viewer, input.password, 'delete-account');
  if (viewer.isAdmin) {
    throw new ConflictError('An administrator account cannot be deleted here: another administrator removes its rights first', 'ADMIN_ACCOUNT');
  }
  const now = deps.now?.() ?? new Date();
  const userId = viewer.id;
  const changed = await deps.db.$transaction(async (tx) => {
    // Locked: a payment or a bid decision of this user's waits for the deletion, or it waits for them.
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
    const current = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    if (current.deletedAt) throw new AuthenticationError();
    const blocked = deletionBlockedMessage(await deletionBlockers(tx, userId, now));
    if (blocked) throw new ConflictError(blocked, 'ACCOUNT_HAS_OPEN_OBLIGATIONS');

    const bids: { id: string; contractId: string; status: 'withdrawn' | 'declined'; amount: string }[] = [];
    for (const bid of await tx.bid.findMany({ where: { status: 'open', OR: [{ bidderId: userId }, { contract: { providerId: userId } }] }, include: { contract: { select: { providerId: true } } } })) {
      const to = bid.bidderId === userId ? 'withdrawn' : 'declined';
      await transition(tx, { machine: BID_MACHINE, id: bid.id, from: 'open', to, actorId: userId, note: NOTE, data: { decidedAt: now } });
      bids.push({ id: bid.id, contractId: bid.contractId, status: to, amount: bid.amount.toFixed(2) });
    }
    const listings: { id: string; status: 'inactive' | 'rejected' | 'delisted' }[] = [];
    // Off the market through the machine: active -> inactive, in review -> rejected, paused -> delisted
    // (it can no longer resume: nobody is there to resume it). Delisted, rejected and inactive ones stay.
    for (const contract of await tx.contract.findMany({ where: { providerId: userId, status: { in: ['active', 'pending_review', 'paused'] } }, select: { id: true, status: true } })) {
      const to = contract.status === 'active' ? 'inactive' : contract.status === 'paused' ? 'delisted' : 'rejected';
      await transition(tx, { machine: LISTING_MACHINE, id: contract.id, from: contract.status, to, actorId: userId, note: NOTE });
      listings.push({ id: contract.id, status: to });
    }
    // Keys of purchases stop working at once; the log of their use keeps no address.
    await tx.apiKey.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
    await tx.apiKeyUsage.updateMany({ where: { purchase: { buyerId: userId } }, data: { ip: null } });
    await tx.position.deleteMany({ where: { userId } });
    // Their own notices and choices: nobody else reads them.
    await tx.notification.deleteMany({ where: { userId } });
    await tx.notificationPreference.deleteMany({ where: { userId } });
    await tx.emailToken.deleteMany({ where: { userId } });
    await tx.session.deleteMany({ where: { userId } });
    await tx.user.update({
      where: { id: userId },
      data: {
        ...placeholderIdentity(userId),
        name: DELETED_USER_NAME,
        passwordHash: UNUSABLE_PASSWORD_HASH,
        profileImage: null,
        emailVerifiedAt: null,
        lastActiveAt: null,
        sessionVersion: { increment: 1 },
        deletedAt: now,
      },
    });
    return { bids, listings, avatarKey: avatarKeyOf(userId, current.profileImage) };
  });
  if (changed.avatarKey) await deps.storage.delete(changed.avatarKey);
  deps.events.publish('sessionEnded', { userId, exceptSessionId: null });
  deps.events.publish('profileChanged', userId);
  for (const bid of changed.bids) deps.events.publish('bidChanged', bid.contractId, { bidId: bid.id, contractId: bid.contractId, status: bid.status, amount: bid.amount });
  for (const listing of changed.listings) deps.events.publish('contractChanged', listing.id, { contractId: listing.id, status: listing.status });
  deps.events.publish('marketStatsChanged');
  return { message: 'Your account has been deleted.' };
}
