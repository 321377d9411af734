import type { Db } from '../../db/database.ts';
import { isRecordId } from '../../db/ids.ts';
import { canSeeContract } from '../policies.ts';

/**
 * The title of a contract anyone may see (an active one), for the boot frame of its page
 * (api/http/boot-head.ts); null for an unknown id or a listing the public does not see, which then
 * gets the plain frame, as any other page.
 */
export async function publicContractTitle(db: Db, id: string): Promise<string | null> {
  if (!isRecordId(id)) return null;
  const contract = await db.contract.findUnique({ where: { id }, select: { title: true, status: true, providerId: true } });
  return contract && canSeeContract(null, contract) ? contract.title : null;
}
