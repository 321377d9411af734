import { builder } from './builder.ts';
import { selectable } from './prisma-query.ts';
import { plainId } from './global-ids.ts';
import { UserType } from './user.ts';
import { reviewProvider } from '../domain/reviews/reviews.service.ts';
import { canReview } from '../domain/reviews/reviews.rules.ts';
import { AuthenticationError, ConflictError, NotFoundError, ValidationError } from '../domain/errors.ts';

// Reviews (the product decision "Reviews"): after release the buyer rates the provider once per purchase.
// Reviews are public, like the rating they make up; the purchase behind one is not. The Review type
// itself is declared with the contract's reviews (contract.ts); these are the fields it adds.
builder.prismaObjectFields('Review', (t) => ({
  reviewId: t.exposeString('id'),
  provider: t.relation('provider'),
  contractId: t.exposeString('contractId'),
}));

builder.prismaObjectFields('Purchase', (t) => ({
  review: t.relation('review', { nullable: true, description: "The buyer's review of the provider for this purchase, once written." }),
  canReview: t.boolean({
    description: 'Whether the viewer may review the provider now: they are the buyer, the payment was released and no review exists yet.',
    select: { buyerId: true, payment: { select: { status: true } }, review: { select: { id: true } } },
    resolve: (purchase, _args, ctx) => canReview(purchase, ctx.viewer?.id),
  }),
}));

builder.prismaObjectFields(UserType, (t) => ({
  reviewsReceived: t.relatedConnection('reviewsReceived', {
    cursor: 'id',
    description: 'Reviews of this user as a provider, newest first.',
    query: () => ({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
    totalCount: true,
  }),
}));

const ReviewProviderInput = builder.inputType('ReviewProviderInput', {
  fields: (t) => ({
    purchaseId: t.id({ required: true }),
    rating: t.int({ required: true, description: 'Whole stars, 1 to 5.' }),
    text: t.string({ description: 'Optional, at most 2000 characters.' }),
  }),
});

builder.mutationField('reviewProvider', (t) =>
  t.prismaField({
    type: 'Review',
    errors: { types: [ValidationError, AuthenticationError, NotFoundError, ConflictError] },
    description: "The buyer rates the purchase's provider after the payment was released; once per purchase. Recomputes the provider's rating and review count.",
    args: { input: t.arg({ type: ReviewProviderInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      // A blank id stays blank so the domain says it is required (plainId would make it unknown).
      const purchaseId = String(input.purchaseId).trim();
      const review = await reviewProvider({ db: ctx.db }, ctx.viewer, { ...input, purchaseId: purchaseId && plainId(purchaseId, 'Purchase') });
      return ctx.db.review.findUniqueOrThrow({ ...selectable(query), where: { id: review.id } });
    },
  }),
);
