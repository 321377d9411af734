import DataLoader from 'dataloader';
import type { Db } from '../../db/database.ts';
import type { Contract } from '../../db/generated/prisma/client.ts';

/**
 * Where the earnings page links a top-earning provider: their live listing that sold most
 * (ties: the newest). One statement for all the providers of the page; null for a provider with
 * no live listing (everything withdrawn or rejected since), whose name then links nowhere.
 */
export function showcaseListingLoader(db: Db) {
  return new DataLoader<string, Contract | null>(async (providerIds) => {
    const rows = await db.contract.findMany({
      where: { providerId: { in: [...providerIds] }, status: 'active' },
      orderBy: [{ salesCount: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }],
    });
    const best = new Map<string, Contract>();
    for (const row of rows) if (!best.has(row.providerId)) best.set(row.providerId, row);
    return providerIds.map((id) => best.get(id) ?? null);
  });
}
