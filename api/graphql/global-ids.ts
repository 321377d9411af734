import { decodeGlobalID } from '@pothos/plugin-relay';
import { isRecordId } from '../db/ids.ts';

// Arguments that name a record take its Relay global id or its plain database id alike (REST
// paths carry plain ids); every resolver turns them into the plain id the domain takes.

/**
 * Accepts a Relay global id of `typename` or a plain database id. Anything that is not a record id
 * (api/db/ids.ts) becomes the nil UUID, which no record has: services then answer exactly as for
 * an unknown id, after the same permission checks, and hostile strings never reach a query.
 */
export function plainId(id: string, typename: string): string {
  let plain = id;
  try {
    const decoded = decodeGlobalID(id);
    if (decoded.typename === typename) plain = decoded.id;
  } catch {
    /* a plain id */
  }
  return isRecordId(plain) ? plain : NO_RECORD_ID;
}

const NO_RECORD_ID = '00000000-0000-0000-0000-000000000000';
