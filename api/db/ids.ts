// Every record's id is a UUID the database generated (`@default(uuid(7))` in prisma/schema/).
// A string of any other shape names nothing, so callers answer "not found" without asking the
// database, and hostile strings (NUL bytes, megabytes of text) never reach a query.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isRecordId(id: unknown): id is string {
  return typeof id === 'string' && UUID.test(id);
}
