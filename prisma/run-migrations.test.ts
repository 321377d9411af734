// The runtime migration runner against embedded PGlite always, and against PostgreSQL when
// TEST_DATABASE_URL is set (a scratch database is created on that server and dropped after).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runMigrations, type MigrationConnection } from './run-migrations.ts';

interface Session {
  connection: MigrationConnection;
  close: () => Promise<void>;
}

interface Backend {
  name: string;
  open: () => Promise<Session & { second?: () => Promise<Session> }>;
}

const backends: Backend[] = [
  {
    name: 'PGlite (in memory)',
    async open() {
      const db = await PGlite.create();
      return {
        connection: { query: (sql, params) => db.query(sql, params), exec: (sql) => db.exec(sql) },
        close: () => db.close(),
      };
    },
  },
];

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  backends.push({
    name: 'PostgreSQL (TEST_DATABASE_URL)',
    async open() {
      const database = `mig_test_${crypto.randomUUID().replaceAll('-', '')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${database}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${database}`;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      return {
        connection: {
          query: (sql, params) => client.query(sql, params as unknown[] | undefined),
          exec: (sql) => client.query(sql),
        },
        // A second session on the same database, for the concurrency test.
        async second() {
          const other = new pg.Client({ connectionString: url.toString() });
          await other.connect();
          return {
            connection: { query: (sql, params) => other.query(sql, params as unknown[] | undefined), exec: (sql) => other.query(sql) },
            close: () => other.end(),
          };
        },
        async close() {
          await client.end();
          await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
          await admin.end();
        },
      };
    },
  });
}

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

// Each migration depends on the one before, so applying out of order would fail. ';' inside a
// string literal and a function body check that scripts are not split on ';'.
const MIGRATIONS: Record<string, string> = {
  '20260101000000_init': `CREATE TABLE "Thing" ("id" SERIAL PRIMARY KEY, "name" TEXT NOT NULL DEFAULT 'a;b');\n`,
  '20260102000000_add_note': `ALTER TABLE "Thing" ADD COLUMN "note" TEXT;\nCREATE INDEX "Thing_note_idx" ON "Thing"("note");\n`,
  '20260103000000_trigger': [
    `CREATE FUNCTION thing_note() RETURNS trigger AS $$`,
    `BEGIN`,
    `  NEW.note := coalesce(NEW.note, 'x;y');`,
    `  RETURN NEW;`,
    `END;`,
    `$$ LANGUAGE plpgsql;`,
    `CREATE TRIGGER thing_note BEFORE INSERT ON "Thing" FOR EACH ROW EXECUTE FUNCTION thing_note();`,
    ``,
  ].join('\n'),
};

function writeMigration(dir: string, name: string, sql: string) {
  fs.mkdirSync(path.join(dir, name), { recursive: true });
  fs.writeFileSync(path.join(dir, name, 'migration.sql'), sql);
}

