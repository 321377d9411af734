import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type QueryListener } from '../db/database.ts';

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
    const database = await openDatabase({ url: 'pglite:memory', onQuery });
    await database.migrate();
    return { ...database, destroy: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `pit_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), onQuery });
  await database.migrate();
  return {
    ...database,
    async destroy() {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
