import { builder } from './builder.ts';
import { selectable, selectsColumnsOnly } from './prisma-query.ts';
import { updateProfile } from '../domain/accounts/profile.service.ts';
import { DueDiligenceStatusEnum } from './enums.ts';
import type { User } from '../db/generated/prisma/client.ts';
import type { Context } from '../context.ts';
import { isOwnerOrAdmin } from '../domain/policies.ts';
import { AuthenticationError, ValidationError } from '../domain/errors.ts';

// Owner-or-admin fields resolve to null for anyone else: a user never reads another's data.
const selfOrAdmin = (user: User, ctx: Context) => isOwnerOrAdmin(ctx.viewer, user.id);

export const UserType = builder.prismaNode('User', {
  id: { field: 'id' },
  fields: (t) => ({
    userId: t.exposeString('id', { description: 'The plain id used by the REST paths (/api/.../{userId}).' }),
    name: t.exposeString('name'),
    username: t.exposeString('username'),
    profileImage: t.exposeString('profileImage', { nullable: true }),
    isAdmin: t.exposeBoolean('isAdmin'),
    rating: t.float({
      nullable: true,
      description: 'Average review rating (1-5); null until the first review.',
      resolve: (user) => (user.rating === null ? null : Number(user.rating)),
    }),
    reviewCount: t.exposeInt('reviewCount'),
    tradeCount: t.exposeInt('tradeCount', {
      description:
        'The paid trades the user is a party to, as buyer or seller (escrowed, disputed or released; a refund takes one back): the "(N trades)" of the header and the cards (docs/decisions.md, "One trade count").',
    }),
    completedSales: t.exposeInt('completedSales', {
      description: 'The provider’s paid sales (the sum of their listings’ salesCount): the provider panel’s "N completed sales".',
    }),
    isVerifiedProvider: t.boolean({ resolve: (user) => user.dueDiligenceStatus === 'approved' }),
    memberSince: t.expose('createdAt', { type: 'DateTime' }),
    email: t.exposeString('email', {
      nullable: true,
      authScopes: (user, _args, ctx) => selfOrAdmin(user, ctx),
      unauthorizedResolver: () => null,
    }),
    emailVerified: t.boolean({
      nullable: true,
      authScopes: (user, _args, ctx) => selfOrAdmin(user, ctx),
      unauthorizedResolver: () => null,
      resolve: (user) => user.emailVerifiedAt !== null,
    }),
    dueDiligenceStatus: t.expose('dueDiligenceStatus', {
      type: DueDiligenceStatusEnum,
      nullable: true,
      authScopes: (user, _args, ctx) => selfOrAdmin(user, ctx),
      unauthorizedResolver: () => null,
    }),
  }),
});

builder.queryField('viewer', (t) =>
  t.prismaField({
    type: 'User',
    nullable: true,
    description: 'The logged-in user, or null.',
    resolve: (query, _root, _args, ctx) => {
      // spread before the logged-out answer too: it needs no query, and Pothos's unused-query
      // check would otherwise warn on every visitor's page load
      const select = selectable(query);
      if (!ctx.viewer) return null;
      // The context loaded the whole row of the viewer for this request already: columns alone
      // (the header, GET /api/auth/user) need no second query. Relations are read as selected.
      if (selectsColumnsOnly(select)) return ctx.viewer;
      return ctx.db.user.findUnique({ ...select, where: { id: ctx.viewer.id } });
    },
  }),
);

const UpdateProfileInput = builder.inputType('UpdateProfileInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    profileImage: t.string({ description: 'An http(s) image address; empty removes the picture.' }),
  }),
});

builder.mutationField('updateProfile', (t) =>
  t.prismaField({
    type: 'User',
    errors: { types: [ValidationError, AuthenticationError] },
    args: { input: t.arg({ type: UpdateProfileInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const user = await updateProfile(ctx.db, ctx.viewer, input, ctx.services.storage);
      return ctx.db.user.findUniqueOrThrow({ ...selectable(query), where: { id: user.id } });
    },
  }),
);
