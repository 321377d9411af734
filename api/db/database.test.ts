import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, type Database } from './database.ts';
import { Prisma } from './generated/prisma/client.ts';
import { scratchPostgresDatabase } from '../test/databases.ts';

// The server stays up when PostgreSQL ends one of its idle connections (a restart, a failover,
// an administrator's pg_terminate_backend): the pool drops it and the next query opens another.
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL connection pool', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgresDatabase>>;
  let database: Database;
  beforeAll(async () => {
    scratch = await scratchPostgresDatabase();
    database = await openDatabase({ url: scratch.url });
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('survives the server ending its idle connections, and answers the next query', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      // Idle connections in the pool, and no Prisma listener on it (Prisma removes its own at
      // $disconnect, which is where a shutdown or a test's teardown stands when the server ends them).
      await database.prisma.$disconnect();
      await Promise.all([database.sql.query(Prisma.sql`SELECT 1 FROM pg_sleep(0.05)`), database.sql.query(Prisma.sql`SELECT 1 FROM pg_sleep(0.05)`)]);
      const admin = new pg.Client({ connectionString: scratch.url });
      await admin.connect();
      const ended = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(uncaught).toEqual([]);
      expect(await database.sql.query(Prisma.sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
