// Which files a listing may carry, and how to tell that the bytes are what the name says
// (the specification's upload rules: csv, json, xlsx, xls, sql, parquet, zip; 500 MB).

export const MAX_UPLOAD_BYTES = 500 * 1024 * 1024;
export const ALLOWED_EXTENSIONS = ['csv', 'json', 'xlsx', 'xls', 'sql', 'parquet', 'zip'] as const;
export type FileExtension = (typeof ALLOWED_EXTENSIONS)[number];

export const CONTENT_TYPES: Record<FileExtension, string> = {
  csv: 'text/csv',
  json: 'application/json',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  sql: 'application/sql',
  parquet: 'application/vnd.apache.parquet',
  zip: 'application/zip',
};

export function extensionOf(fileName: string): FileExtension | undefined {
  const ext = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return ALLOWED_EXTENSIONS.find((e) => e === ext);
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const PARQUET = [0x50, 0x41, 0x52, 0x31]; // "PAR1"

const startsWith = (head: Uint8Array, magic: number[]) => magic.every((b, i) => head[i] === b);

/** Text files: no NUL bytes and valid UTF-8 (a multi-byte character cut at the end is fine). */
function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the first bytes of a file fit its extension. Binary formats have signatures; text
 * formats must be text, and JSON must open with an object or an array.
 */
export function contentMatchesExtension(ext: FileExtension, head: Uint8Array): boolean {
  switch (ext) {
    case 'zip':
    case 'xlsx':
      return startsWith(head, ZIP);
    case 'xls':
      return startsWith(head, OLE2);
    case 'parquet':
      return startsWith(head, PARQUET);
    case 'json': {
      if (!looksLikeText(head)) return false;
      const first = new TextDecoder().decode(head).replace(/^\uFEFF/, '').trimStart()[0];
      return first === '{' || first === '[';
    }
    case 'csv':
    case 'sql':
      return head.length > 0 && looksLikeText(head);
  }
}
