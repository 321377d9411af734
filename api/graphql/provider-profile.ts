import { builder } from './builder.ts';
import { UserType } from './user.ts';
import { selectable } from './prisma-query.ts';
import { publicProviderWhere, PROVIDER_LISTINGS_ORDER } from '../domain/market/provider-profile.ts';

// A provider's public profile (docs/decisions.md "Issue 28: the provider's public profile"): the
// same public User node the contract page's provider card reads, found by its username (the URL
// /provider/{username}), with the provider's active listings as market cards.

builder.prismaObjectFields(UserType, (t) => ({
  activeListings: t.relatedConnection('contracts', {
    cursor: 'id',
    description: "The user's listings on sale (active), newest first: what their public profile lists. Public to anyone.",
    query: () => ({ where: { status: 'active' }, orderBy: PROVIDER_LISTINGS_ORDER }),
    totalCount: true,
  }),
}));

builder.queryField('provider', (t) =>
  t.prismaField({
    type: 'User',
    nullable: true,
    description:
      "A provider's public profile by username: null for an unknown or deleted account, or one that is not a provider (neither approved nor selling). Private fields (email, due diligence status, own lists) stay null for anyone but the user and administrators.",
    args: { username: t.arg.string({ required: true }) },
    resolve: (query, _root, { username }, ctx) => ctx.db.user.findFirst({ ...selectable(query), where: publicProviderWhere(username) }),
  }),
);
