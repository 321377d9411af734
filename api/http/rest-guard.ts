import type { MiddlewareHandler } from 'hono';
import { mediaTypeOf } from './content-type.ts';
import { jsonError } from '../rest/respond.ts';
import type { OriginPolicy } from './origin.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes whose body is a file rather than JSON: a listing's data file, an avatar (with its own, smaller limit). */
export const MULTIPART_PATHS = new Set(['/api/uploads', '/api/profile/avatar']);
/** A dispute's evidence: files and a statement (api/rest/dispute-evidence.routes.ts). */
const EVIDENCE_PATH = /^\/api\/payments\/[^/]+\/dispute\/evidence$/;

/** Whether a path's POST body is multipart (a file upload) rather than JSON. */
export function isMultipartPath(path: string): boolean {
  return MULTIPART_PATHS.has(path) || EVIDENCE_PATH.test(path);
}

/** Uploads that may take long (tens of megabytes): watched for idleness, not held to the body deadline (api/http/http-server.ts). */
export function isLongUploadPath(path: string): boolean {
  return path === '/api/uploads' || EVIDENCE_PATH.test(path);
}

/**
 * CSRF guard of every REST write, before any route runs (so nothing changes when it refuses):
 * - a body must be JSON, else 400 (the REST layer's statuses are those of the README) (uploads: multipart/form-data). Browsers send text/plain, form-encoded
 *   and multipart bodies cross-site without a CORS preflight; JSON needs one, which only listed
 *   origins get (api/http/cors.ts). The media type is parsed, not searched for "json".
 * - a write whose Origin is another site's is refused outright: browsers always send Origin on
 *   writes, so this covers what the content type cannot (bodyless posts such as logout, and
 *   multipart uploads). Clients that are not browsers send no Origin.
 */
export function restWriteGuard(policy: OriginPolicy): MiddlewareHandler {
  return async (c, next) => {
    if (!WRITES.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    if (origin !== undefined && !policy.isAllowed(origin, c.req.header('host'))) {
      return jsonError(c, 'NOT_ALLOWED', `Requests from ${origin} are not allowed`);
    }
    const header = c.req.header('content-type');
    const mediaType = mediaTypeOf(header);
    if (isMultipartPath(c.req.path) && c.req.method === 'POST') {
      if (mediaType !== 'multipart/form-data') return jsonError(c, 'INVALID_INPUT', 'Send the file as multipart/form-data in a field named "file"');
      return next();
    }
    if (mediaType === 'application/json') return next();
    // No Content-Type at all is fine for a write without a body (e.g. POST /api/auth/logout from a script).
    if (header === undefined && !hasBody(c.req.raw)) return next();
    return jsonError(c, 'INVALID_INPUT', 'Expected a JSON body (Content-Type: application/json)');
  };
}

// HTTP/1.1: a request has a body only when it says so with Content-Length or Transfer-Encoding.
function hasBody(request: Request): boolean {
  const length = request.headers.get('content-length');
  return (length !== null && length.trim() !== '0') || request.headers.has('transfer-encoding');
}
