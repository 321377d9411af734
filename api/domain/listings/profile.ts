import readline from 'node:readline';
import type { Readable } from 'node:stream';

// Profiling an uploaded CSV or JSON file (issue: record count, field names and types, null share,
// sample rows), reading it as a stream: memory stays flat whatever the size.

export type FieldType = 'integer' | 'number' | 'boolean' | 'date' | 'string' | 'object' | 'empty';

export interface FieldProfile {
  name: string;
  type: FieldType;
  /** Share of records where the field is missing or null/empty, 0..1. */
  nullShare: number;
}

export interface DataProfile {
  recordCount: number;
  fields: FieldProfile[];
  sampleRows: Record<string, unknown>[];
}

const SAMPLE_ROWS = 5;
// Types and null shares come from the first records; past them records are only counted, which
// keeps a 500 MB file's profile to a fraction of its upload time.
const PROFILED_RECORDS = 100_000;
// JSON arrays are parsed whole; above this size the file is listed without a profile.
const MAX_JSON_ARRAY_BYTES = 64 * 1024 * 1024;

/** Splits one CSV line, honouring double quotes ("a,b" and "" escapes). */
export function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(field);
      field = '';
    } else field += ch;
  }
  out.push(field);
  return out;
}

const isNullish = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && /^(|null|na|n\/a|nan)$/i.test(v.trim()));

function typeOf(v: unknown): FieldType {
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'object') return 'object';
  const s = String(v).trim();
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

class Profiler {
  private names: string[] = [];
  private known = new Set<string>();
  private types = new Map<string, FieldType>();
  private nulls = new Map<string, number>();
  recordCount = 0;
  sampleRows: Record<string, unknown>[] = [];

  /** Whether the next record still feeds types and null shares (else it is only counted). */
  get profiling(): boolean {
    return this.recordCount < PROFILED_RECORDS;
  }

  /** A record past the profiled ones. */
  count() {
    this.recordCount += 1;
  }

  add(row: Record<string, unknown>) {
    this.recordCount += 1;
    if (this.sampleRows.length < SAMPLE_ROWS) this.sampleRows.push(row);
    for (const name of Object.keys(row)) {
      if (!this.known.has(name)) {
        this.known.add(name);
        this.names.push(name);
        // Records before this one did not have the field.
        this.nulls.set(name, this.recordCount - 1);
      }
    }
    for (const name of this.names) {
      const v = row[name];
      if (isNullish(v)) this.nulls.set(name, (this.nulls.get(name) ?? 0) + 1);
      else this.types.set(name, widen(this.types.get(name) ?? 'empty', typeOf(v)));
    }
  }

  result(): DataProfile {
    return {
      recordCount: this.recordCount,
      fields: this.names.map((name) => ({
        name,
        type: this.types.get(name) ?? 'empty',
        nullShare: this.recordCount ? Math.round(((this.nulls.get(name) ?? 0) / Math.min(this.recordCount, PROFILED_RECORDS)) * 1000) / 1000 : 0,
      })),
      sampleRows: this.sampleRows,
    };
  }
}

export async function profileCsv(source: Readable): Promise<DataProfile | null> {
  const lines = readline.createInterface({ input: source, crlfDelay: Infinity });
  const profiler = new Profiler();
  let header: string[] | null = null;
  for await (const raw of lines) {
    const line = header === null ? raw.replace(/^\uFEFF/, '') : raw;
    if (line.trim() === '') continue;
    if (header && !profiler.profiling) {
      profiler.count();
      continue;
    }
    const cells = splitCsvLine(line);
    if (!header) {
      header = cells.map((h, i) => h.trim() || `column_${i + 1}`);
      continue;
    }
    profiler.add(Object.fromEntries(header.map((h, i) => [h, cells[i] ?? null])));
  }
  return header ? profiler.result() : null;
}

export async function profileJson(source: Readable, size: number): Promise<DataProfile | null> {
  const profiler = new Profiler();
  const lines = readline.createInterface({ input: source, crlfDelay: Infinity });
  let firstLine: string | null = null;
  let arrayText: string[] | null = null;
  for await (const raw of lines) {
    if (firstLine === null) {
      if (raw.trim() === '') continue;
      firstLine = raw.replace(/^\uFEFF/, '').trimStart();
      if (firstLine.startsWith('[')) {
        if (size > MAX_JSON_ARRAY_BYTES) {
          lines.close();
          source.destroy();
          return null;
        }
        arrayText = [firstLine];
        continue;
      }
    }
    if (arrayText) {
      arrayText.push(raw);
      continue;
    }
    // Newline-delimited JSON: one object a line.
    const line = raw.replace(/^\uFEFF/, '');
    if (line.trim() === '') continue;
    if (!profiler.profiling) {
      profiler.count();
      continue;
    }
    try {
      const value = JSON.parse(line);
      if (value && typeof value === 'object' && !Array.isArray(value)) profiler.add(value);
    } catch {
      return null;
    }
  }
  if (arrayText) {
    try {
      const value = JSON.parse(arrayText.join('\n'));
      if (!Array.isArray(value)) return null;
      for (const item of value) if (item && typeof item === 'object' && !Array.isArray(item)) profiler.add(item);
    } catch {
      return null;
    }
  }
  return profiler.recordCount ? profiler.result() : null;
}
