import path from 'node:path';
import { defineConfig } from 'prisma/config';

// Prisma's CLI cannot download its native schema engine on our machines. We hand it a small shim
// that speaks the engine's JSON-RPC and forwards to the WebAssembly build of the same engine
// (see prisma/engine/). `prisma generate` only checks the file exists; `prisma migrate ...` runs it.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve('prisma/engine/schema-engine-shim.mjs');

export default defineConfig({
  // A folder: one schema split over a file per area, generators and datasource in schema.prisma.
  schema: 'prisma/schema',
  migrations: { path: 'prisma/migrations' },
  datasource: {
    url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/datapit_dev',
    shadowDatabaseUrl: process.env.SHADOW_DATABASE_URL,
  },
});
