import { decideRange } from '../domain/delivery/http-range.ts';
import { errorBody } from './respond.ts';
import { STATUS_OF_CODE } from './statuses.ts';

// A stored file as a download: named for saving, tagged with its sha256 so a broken download
// resumes with Range and If-Range (the buyer's download, api/rest/data.routes.ts, and a listing's
// file for its provider, api/rest/listing.routes.ts).

/**
 * Content-Disposition for a download (RFC 6266): `filename*=UTF-8''…` carries the name as it was
 * uploaded, and `filename="…"` an ASCII stand-in for clients that do not read filename* (accents
 * lose their marks, other characters, quotes, backslashes and % become _).
 */
export function attachmentDisposition(fileName: string): string {
  const name = (fileName || 'download').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/gu, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** What fileRange needs of a stored file (a DataFile row). */
export interface DownloadableFile {
  size: bigint | number;
  sha256: string;
  createdAt: Date;
  contentType: string;
  fileName: string;
}

/**
 * Sets the headers of a file's answer (ETag, Last-Modified, Accept-Ranges, the range, type, length,
 * disposition) on `headers`, and says which bytes to send with which status; or the 416 answer
 * when the range asked starts past the end.
 */
export function fileRange(
  request: Pick<Headers, 'get'>,
  file: DownloadableFile,
  headers: Headers,
): { status: 200 | 206; start: number; end: number; size: number } | Response {
  const size = Number(file.size);
  const etag = `"${file.sha256}"`;
  const lastModified = file.createdAt.toUTCString();
  headers.set('accept-ranges', 'bytes');
  headers.set('etag', etag);
  headers.set('last-modified', lastModified);
  const range = decideRange(request.get('range'), request.get('if-range'), { size, etag, lastModified });
  if (range.kind === 'unsatisfiable') {
    headers.set('content-range', `bytes */${size}`);
    headers.set('content-type', 'application/json; charset=UTF-8');
    headers.delete('content-disposition');
    return new Response(errorBody('RANGE_NOT_SATISFIABLE', `Range not satisfiable: the file has ${size} bytes`), { status: STATUS_OF_CODE.RANGE_NOT_SATISFIABLE, headers });
  }
  const [start, end, status] = range.kind === 'partial' ? [range.start, range.end, 206 as const] : [0, size - 1, 200 as const];
  if (range.kind === 'partial') headers.set('content-range', `bytes ${start}-${end}/${size}`);
  headers.set('content-type', file.contentType);
  headers.set('content-length', String(Math.max(0, end - start + 1)));
  headers.set('content-disposition', attachmentDisposition(file.fileName));
  return { status, start, end, size };
}
