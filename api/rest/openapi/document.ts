import type { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import { SESSION_COOKIE } from '../../auth/session.ts';
import { SUPPORT_GRANT_COOKIE } from '../../domain/support/support.grant.ts';
import { codesOfStatus, STATUS_OF_CODE } from '../statuses.ts';

// The OpenAPI 3.1 document of the REST layer, generated from the router's routes and what each
// route says of itself (./describe.ts). Served at /api/openapi.json and drawn at /api/docs.

/** Paths of the router that serve the document itself, not the product. */
export const DOCUMENT_PATHS = ['/openapi.json', '/docs', '/docs/:file'];

export const DOCUMENT_INFO = {
  title: 'Data Pit REST API',
  version: '1.0.0',
  description: [
    'The REST paths of the marketplace. Each runs the same GraphQL schema as `/graphql`, so both answer by the same rules.',
    '',
    '- **Sessions:** log in with `POST /api/auth/login`; the answer sets the httpOnly `pit_session` cookie, which every later call sends.',
    '- **Data delivery:** `GET /api/data/download/{contractId}` and `GET /api/data/stream/{contractId}` take the buyer\'s key in `X-API-Key` (the data library shows it once, and rotates it).',
    '- **Errors:** every refusal is JSON `{ "code", "message", "requestId" }`: match on `code`, show `message`, quote `requestId` (also in `X-Request-Id`). Each code has one status (below); bad input is a 400 and changes nothing. A 401 names its challenge in `WWW-Authenticate`.',
    '- **Lists:** `X-Total-Count` and a `Link` header (first, prev, next) on paged lists.',
    '- **Caching:** successful GET answers carry a weak `ETag`; send it back in `If-None-Match` for a 304.',
    '- **Methods:** a path called with a method it does not take answers 405 with `Allow`.',
    '- **Writes** take `application/json` (uploads `multipart/form-data`) and, from a browser, only from the site\'s own origin.',
    '',
    '| Status | Codes |',
    '| --- | --- |',
    ...[...new Set(Object.values(STATUS_OF_CODE))].sort().map((status) => `| ${status} | ${codesOfStatus(status).map((code) => `\`${code}\``).join(', ')} |`),
  ].join('\n'),
};

export async function openApiDocument(api: Hono<any>) {
  return generateSpecs(api, {
    exclude: DOCUMENT_PATHS.map((path) => path.replace(/:(\w+)/g, '{$1}')),
    documentation: {
      info: DOCUMENT_INFO,
      servers: [{ url: '/api', description: 'This server' }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie set by POST /api/auth/login.' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'A buyer\'s data key (the data library shows it once).' },
          supportGrant: { type: 'apiKey', in: 'cookie', name: SUPPORT_GRANT_COOKIE, description: 'Set when a visitor without an account opens a support ticket.' },
        },
      },
    },
  });
}
