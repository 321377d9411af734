// `fields=a,b,c` on the stream (docs/decisions.md "Issue 27: API conventions"): each NDJSON record
// keeps only the named fields, in the order they were asked for (a client naming its columns gets
// them in its own order, as SQL's SELECT list does). Line by line: memory holds one chunk and one
// record (a record is at most the row limit, api/domain/listings/row-limits.ts).
import type { DataProfile } from '../listings/profile.ts';
import { PROFILE_LIMITS } from '../listings/profile.ts';
import { ValidationError } from '../errors.ts';
import { BATCH_BYTES } from './stream-bytes.ts';

const NEWLINE = 0x0a;
/** No more names than a stream may have columns (the profile keeps at most this many). */
const MAX_FIELDS = PROFILE_LIMITS.maxFields;

/**
 * The field names of a `fields` parameter: comma-separated, trimmed, without repeats. Unknown
 * names (not among the file's, when its profile knows them all) are refused by name.
 */
export function parseFields(raw: string, profile: DataProfile | null | undefined): string[] {
  const names = [...new Set(raw.split(',').map((name) => name.trim()))];
  if (names.some((name) => name === '')) {
    throw new ValidationError('fields is a comma-separated list of field names, none of them empty', [{ field: 'fields', message: 'An empty field name' }]);
  }
  if (names.length > MAX_FIELDS) throw new ValidationError(`fields names at most ${MAX_FIELDS} fields`, [{ field: 'fields', message: 'Too many fields' }]);
  // The profile lists every field unless the file has more than it keeps.
  const known = profile && profile.fields.length > 0 && profile.fields.length < MAX_FIELDS ? new Set(profile.fields.map((f) => f.name)) : null;
  const unknown = known ? names.filter((name) => !known.has(name)) : [];
  if (unknown.length) {
    const list = unknown.slice(0, 10).map((name) => JSON.stringify(name.slice(0, 100))).join(', ');
    const message = `Unknown field${unknown.length > 1 ? 's' : ''} ${list}; this file's fields are: ${[...known!].slice(0, 50).join(', ')}${known!.size > 50 ? ', ...' : ''}`;
    throw new ValidationError(message, [{ field: 'fields', message }]);
  }
  return names;
}

/** The NDJSON records of `lines` with only `names`, in that order (a record that is not an object passes as it is). */
export async function* pickFields(lines: AsyncIterable<Buffer>, names: readonly string[]): AsyncGenerator<Buffer> {
  let carry: Buffer | null = null;
  let out: string[] = [];
  let size = 0;
  const pick = (line: Buffer) => {
    if (line.length === 0) return;
    const record: unknown = JSON.parse(line.toString('utf8'));
    let text: string;
    if (record !== null && typeof record === 'object' && !Array.isArray(record)) {
      const picked: Record<string, unknown> = {};
      for (const name of names) if (Object.hasOwn(record, name)) picked[name] = (record as Record<string, unknown>)[name];
      text = JSON.stringify(picked);
    } else {
      text = line.toString('utf8');
    }
    out.push(text, '\n');
    size += text.length + 1;
  };
  const flush = () => {
    const chunk = Buffer.from(out.join(''), 'utf8');
    out = [];
    size = 0;
    return chunk;
  };
  for await (const chunk of lines) {
    const data: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
    carry = null;
    let from = 0;
    for (let at = data.indexOf(NEWLINE, from); at >= 0; at = data.indexOf(NEWLINE, from)) {
      pick(data.subarray(from, at));
      from = at + 1;
      if (size >= BATCH_BYTES) yield flush();
    }
    if (from < data.length) carry = Buffer.from(data.subarray(from));
    if (size > 0) yield flush();
  }
  if (carry) pick(carry);
  if (size > 0) yield flush();
}
