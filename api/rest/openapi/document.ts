import type { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import { SESSION_COOKIE } from '../../auth/session.ts';
import { SUPPORT_GRANT_COOKIE } from '../../domain/support/support.grant.ts';
import { codesOfStatus, STATUS_OF_CODE } from '../statuses.ts';
import { TAGS } from './tags.ts';
import { TOKEN_SCOPES } from './describe.ts';
import { deprecationOf } from '../../http/deprecation.ts';

// The OpenAPI 3.1 document of the REST layer, generated from the router's routes and what each
// route says of itself (./describe.ts). Served at /api/openapi.json and drawn at /api/docs.

/** Paths of the router that serve the document itself, not the product. */
export const DOCUMENT_PATHS = ['/openapi.json', '/docs', '/docs/:file'];

/**
 * Lookups whose first path is ambiguous with a sibling (`/payments/contract/{contractId}` against
 * `/payments/{id}/escrow`: a template could read either). The router also answers each at an
 * unambiguous path, which the document prints; the first path keeps working and is named in the
 * operation's description. Method GET.
 */
export const PATH_ALIASES: ReadonlyArray<{ path: string; original: string }> = [
  { path: '/contracts/:contractId/payments', original: '/payments/contract/:contractId' },
  { path: '/contracts/:id/bids', original: '/bids/contract/:id' },
  { path: '/users/:userId/purchases', original: '/purchases/buyer/:userId' },
];

const template = (path: string) => path.replace(/:(\w+)/g, '{$1}');

export const DOCUMENT_INFO = {
  title: 'Data Pit REST API',
  version: '1.0.0',
  // The terms and the help desk of a deployment live at its own origin; the document names the
  // reference deployment's (an integrator of another one reads its /terms and /support).
  license: { name: 'Proprietary: the Data Pit terms of service', url: 'https://datapit.example.com/terms' },
  contact: { name: 'Data Pit support', url: 'https://datapit.example.com/support' },
  description: [
    'The REST paths of the marketplace. Each runs the same GraphQL schema as `/graphql`, so both answer by the same rules.',
    '',
    '- **Sessions:** log in with `POST /api/auth/login`; the answer sets the httpOnly `pit_session` cookie, which every later call sends.',
    `- **Tokens:** a personal API token (Dashboard → Developers) goes in \`Authorization: Bearer <token>\`; its scopes (${TOKEN_SCOPES.map((s) => `\`${s}\``).join(', ')}) decide what it may call: each operation names the scopes it needs in its **Who** line and in \`x-token-scopes\` (a token needs every one listed), or says tokens are refused there (\`x-token-session-only\`: sign-in, credentials and token management answer 403 \`SESSION_REQUIRED\`). Without a scope an operation needs: 403 \`INSUFFICIENT_SCOPE\`, naming it.`,
    '- **Retries:** every POST takes an `Idempotency-Key` header: a retry with the same key answers what the first call answered instead of doing it twice.',
    '- **Limits:** limited routes answer `RateLimit` and `RateLimit-Policy`; past the limit, 429 with `Retry-After`.',
    '- **Data delivery:** `GET /api/data/download/{contractId}` and `GET /api/data/stream/{contractId}` take the buyer\'s key in `X-API-Key` (the data library shows it once, and rotates it), or a personal API token with `data:read`.',
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

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The headers, parameters and answers that many operations share, named once. */
const SHARED = {
  parameters: {
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Any unique string (a UUID; 1 to 255 printable characters) per intended change: a retry with the same key answers what the first call answered (with `Idempotent-Replayed: true`) instead of doing it twice; the same key with another body is 409 `IDEMPOTENCY_KEY_REUSED`. Kept 24 hours per user and route. Ignored without a signed-in caller and on multipart file uploads.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    },
    IfNoneMatch: {
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'The ETag of an answer the client keeps: 304 without a body while it is current.',
      schema: { type: 'string' },
    },
    Range: {
      name: 'Range',
      in: 'header',
      required: false,
      description: 'One byte range, e.g. `bytes=1048576-` to resume after the first MiB: 206 with that part.',
      schema: { type: 'string', pattern: '^bytes=' },
    },
    IfRange: {
      name: 'If-Range',
      in: 'header',
      required: false,
      description: 'The ETag of the first answer: the range is sent only while the file is the same one (else 200 with the whole new file).',
      schema: { type: 'string' },
    },
    XApiKey: {
      name: 'X-API-Key',
      in: 'header',
      required: false,
      description: "The buyer's data key (the data library shows it once). Without it, the signed-in buyer's session is used.",
      schema: { type: 'string' },
    },
  },
  headers: {
    RateLimit: { description: 'The limit that applies, what is left of it and when it resets (draft-ietf-httpapi-ratelimit-headers), e.g. `"default";r=4;t=60`.', schema: { type: 'string' } },
    RateLimitPolicy: { description: 'The quota of the limit, e.g. `"default";q=5;w=900` (5 per 15 minutes).', schema: { type: 'string' } },
    RetryAfter: { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } },
    ETag: { description: "The file's sha256 in quotes: send it in If-Range to resume.", schema: { type: 'string' } },
    AcceptRanges: { description: '`bytes`: Range requests are honoured.', schema: { type: 'string', enum: ['bytes'] } },
    ContentRange: { description: 'Which bytes of how many, e.g. `bytes 100-199/1000`.', schema: { type: 'string' } },
    ContentDisposition: { description: 'An attachment named as it was uploaded (`filename*` in UTF-8).', schema: { type: 'string' } },
  },
  responses: {
    NotModified: { description: 'The answer the client keeps (its If-None-Match) is current: no body.' },
  },
};

