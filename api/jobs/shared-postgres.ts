import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database.ts';

/**
 * For tests of several server instances: one fresh, migrated PostgreSQL database (on
 * TEST_DATABASE_URL's server) opened `count` times, each with its own connection pool, as
 * separate processes would. `destroy` closes them and drops the database.
 */
export async function sharedPostgres(count: number): Promise<{ handles: Database[]; destroy(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `pit_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handles: Database[] = [];
  for (let i = 0; i < count; i++) handles.push(await openDatabase({ url: url.toString() }));
  await handles[0]!.migrate();
  return {
    handles,
    async destroy() {
      await Promise.all(handles.map((h) => h.close()));
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
