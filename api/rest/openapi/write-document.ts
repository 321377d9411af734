import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { restRouter } from '../router.ts';
import { openApiDocument } from './document.ts';

// Writes the OpenAPI document to a file, from the router's routes in this process: no server, no
// database. `npm run lint:openapi` lints what it writes and `npm run gen:sdk` generates the SDK's
// types from it (docs/decisions.md "Issue 27: a strict OpenAPI document and the SDK").

const out = process.argv[2] ?? '.build/openapi.json';
const document = await openApiDocument(restRouter({} as never, () => ''));
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
console.log(`wrote ${out}`);
