import { builder } from './builder.ts';
import { selectable } from './prisma-query.ts';
import { plainId } from './global-ids.ts';
import { PurchaseStatusEnum } from './enums.ts';
import { createPurchase } from '../domain/market/purchases.service.ts';
import { canSeePurchase } from '../domain/policies.ts';
import { AuthenticationError, ConflictError, NotFoundError, PermissionError, ValidationError } from '../domain/errors.ts';

// A buyer's entitlement to a contract's data (the specification).
builder.prismaNode('Purchase', {
  id: { field: 'id' },
  // Only the buyer, the listing's provider and administrators read a purchase.
  include: { contract: { select: { providerId: true } } },
  authScopes: (p, ctx) => canSeePurchase(ctx.viewer, p, p.contract.providerId),
  fields: (t) => ({
    purchaseId: t.exposeString('id'),
    buyerId: t.exposeString('buyerId'),
    contractId: t.exposeString('contractId'),
    status: t.expose('status', { type: PurchaseStatusEnum }),
    amount: t.expose('amount', { type: 'Decimal' }),
    purchaseDate: t.expose('purchaseDate', { type: 'DateTime' }),
    accessExpiresAt: t.expose('accessExpiresAt', { type: 'DateTime', nullable: true }),
    downloadCount: t.exposeInt('downloadCount'),
    lastAccessedAt: t.expose('lastAccessedAt', { type: 'DateTime', nullable: true }),
    contract: t.relation('contract'),
    buyer: t.relation('buyer'),
  }),
});

const CreatePurchaseInput = builder.inputType('CreatePurchaseInput', {
  fields: (t) => ({ contractId: t.id({ required: true }) }),
});

builder.mutationField('createPurchase', (t) =>
  t.prismaField({
    type: 'Purchase',
    errors: { types: [ValidationError, AuthenticationError, PermissionError, NotFoundError, ConflictError] },
    description: 'Records the intent to buy (status pending); the amount is set by the server.',
    args: { input: t.arg({ type: CreatePurchaseInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const purchase = await createPurchase(ctx.db, ctx.viewer, { contractId: plainId(String(input.contractId), 'Contract') });
      return ctx.db.purchase.findUniqueOrThrow({ ...selectable(query), where: { id: purchase.id } });
    },
  }),
);
