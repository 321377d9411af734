import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type QueryListener } from '../db/database.ts';
import { pgliteTemplate, postgresTemplateName } from './pglite-template.ts';

/**
 * The databases integration tests run against: always the embedded one, and PostgreSQL too when
 * TEST_DATABASE_URL is set (races and row locks need a real multi-session server).
 */
export function testDatabases(): Array<'pglite' | 'postgres'> {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase extends Database {
  /** Closes and, on PostgreSQL, drops the database this test created. */
  destroy(): Promise<void>;
}

/** A fresh, migrated database of the given kind. PostgreSQL ones are created and dropped here. */
export async function createTestDatabase(kind: 'pglite' | 'postgres', onQuery?: QueryListener): Promise<TestDatabase> {
  if (kind === 'pglite') {
    // a copy of the run's migrated template (api/test/pglite-template.ts); migrate() finds nothing pending
    const database = await openDatabase({ url: 'pglite:memory', onQuery, loadDataDir: pgliteTemplate() });
    await database.migrate();
    return { ...database, destroy: () => database.close() };
  }
  // a copy of the run's migrated template when globalSetup made it; migrate() finds nothing pending
  const scratch = await scratchPostgresDatabase('pit_test', postgresTemplateName()).catch(() => scratchPostgresDatabase());
  const database = await openDatabase({ url: scratch.url, onQuery });
  await database.migrate();
  return {
    ...database,
    async destroy() {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * A new, empty database on TEST_DATABASE_URL's server (or a copy of `template`), and how to drop it
 * (connections are forced off).
 */
export async function scratchPostgresDatabase(prefix = 'pit_test', template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // A closed pool has sent its connections' goodbyes but not seen them through (pg-pool's end()
  // resolves first): dropped WITH (FORCE) at that moment, a connection still closing gets a FATAL
  // 57P01 that surfaces as an unhandled error of the test run. So wait (briefly) for them to be gone.
  const drop = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      for (let i = 0; i < 40; i++) {
        const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0]!.n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  return { url: url.toString(), drop };
}

/**
 * For tests of several server instances: one fresh, migrated PostgreSQL database opened `count`
 * times, each with its own connection pool, as separate processes would. `destroy` closes them
 * and drops the database.
 */
export async function sharedPostgres(count: number): Promise<{ handles: Database[]; destroy(): Promise<void> }> {
  const scratch = await scratchPostgresDatabase();
  const handles: Database[] = [];
  for (let i = 0; i < count; i++) handles.push(await openDatabase({ url: scratch.url }));
  await handles[0]!.migrate();
  return {
    handles,
    async destroy() {
      await Promise.all(handles.map((h) => h.close()));
      await scratch.drop();
    },
  };
}
