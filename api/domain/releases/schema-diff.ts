import type { FieldProfile, FieldType } from '../listings/profile.ts';

// The schema diff of a release against the one before it (docs/decisions.md "Issue 26: releases"),
// read from the profiler's per-field types and null shares. Pure: the release service stores it.

/**
 * A field's null share rising by at least this much (0.2 = 20 percentage points: 5% empty -> 25%
 * empty) is reported: fewer values is what breaks a buyer's join or model, a small wobble is noise.
 */
export const NULL_SHARE_JUMP = 0.2;

export interface SchemaDiff {
  added: { name: string; type: FieldType }[];
  removed: { name: string; type: FieldType }[];
  retyped: { name: string; from: FieldType; to: FieldType }[];
  nullShareJumped: { name: string; from: number; to: number }[];
}

/** Fields of a profile, whatever shape a stored one has (a release's profile is the profiler's output). */
export function fieldsOf(profile: unknown): FieldProfile[] | null {
  const fields = (profile as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(fields)) return null;
  return fields.filter((f): f is FieldProfile => typeof f?.name === 'string' && typeof f?.type === 'string' && typeof f?.nullShare === 'number');
}

/**
 * What changed from `before` to `after`; null when either release has no profile (a format the
 * profiler does not read): nothing can be said, and nothing is claimed. A field whose values were
 * all empty on one side (type `empty`) has no type to compare: it shows as a null-share jump, not
 * a retype.
 */
export function schemaDiff(before: FieldProfile[] | null, after: FieldProfile[] | null): SchemaDiff | null {
  if (!before || !after) return null;
  const old = new Map(before.map((f) => [f.name, f]));
  const now = new Map(after.map((f) => [f.name, f]));
  const diff: SchemaDiff = { added: [], removed: [], retyped: [], nullShareJumped: [] };
  for (const f of after) if (!old.has(f.name)) diff.added.push({ name: f.name, type: f.type });
  for (const f of before) {
    const next = now.get(f.name);
    if (!next) {
      diff.removed.push({ name: f.name, type: f.type });
      continue;
    }
    if (f.type !== next.type && f.type !== 'empty' && next.type !== 'empty') diff.retyped.push({ name: f.name, from: f.type, to: next.type });
    if (next.nullShare - f.nullShare >= NULL_SHARE_JUMP - 1e-9) diff.nullShareJumped.push({ name: f.name, from: f.nullShare, to: next.nullShare });
  }
  return diff;
}

/** A buyer's code may break: a field they read is gone or holds another type. */
export function isSchemaChange(diff: SchemaDiff | null): boolean {
  return !!diff && (diff.removed.length > 0 || diff.retyped.length > 0);
}

/** One line for the notices and the library: "removed: region; retyped: price (integer -> number)". */
export function describeDiff(diff: SchemaDiff | null): string {
  if (!diff) return '';
  const parts = [
    diff.removed.length ? `removed: ${diff.removed.map((f) => f.name).join(', ')}` : '',
    diff.retyped.length ? `retyped: ${diff.retyped.map((f) => `${f.name} (${f.from} -> ${f.to})`).join(', ')}` : '',
    diff.added.length ? `added: ${diff.added.map((f) => f.name).join(', ')}` : '',
    diff.nullShareJumped.length ? `more empty values: ${diff.nullShareJumped.map((f) => `${f.name} (${pct(f.from)} -> ${pct(f.to)})`).join(', ')}` : '',
  ];
  return parts.filter(Boolean).join('; ');
}

const pct = (share: number) => `${Math.round(share * 100)}%`;
