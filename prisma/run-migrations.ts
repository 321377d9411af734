// Applies prisma/migrations at server start and in tests, on PostgreSQL (pg) and embedded PGlite
// alike. Prisma's own `migrate deploy` needs the schema engine, which we only have as a dev-time
// shim (prisma/engine/); this runner needs nothing of Prisma. It writes the same
// `_prisma_migrations` rows as `prisma migrate deploy`, so `prisma migrate status` and `deploy`
// agree with it.
//
// Differences from `migrate deploy`, on purpose: each migration runs in its own transaction (a
// failing one leaves nothing behind instead of a half-applied schema and a failed row), so a
// migration must not contain BEGIN/COMMIT or statements that cannot run in a transaction
// (CREATE INDEX CONCURRENTLY, ALTER TYPE ... ADD VALUE before PostgreSQL 12).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface MigrationConnection {
  /** One statement with $1.. parameters (pg `Client#query`, PGlite `query`). */
  query: (sql: string, params?: unknown[]) => Promise<{ rows: any[] }>;
  /** Several statements, no parameters (pg `Client#query` without values, PGlite `exec`). */
  exec: (sql: string) => Promise<unknown>;
}

export interface RunMigrationsOptions extends MigrationConnection {
  /** Folder of `<name>/migration.sql`; defaults to `prisma/migrations` under process.cwd(). */
  dir?: string;
  log?: (line: string) => void;
}

// The key Prisma's schema engine takes for its own migration lock, so this runner and a
// `prisma migrate deploy` on the same database also wait for each other.
const PRISMA_MIGRATE_LOCK_KEY = 72707369;

// Exactly the table Prisma's schema engine creates (checked against it with psql \d).
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** The migrations in `dir`, in name order (Prisma's order: the timestamp prefix). */
export function readMigrations(dir: string): Migration[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const file = path.join(dir, name, 'migration.sql');
      if (!fs.existsSync(file)) throw new Error(`migration ${name} has no migration.sql (${file}): restore it or delete the folder`);
      const bytes = fs.readFileSync(file);
      // Prisma's checksum: sha256 of the file's bytes, lowercase hex.
      return { name, sql: bytes.toString('utf8'), checksum: crypto.createHash('sha256').update(bytes).digest('hex') };
    });
}

/**
 * Applies the pending migrations, in order, each in its own transaction, and returns their names.
 * Refuses to run when an applied migration's file was edited, or when `prisma migrate deploy`
 * left a failed migration behind. `query` and `exec` must reach ONE session (a pg.Client or a
 * checked-out PoolClient, not a Pool): the transaction and the lock live in that session.
 */
export async function runMigrations({ query, exec, dir, log = console.log }: RunMigrationsOptions): Promise<string[]> {
  const migrations = readMigrations(dir ?? path.resolve(process.cwd(), 'prisma/migrations'));

  // Under the lock, so two processes starting together do not race on CREATE TABLE.
  await inTransaction(exec, async () => {
    await query('SELECT pg_advisory_xact_lock($1)', [PRISMA_MIGRATE_LOCK_KEY]);
    await exec(CREATE_MIGRATIONS_TABLE);
  });

  const appliedNames: string[] = [];
  for (const migration of migrations) {
    let applied: boolean;
    try {
      applied = await inTransaction(exec, async () => {
        // Taken per migration and re-read under it: another process may have applied it meanwhile.
        await query('SELECT pg_advisory_xact_lock($1)', [PRISMA_MIGRATE_LOCK_KEY]);
        const { rows } = await query(
          `SELECT checksum, finished_at FROM "_prisma_migrations" WHERE migration_name = $1 AND rolled_back_at IS NULL`,
          [migration.name],
        );
        refuseFailedOrEdited(migration, rows);
        if (rows.length) return false; // applied, unchanged
        await exec(migration.sql);
        await query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, NULL, now(), clock_timestamp(), 1)`,
          [crypto.randomUUID(), migration.checksum, migration.name],
        );
        return true;
      });
    } catch (error) {
      if (error instanceof MigrationRefused) throw error;
      // Anything else (the SQL, the row, a deferred constraint at COMMIT) rolled the whole migration back.
      throw new Error(`migration ${migration.name} failed and was rolled back: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    if (applied) appliedNames.push(migration.name);
  }

  log(appliedNames.length ? `migrations: applied ${appliedNames.join(', ')}` : 'migrations: up to date');
  return appliedNames;
}

/** Thrown when the database and the migration files disagree; nothing was changed. */
export class MigrationRefused extends Error {
  override name = 'MigrationRefused';
}

function refuseFailedOrEdited(migration: Migration, rows: { checksum: string; finished_at: unknown }[]): void {
  if (rows.some((row) => row.finished_at === null)) {
    throw new MigrationRefused(
      `migration ${migration.name} is marked as failed in _prisma_migrations (left by prisma migrate deploy): ` +
        `repair the database, then run \`prisma migrate resolve --rolled-back ${migration.name}\` (or --applied)`,
    );
  }
  const edited = rows.find((row) => row.checksum !== migration.checksum);
  if (edited) {
    throw new MigrationRefused(
      `migration ${migration.name} was edited after it was applied (sha256 of the file ${migration.checksum}, ` +
        `${edited.checksum} in _prisma_migrations): restore the file and put the change in a new migration`,
    );
  }
}

async function inTransaction<T>(exec: MigrationConnection['exec'], work: () => Promise<T>): Promise<T> {
  await exec('BEGIN');
  let result: T;
  try {
    result = await work();
  } catch (error) {
    // Keep the original error: a failed ROLLBACK (connection gone) says less about what happened.
    await exec('ROLLBACK').catch(() => {});
    throw error;
  }
  try {
    await exec('COMMIT');
  } catch (error) {
    await exec('ROLLBACK').catch(() => {}); // PostgreSQL already rolled back; PGlite may need it
    throw error;
  }
  return result;
}
