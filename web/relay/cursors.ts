// The cursors of the server's offset connections, for a screen that opens a list at a page it
// did not read the cursor of (the trading floor's ?page=N).

/**
 * The cursor of the item at `offset` in an offset connection: base64 of 'OffsetConnection:<offset>'.
 * It must equal @pothos/plugin-relay's offsetToCursor, which the server's connections use
 * (web/relay/cursors.test.ts compares them); that package is not imported here because it would
 * bring the schema builder and graphql into the web bundle for one line.
 */
export function offsetToCursor(offset: number): string {
  return btoa(`OffsetConnection:${offset}`);
}
