// Global ids of the schema's nodes, for a screen that holds a plain id from an address (a ticket
// opened from a mail's link) and asks `node(id:)` for it.

/**
 * The global id of the node `type` with plain id `id`: base64 of '<type>:<id>'. It must equal
 * @pothos/plugin-relay's encodeGlobalID, which the server's `node` field decodes
 * (web/relay/globalIds.test.ts compares them); the package is not imported for the same reason as
 * in ./cursors.ts. An id that is not Latin-1 is no id of ours: it becomes one that finds nothing.
 */
export function toGlobalId(type: string, id: string): string {
  try {
    return btoa(`${type}:${id}`);
  } catch {
    return btoa(`${type}:-`);
  }
}
