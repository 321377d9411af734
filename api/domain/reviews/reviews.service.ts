import type { Db } from '../../db/database.ts';
import type { Prisma, User } from '../../db/generated/prisma/client.ts';
import { AuthenticationError, ConflictError, NotFoundError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { averageRating, reviewRefusal } from './reviews.rules.ts';
import { reviewProviderInput } from './reviews.schemas.ts';

type Tx = Prisma.TransactionClient;

const ALREADY_REVIEWED = 'You have already reviewed this purchase';
const NOT_RELEASED = 'You can review the provider once the payment has been released';

/**
 * The buyer rates the provider of a purchase whose payment was released: once per purchase, 1-5
 * whole stars, optional text (the product decision "Reviews"). In the same transaction the provider's
 * rating and review count are recomputed from their reviews, so the figures never drift from the
 * rows. Anyone but the purchase's buyer is told the purchase does not exist (it is not theirs to
 * know about).
 */
export async function reviewProvider({ db }: { db: Db }, viewer: User | null, rawInput: unknown) {
  if (!viewer) throw new AuthenticationError();
  const input = parseInput(reviewProviderInput, rawInput);
  const purchase = await db.purchase.findUnique({
    where: { id: input.purchaseId },
    select: { id: true, buyerId: true, contractId: true, payment: { select: { status: true, sellerId: true } }, review: { select: { id: true } } },
  });
  if (!purchase) throw new NotFoundError('Purchase not found');
  const refusal = reviewRefusal(purchase, viewer.id);
  if (refusal === 'NOT_BUYER') throw new NotFoundError('Purchase not found');
  if (refusal === 'ALREADY_REVIEWED') throw new ConflictError(ALREADY_REVIEWED, 'ALREADY_EXISTS');
  if (refusal === 'NOT_RELEASED') throw new ConflictError(NOT_RELEASED);
  const providerId = purchase.payment!.sellerId;
  try {
    return await db.$transaction(async (tx) => {
      // Reviews of one provider take turns here: each computes the figures after the one before
      // it committed, so two at once cannot leave a count or average that misses one of them.
      await lockUser(tx, providerId);
      if (await tx.review.findUnique({ where: { purchaseId: purchase.id }, select: { id: true } })) throw new ConflictError(ALREADY_REVIEWED, 'ALREADY_EXISTS');
      const review = await tx.review.create({
        data: { purchaseId: purchase.id, reviewerId: viewer.id, providerId, contractId: purchase.contractId, rating: input.rating, text: input.text },
      });
      await recomputeProviderRating(tx, providerId);
      return review;
    });
  } catch (error) {
    // The unique purchaseId is the last guard against a second review of the same purchase.
    if ((error as { code?: unknown }).code === 'P2002') throw new ConflictError(ALREADY_REVIEWED, 'ALREADY_EXISTS');
    throw error;
  }
}

async function lockUser(tx: Tx, userId: string) {
  await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
}

/**
 * Sets the provider's rating (average of their reviews, two places half-up; null without any)
 * and review count from the Review rows. Call it in the transaction that changed their reviews,
 * after locking the provider's row.
 */
export async function recomputeProviderRating(tx: Tx, providerId: string) {
  const agg = await tx.review.aggregate({ where: { providerId }, _count: { _all: true }, _sum: { rating: true } });
  const count = agg._count._all;
  await tx.user.update({ where: { id: providerId }, data: { rating: averageRating(agg._sum.rating ?? 0, count), reviewCount: count } });
}
