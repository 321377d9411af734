import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { readMigrations, runMigrations } from '../../prisma/run-migrations.ts';

// Every test file opens embedded databases of its own, and each used to start from an empty
// cluster (PGlite's initdb, ~2 s on a busy 2-core machine) and run every migration. Instead the
// run migrates one database once (vitest's globalSetup: this file's default export), dumps it to a
// file, and each test database starts from a copy of that dump (docs/decisions.md "Issue 28: CI
// time"); on PostgreSQL likewise, from a template database. The file and the template are named by
// the migrations' checksums (and PGlite's version), so an edited or a new migration, or another
// PGlite, makes new ones; createTestDatabase still runs `migrate()`, which finds nothing pending
// (and would refuse an edited migration, as on a fresh database).

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../prisma/migrations');

function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  for (const m of readMigrations(MIGRATIONS_DIR)) hash.update(`${m.name}\0${m.checksum}\0`);
  return hash.digest('hex').slice(0, 16);
}

function templateFile(): string {
  const manifest = path.resolve(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json');
  const pgliteVersion = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
  return path.join(os.tmpdir(), `pit-pglite-template-${migrationsHash()}-${pgliteVersion}.tar`);
}

/**
 * The same on TEST_DATABASE_URL's server: a migrated database that test databases are created
 * from (CREATE DATABASE ... TEMPLATE), named by the migrations' checksums.
 */
export function postgresTemplateName(): string {
  return `pit_template_${migrationsHash()}`;
}

let loaded: Blob | null | undefined;

/** The migrated template's dump, when globalSetup made it (undefined otherwise: start empty and migrate). */
export function pgliteTemplate(): Blob | undefined {
  if (loaded === undefined) {
    try {
      loaded = new Blob([fs.readFileSync(templateFile())]);
    } catch {
      loaded = null;
    }
  }
  return loaded ?? undefined;
}

/** vitest globalSetup: makes the templates once per set of migrations (kept for the next run). */
export default async function setup() {
  await Promise.all([makePgliteTemplate(), process.env.TEST_DATABASE_URL ? makePostgresTemplate(process.env.TEST_DATABASE_URL) : undefined]);
}

async function makePostgresTemplate(adminUrl: string) {
  const name = postgresTemplateName();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return;
    // migrated under a name of its own, then renamed: nobody creates from a half-migrated template
    const partial = `${name}_${process.pid}`;
    await admin.query(`CREATE DATABASE ${partial}`);
    const url = new URL(adminUrl);
    url.pathname = `/${partial}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await runMigrations({ dir: MIGRATIONS_DIR, query: (sql, params) => client.query(sql, params), exec: (sql) => client.query(sql), log: () => {} });
    } finally {
      await client.end();
    }
    try {
      await admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
    } catch {
      // another checkout made it meanwhile
      await admin.query(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

async function makePgliteTemplate() {
  const file = templateFile();
  if (fs.existsSync(file)) return;
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create();
  try {
    await runMigrations({ dir: MIGRATIONS_DIR, query: (sql, params) => pg.query(sql, params as unknown[]), exec: (sql) => pg.exec(sql), log: () => {} });
    const dump = await pg.dumpDataDir('none');
    // written aside, then renamed: a run (or another checkout) reading it never sees half a file
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await pg.close();
  }
}
