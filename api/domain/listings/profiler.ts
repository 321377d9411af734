import { jsonDepth, MAX_STORED_JSON_DEPTH } from '../json-depth.ts';
import { rowLimitMessage, type RowLimit } from './row-limits.ts';
import type { DataProfile, FieldType, ProfileLimit, ProfileLimits } from './profile.ts';

// What a profile says about the records it reads: each field's type and null share, and the
// sample rows. profile.ts cuts the file into records and parses them; this only looks at values.

const isNullish = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && /^(|null|na|n\/a|nan)$/i.test(v.trim()));

function typeOf(v: unknown): FieldType {
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'object') return 'object';
  const s = String(v).trim();
  // Numbers, booleans and dates are short; a long value is text whatever it starts with.
  if (s.length > 64) return 'string';
  if (/^-?\d+$/.test(s)) return 'integer';
  if (/^-?\d*\.\d+(e-?\d+)?$/i.test(s)) return 'number';
  if (/^(true|false)$/i.test(s)) return 'boolean';
  if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s)) return 'date';
  return 'string';
}

// When values disagree, the field takes the wider type.
const WIDTH: FieldType[] = ['empty', 'boolean', 'integer', 'number', 'date', 'string', 'object'];
function widen(a: FieldType, b: FieldType): FieldType {
  if (a === 'empty') return b;
  if (b === 'empty' || a === b) return a;
  if ((a === 'integer' && b === 'number') || (a === 'number' && b === 'integer')) return 'number';
  return WIDTH.indexOf(a) > WIDTH.indexOf(b) ? (a === 'object' ? 'object' : 'string') : b === 'object' ? 'object' : 'string';
}

export const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}…` : s);

interface Field {
  name: string;
  type: FieldType;
  present: number;
}

/** Types and null shares, linear in the values it sees: each record costs its own fields only. */
export class Profiler {
  private fields: Field[] = [];
  private byName = new Map<string, Field>();
  private profiled = 0;
  private cells = 0;
  fieldsOmitted = false;
  sampleRows: Record<string, unknown>[] = [];

  constructor(private readonly limits: ProfileLimits) {}

  /** Whether the next record still feeds types and null shares (else it is only counted). */
  get profiling(): boolean {
    return this.profiled < this.limits.profiledRecords && this.cells < this.limits.profiledCells;
  }

  get fieldCount() {
    return this.fields.length;
  }

  private field(name: string): Field | undefined {
    let f = this.byName.get(name);
    if (!f) {
      if (this.fields.length >= this.limits.maxFields) {
        this.fieldsOmitted = true;
        return undefined;
      }
      f = { name, type: 'empty', present: 0 };
      this.fields.push(f);
      this.byName.set(name, f);
    }
    return f;
  }

  /** Fields known before any record (a CSV header), in their order. */
  declare(names: readonly string[]) {
    for (const name of names) this.field(name);
  }

  /** One record as parallel names and values; `cells` is what parsing it cost (all its values). */
  add(names: readonly string[], values: readonly unknown[], cells: number) {
    this.profiled += 1;
    this.cells += cells;
    const sample: Record<string, unknown> | null = this.sampleRows.length < this.limits.sampleRows ? {} : null;
    let sampled = 0;
    for (let k = 0; k < names.length; k++) {
      const f = this.field(names[k]!);
      if (!f) continue;
      const v = values[k] ?? null;
      if (sample && sampled < this.limits.sampleFields) {
        sample[f.name] = this.sampleValue(v);
        sampled += 1;
      }
      if (!isNullish(v)) {
        f.present += 1;
        f.type = widen(f.type, typeOf(v));
      }
    }
    if (sample) this.sampleRows.push(sample);
  }

  private sampleValue(v: unknown): unknown {
    const max = this.limits.sampleValueChars;
    if (typeof v === 'string') return cut(v, max);
    if (v && typeof v === 'object') {
      // Sample rows become the listing's, where a row nests at most MAX_STORED_JSON_DEPTH levels
      // (it is one of them): a value nested deeper is kept as its text.
      const text = JSON.stringify(v);
      return text.length > max || jsonDepth(v, MAX_STORED_JSON_DEPTH) >= MAX_STORED_JSON_DEPTH ? cut(text, max) : v;
    }
    return v;
  }

  result(recordCount: number | null, recordsRead: number, stopped: ProfileLimit | null, notStreamable: RowLimit | null = null): DataProfile {
    const limits: ProfileLimit[] = [];
    if (stopped) limits.push(stopped);
    if (this.fieldsOmitted) limits.push('too_many_fields');
    const profiled = this.profiled;
    return {
      recordCount,
      fields: this.fields.map((f) => ({
        name: f.name,
        type: f.type,
        nullShare: profiled ? Math.round(((profiled - f.present) / profiled) * 1000) / 1000 : 0,
      })),
      sampleRows: this.sampleRows,
      ...(limits.length ? { truncated: { limits, recordsRead } } : {}),
      ...(notStreamable ? { notStreamable: { limit: notStreamable, message: rowLimitMessage(notStreamable, this.limits) } } : {}),
    };
  }
}
