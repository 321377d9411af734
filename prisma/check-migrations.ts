// CI check: do prisma/migrations produce exactly the schema in prisma/schema/ (one schema split over
// several .prisma files)?
//
//   npx tsx prisma/check-migrations.ts [--migrations <dir>] [--schema <file or folder>]   (npm run migrate:check)
//
// Replays the migrations on a scratch shadow database and diffs the result against the schema
// with the ordinary `prisma migrate diff --exit-code`, through our schema-engine shim
// (prisma/engine/). That also keeps the shim honest: it speaks an internal Prisma protocol, and a
// Prisma upgrade that breaks it fails here loudly.
//
// The PostgreSQL server comes from TEST_DATABASE_URL, else DATABASE_URL (unless it is a pglite:
// URL), else postgresql://postgres@127.0.0.1:5432/postgres. Two scratch databases are created
// there (the CLI's main database and the shadow one) and dropped afterwards, so no real database
// is touched. Needs CREATEDB on that server.
// Exit 0: they match. Exit 1: they differ, or the comparison itself failed.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values: args } = parseArgs({
  options: {
    migrations: { type: 'string', default: 'prisma/migrations' },
    schema: { type: 'string', default: 'prisma/schema' },
  },
});

const serverUrl =
  [process.env.TEST_DATABASE_URL, process.env.DATABASE_URL].find((url) => url && /^postgres(ql)?:/.test(url)) ??
  'postgresql://postgres@127.0.0.1:5432/postgres';

const urlOf = (database: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

// An empty or missing migrations folder means "no migrations yet": compare the schema with nothing.
const hasMigrations =
  fs.existsSync(args.migrations) &&
  fs.readdirSync(args.migrations, { withFileTypes: true }).some((entry) => entry.isDirectory());

const run = (command: string, commandArgs: string[], env: NodeJS.ProcessEnv) =>
  new Promise<number>((resolve, reject) => {
    const child = spawn(command, commandArgs, { stdio: 'inherit', env });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const scratch = `mig_check_${crypto.randomBytes(6).toString('hex')}`;
const databases = [scratch, `${scratch}_shadow`];
const admin = new pg.Client({ connectionString: serverUrl });
let exitCode = 1;
let connected = false;

try {
  await admin.connect();
  connected = true;
  for (const database of databases) await admin.query(`CREATE DATABASE "${database}"`);

  exitCode = await run(
    'npx',
    [
      'prisma', 'migrate', 'diff',
      ...(hasMigrations ? ['--from-migrations', args.migrations] : ['--from-empty']),
      '--to-schema', args.schema,
      '--exit-code',
    ],
    {
      ...process.env,
      // prisma.config.ts reads these: the CLI (and the shim) only ever see the scratch databases.
      DATABASE_URL: urlOf(databases[0]),
      SHADOW_DATABASE_URL: urlOf(databases[1]),
      // prisma.config.ts sets this too; repeated so the check does not depend on it.
      PRISMA_SCHEMA_ENGINE_BINARY:
        process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? path.join(import.meta.dirname, 'engine/schema-engine-shim.mjs'),
    },
  );
} catch (error) {
  console.error(`migrate:check could not run: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = -1;
} finally {
  // (A pg.Client that never connected would leave these promises pending forever.)
  if (connected) {
    for (const database of databases) {
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => {});
    }
    await admin.end().catch(() => {});
  }
}

// `migrate diff --exit-code`: 0 = no difference, 2 = difference, anything else = error.
if (exitCode === 0) {
  console.log('migrations match the schema (prisma/schema/)');
} else if (exitCode === 2) {
  console.error(
    `migrations are out of date with the schema: run npm run migrate:create -- --name <change>\n` +
      `(${args.migrations} does not produce ${args.schema}; the difference is listed above)`,
  );
} else if (exitCode !== -1) {
  console.error(`migrate:check failed: prisma migrate diff exited with ${exitCode} (see the error above)`);
}
process.exit(exitCode === 0 ? 0 : 1);
