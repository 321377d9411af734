import type { Prisma } from '../../db/generated/prisma/client.ts';

// Who has a public provider profile (docs/decisions.md "Issue 28: the provider's public profile"):
// a provider is a user whose due diligence is approved; one still selling (an active listing) keeps
// the page its listings link to even if their status moved since. A deleted account has none.

/** Usernames are short words; anything longer is no one's (and no reason to ask the database). */
const USERNAME_MAX = 64;

/** The Prisma condition that finds `username`'s public profile (none for a non-provider). */
export function publicProviderWhere(username: string): Prisma.UserWhereInput {
  if (username.length === 0 || username.length > USERNAME_MAX) return { id: { in: [] } };
  return {
    username,
    deletedAt: null,
    OR: [{ dueDiligenceStatus: 'approved' }, { contracts: { some: { status: 'active' } } }],
  };
}

/** The order of a provider's listings on their profile: newest first. */
export const PROVIDER_LISTINGS_ORDER: Prisma.ContractOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];

export const providerPath = (username: string) => `/provider/${encodeURIComponent(username)}`;
