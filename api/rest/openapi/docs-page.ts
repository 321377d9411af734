import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { Hono, type Context as HonoContext } from 'hono';
import { DOCUMENT_INFO } from './document.ts';
import { jsonError } from '../respond.ts';

// The reference page at /api/docs: Swagger UI drawing /api/openapi.json. Its files come from the
// swagger-ui-dist package in node_modules, so the page works offline (no CDN); the page's own
// script is a file too, because the site's Content-Security-Policy allows no inline script.

const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
};

const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    withCredentials: true,
    // No badge from validator.swagger.io: the page asks nothing of any other host.
    validatorUrl: null,
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${DOCUMENT_INFO.title} reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="stylesheet" href="/api/docs/page.css">
</head>
<body>
<header class="pit-bar"><a href="/">DATA PIT</a><span>REST API reference</span><a href="/api/openapi.json">openapi.json</a><a href="/graphql">GraphQL</a></header>
<main id="reference"><noscript>This page needs JavaScript. The document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

// The bar in the product's colours; Swagger UI keeps its own light reference below it.
const PAGE_CSS = `body { margin: 0; background: #fafafa; }
.pit-bar { display: flex; gap: 20px; align-items: center; padding: 12px 24px; background: #090c11; color: #d9e1ea;
  font: 600 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; letter-spacing: .04em; }
.pit-bar a { color: #ffb020; text-decoration: none; }
.pit-bar a:first-child { font-weight: 800; }
.pit-bar span { flex: 1; }
`;

interface Asset {
  body: Buffer;
  gzipped: Buffer;
  type: string;
}

function asset(body: string | Buffer, type: string): Asset {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return { body: bytes, gzipped: gzipSync(bytes), type };
}

let assets: Map<string, Asset> | undefined;

/** Read (and compress) once, on the first visit: the bundle is 1.5 MB. */
function loadAssets(): Map<string, Asset> {
  if (assets) return assets;
  const dir = join(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'), '..');
  assets = new Map([
    ['', asset(PAGE, 'text/html; charset=utf-8')],
    ['init.js', asset(INIT_SCRIPT, 'text/javascript; charset=utf-8')],
    ['page.css', asset(PAGE_CSS, 'text/css; charset=utf-8')],
    ...Object.entries(ASSETS).map(([name, { file, type }]) => [name, asset(readFileSync(join(dir, file)), type)] as const),
  ]);
  return assets;
}

function send(c: HonoContext, name: string) {
  const found = loadAssets().get(name);
  if (!found) return jsonError(c, 'NOT_FOUND', 'Not found');
  const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
  const headers: Record<string, string> = {
    'content-type': found.type,
    'cache-control': name === '' ? 'no-cache' : 'public, max-age=3600',
    vary: 'Accept-Encoding',
  };
  if (gzip) headers['content-encoding'] = 'gzip';
  return c.body(new Uint8Array(gzip ? found.gzipped : found.body), 200, headers);
}

export function docsPage() {
  const r = new Hono();
  r.get('/', (c) => send(c, ''));
  r.get('/:file', (c) => send(c, c.req.param('file')));
  return r;
}