describe.each(backends)('runMigrations on $name', (backend) => {
  let connection: MigrationConnection;
  let close: () => Promise<void>;
  let second: (() => Promise<Session>) | undefined;
  let dir: string;
  const logs: string[] = [];
  const run = (options: { dir?: string } = {}) => runMigrations({ ...connection, dir, log: (line) => logs.push(line), ...options });
  const tableExists = async (name: string) =>
    (await connection.query(`SELECT to_regclass($1) IS NOT NULL AS present`, [`public."${name}"`])).rows[0].present as boolean;
  const rows = async () =>
    (await connection.query(`SELECT * FROM "_prisma_migrations" ORDER BY migration_name`)).rows as Record<string, any>[];

  beforeAll(async () => {
    ({ connection, close, second } = await backend.open());
  });
  afterAll(async () => {
    await close?.();
  });
  beforeEach(async () => {
    await connection.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-migrations-'));
    // Written newest first: the runner must sort by name, not trust the directory order.
    for (const name of Object.keys(MIGRATIONS).reverse()) writeMigration(dir, name, MIGRATIONS[name]);
    logs.length = 0;
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    vi.restoreAllMocks();
  });

  it('applies the migrations in name order, and a second run is a no-op', async () => {
    expect(await run()).toEqual(Object.keys(MIGRATIONS));
    await connection.query(`INSERT INTO "Thing" DEFAULT VALUES`);
    expect((await connection.query(`SELECT name, note FROM "Thing"`)).rows).toEqual([{ name: 'a;b', note: 'x;y' }]);
    expect(logs).toEqual([`migrations: applied ${Object.keys(MIGRATIONS).join(', ')}`]);

    const before = await rows();
    expect(await run()).toEqual([]);
    expect(await rows()).toEqual(before);
    expect(logs.at(-1)).toBe('migrations: up to date');
  });

  it('applies only the new migration once others are applied', async () => {
    await run();
    writeMigration(dir, '20260104000000_more', `ALTER TABLE "Thing" ADD COLUMN "more" INT;\n`);
    expect(await run()).toEqual(['20260104000000_more']);
    expect((await rows()).map((row) => row.migration_name)).toEqual([...Object.keys(MIGRATIONS), '20260104000000_more']);
  });

  it('writes the rows prisma migrate deploy writes', async () => {
    await run();
    const written = await rows();
    expect(written.map((row) => row.migration_name)).toEqual(Object.keys(MIGRATIONS));
    for (const row of written) {
      expect(row.checksum).toBe(sha256(path.join(dir, row.migration_name, 'migration.sql')));
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.applied_steps_count).toBe(1);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.started_at).toBeInstanceOf(Date);
      expect(row.finished_at.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
      expect(row.rolled_back_at).toBeNull();
      expect(row.logs).toBeNull();
    }
  });

  it('creates _prisma_migrations exactly as Prisma does', async () => {
    await run();
    const { rows: columns } = await connection.query(
      `SELECT column_name, data_type, character_maximum_length AS len, is_nullable, column_default
         FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    // As `psql \d _prisma_migrations` shows it on a database migrated by Prisma's schema engine.
    expect(columns).toEqual([
      { column_name: 'id', data_type: 'character varying', len: 36, is_nullable: 'NO', column_default: null },
      { column_name: 'checksum', data_type: 'character varying', len: 64, is_nullable: 'NO', column_default: null },
      { column_name: 'finished_at', data_type: 'timestamp with time zone', len: null, is_nullable: 'YES', column_default: null },
      { column_name: 'migration_name', data_type: 'character varying', len: 255, is_nullable: 'NO', column_default: null },
      { column_name: 'logs', data_type: 'text', len: null, is_nullable: 'YES', column_default: null },
      { column_name: 'rolled_back_at', data_type: 'timestamp with time zone', len: null, is_nullable: 'YES', column_default: null },
      { column_name: 'started_at', data_type: 'timestamp with time zone', len: null, is_nullable: 'NO', column_default: 'now()' },
      { column_name: 'applied_steps_count', data_type: 'integer', len: null, is_nullable: 'NO', column_default: '0' },
    ]);
  });

  it('refuses an applied migration whose file was edited, and applies nothing after it', async () => {
    await run();
    fs.appendFileSync(path.join(dir, '20260102000000_add_note', 'migration.sql'), '-- edited\n');
    writeMigration(dir, '20260104000000_more', `ALTER TABLE "Thing" ADD COLUMN "more" INT;\n`);
    await expect(run()).rejects.toThrow(/migration 20260102000000_add_note was edited after it was applied/);
    expect((await rows()).map((row) => row.migration_name)).toEqual(Object.keys(MIGRATIONS));
  });

  it('refuses a migration left failed by prisma migrate deploy', async () => {
    await run();
    await connection.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, applied_steps_count) VALUES ($1, 'x', '20260104000000_more', 0)`,
      [crypto.randomUUID()],
    );
    writeMigration(dir, '20260104000000_more', `ALTER TABLE "Thing" ADD COLUMN "more" INT;\n`);
    await expect(run()).rejects.toThrow(/20260104000000_more is marked as failed/);
  });

  it('rolls back a failing migration: no table, no row, later migrations not run', async () => {
    writeMigration(dir, '20260102000000_add_note', `CREATE TABLE "Half" ("x" INT);\nSELECT no_such_function();\n`);
    await expect(run()).rejects.toThrow(/^migration 20260102000000_add_note failed and was rolled back: .*no_such_function/);
    expect(await tableExists('Half')).toBe(false);
    expect(await tableExists('Thing')).toBe(true); // the migration before it stays applied
    expect((await rows()).map((row) => row.migration_name)).toEqual(['20260101000000_init']);

    // Fixed, it applies on the next run, with the rest.
    writeMigration(dir, '20260102000000_add_note', MIGRATIONS['20260102000000_add_note']);
    expect(await run()).toEqual(['20260102000000_add_note', '20260103000000_trigger']);
  });

  it('lets two processes start together: each migration applied once', async (context) => {
    if (!second) return context.skip(); // PGlite is a single session
    const other = await second();
    try {
      // One runner per session, both at once: the advisory lock serializes them.
      const [a, b] = await Promise.all([run(), runMigrations({ ...other.connection, dir, log: () => {} })]);
      expect([...a, ...b].sort()).toEqual(Object.keys(MIGRATIONS));
      expect((await rows()).map((row) => row.migration_name)).toEqual(Object.keys(MIGRATIONS));
    } finally {
      await other.close();
    }
  });

  it('reads prisma/migrations under the working directory by default', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'run-migrations-cwd-'));
    try {
      writeMigration(path.join(root, 'prisma/migrations'), '20260101000000_init', MIGRATIONS['20260101000000_init']);
      fs.writeFileSync(path.join(root, 'prisma/migrations/migration_lock.toml'), 'provider = "postgresql"\n');
      vi.spyOn(process, 'cwd').mockReturnValue(root);
      expect(await runMigrations({ ...connection, log: () => {} })).toEqual(['20260101000000_init']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