/** The media types of an operation's successful answer. */
const typesOf = (op: Json, status: string) => Object.keys(op.responses?.[status]?.content ?? {});

/**
 * What every operation shares, added where the routes describe only what is theirs: the
 * Idempotency-Key of each POST, If-None-Match and 304 on each JSON read (they carry an ETag),
 * Range and If-Range where a file answers 206, and an operation id from the path.
 */
function decorate(doc: Json, deprecated: ReadonlySet<string>) {
  for (const alias of PATH_ALIASES) {
    const [original, path] = [template(alias.original), template(alias.path)];
    const item = doc.paths[original];
    if (!item) continue;
    delete doc.paths[original];
    item.get.description = `${item.get.description}\n\nAlso answered at \`GET /api${original}\`, its first path.`;
    doc.paths[path] = item;
  }
  const ids = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters: Json[] = op.parameters ?? [];
      if (method === 'post') parameters.push(ref('parameters', 'IdempotencyKey'));
      const jsonRead = method === 'get' && typesOf(op, '200').join() === 'application/json';
      if (jsonRead || (method === 'get' && op.responses['304'])) {
        parameters.push(ref('parameters', 'IfNoneMatch'));
        op.responses['304'] = ref('responses', 'NotModified');
      }
      if (op.responses['206']) parameters.push(ref('parameters', 'Range'), ref('parameters', 'IfRange'));
      if (parameters.length) op.parameters = parameters;
      // A route marked `deprecated(...)` (api/http/deprecation.ts; docs/api-versioning.md).
      if (deprecated.has(`${method} ${path}`)) op.deprecated = true;
      op.operationId = operationIdOf(method, path);
      if (ids.has(op.operationId)) throw new Error(`Two operations would share the id ${op.operationId}`);
      ids.add(op.operationId);
      // Answers in status order, as a reader scans them.
      op.responses = Object.fromEntries(Object.entries(op.responses).sort(([a], [b]) => a.localeCompare(b)));
    }
  }
  return doc;
}

/** `GET /contracts/{id}/releases` -> `getContractsByIdReleases`: stable, and unique per route. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `by-${part.slice(1, -1)}` : part))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

export async function openApiDocument(api: Hono<any>) {
  const doc = await generateSpecs(api, {
    exclude: [...DOCUMENT_PATHS, ...PATH_ALIASES.map((alias) => alias.path)].map(template),
    documentation: {
      info: DOCUMENT_INFO,
      servers: [{ url: '/api', description: 'This server' }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        ...SHARED,
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie set by POST /api/auth/login.' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'A buyer\'s data key (the data library shows it once).' },
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: `A personal API token (Dashboard → Developers) in \`Authorization: Bearer <token>\`. Scopes: ${TOKEN_SCOPES.join(', ')}.`,
          },
          supportGrant: { type: 'apiKey', in: 'cookie', name: SUPPORT_GRANT_COOKIE, description: 'Set when a visitor without an account opens a support ticket.' },
        },
      },
    } as never,
  });
  const deprecated = new Set(api.routes.filter((route) => deprecationOf(route.handler)).map((route) => `${route.method.toLowerCase()} ${template(route.path)}`));
  return decorate(doc as Json, deprecated) as typeof doc;
}
