import { cursorToOffset, offsetToCursor } from '@pothos/plugin-relay';
import { ValidationError } from '../domain/errors.ts';

// Offset cursors are Relay's own (`offsetToCursor` of @pothos/plugin-relay). Its parser accepts
// any text after the prefix (`-5`, `abc`, twenty digits), which would reach the database as a
// negative or absurd OFFSET; a cursor we did not hand out is the caller's bad input instead.

/** The offset in a cursor we handed out; INVALID_INPUT for anything else. */
export function offsetOfCursor(cursor: string): number {
  let offset: number;
  try {
    offset = cursorToOffset(cursor);
  } catch {
    throw new ValidationError('Invalid cursor');
  }
  if (!Number.isSafeInteger(offset) || offset < 0 || offsetToCursor(offset) !== cursor) throw new ValidationError('Invalid cursor');
  return offset;
}

/** Checks the `after`/`before` of offset-connection arguments before they are resolved. */
export function checkOffsetCursors(args: { after?: string | null; before?: string | null }): void {
  if (args.after != null) offsetOfCursor(args.after);
  if (args.before != null) offsetOfCursor(args.before);
}

/** The cursor that makes a page start at `offset` (REST's `offset` parameter). */
export function afterCursorForOffset(offset: number): string | undefined {
  return offset > 0 ? offsetToCursor(offset - 1) : undefined;
}
