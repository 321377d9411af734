import fs from 'node:fs';
import path from 'node:path';
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaClient, type Prisma } from './generated/prisma/client.ts';
import { runMigrations } from '../../prisma/run-migrations.ts';
import { statementNamer } from './statement-names.ts';

export type Db = PrismaClient;

/**
 * Plain SQL straight through the driver, on Prisma's own connections: for the few reads so hot
 * that Prisma's per-statement work is most of their cost (the floor's cards, the session check;
 * docs/decisions.md "A page of cards is one plain SQL statement"). Rows come back as the driver
 * gives them, so each such read shapes its own (decimals as text, instants as UTC) and has a test
 * that they equal Prisma's rows.
 */
export interface SqlReader {
  query<T>(sql: Prisma.Sql): Promise<T[]>;
}

export interface Database {
  prisma: PrismaClient;
  sql: SqlReader;
  kind: 'postgres' | 'pglite';
  /** Applies pending migrations from prisma/migrations (idempotent, transactional). */
  migrate(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * One switch for both back ends: PostgreSQL when a URL is given, otherwise embedded PGlite
 * persisted in `dataDir` (or in memory for `pglite:memory`). Same migrations, same code.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  onQuery?: QueryListener;
  poolMax?: number;
  /** PGlite only: start from this dump (`dumpDataDir`) instead of an empty cluster (tests' migrated template). */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.url && !opts.url.startsWith('pglite:')) return openPostgres(opts.url, opts.onQuery, opts.poolMax);
  const target = opts.url?.slice('pglite:'.length) ?? path.join(opts.dataDir ?? '.data', 'pglite');
  return openPglite(target, opts.onQuery, opts.loadDataDir);
}

/** Called with every SQL statement Prisma sends (tests count them to catch N+1 queries). */
export type QueryListener = (sql: string) => void;

/**
 * Every interactive transaction waits its turn for a connection rather than failing: Prisma's
 * default wait of 2 s turned bursts (1,000 chat messages at once in bench/subscribers.ts) into
 * "Unable to start a transaction in the given time" errors on a pool of 10. The run bound still ends
 * a transaction stuck for good. Payments set a longer one of their own (PAYMENT_TRANSACTION).
 */
export const TRANSACTION_OPTIONS = { maxWait: 30_000, timeout: 15_000 } as const;

function createClient(adapter: SqlDriverAdapterFactory, onQuery?: QueryListener): PrismaClient {
  if (!onQuery) return new PrismaClient({ adapter, transactionOptions: TRANSACTION_OPTIONS });
  const client = new PrismaClient({ adapter, transactionOptions: TRANSACTION_OPTIONS, log: [{ emit: 'event', level: 'query' }] });
  client.$on('query' as never, (event: { query: string }) => onQuery(event.query));
  return client;
}

// PG_POOL_MAX (checked in api/config.ts) sets `max`.
async function openPostgres(url: string, onQuery?: QueryListener, max = 10): Promise<Database> {
  const [{ PrismaPg }, pg] = await Promise.all([import('@prisma/adapter-pg'), import('pg')]);
  // One pool for Prisma and the plain reads, so PG_POOL_MAX bounds both.
  const pool = new pg.default.Pool({ connectionString: url, max });
  // An idle pooled connection the server ends (a restart, a failover, pg_terminate_backend) is
  // reported on the pool; pg drops it and the next query opens another. Unheard, that 'error'
  // event would be thrown and take the whole process down (Prisma's listener goes at $disconnect).
  pool.on('error', () => {});
  // Statements are prepared once per connection and their plans kept (api/db/statement-names.ts).
  const nameOf = statementNamer();
  // The adapter hands the name to pg as it is, and pg runs a query whose name is undefined unnamed
  // (the adapter's own default); its type says string only.
  const statementNameGenerator = (query: { sql: string }) => nameOf(query.sql) as string;
  const prisma = createClient(new PrismaPg(pool, { statementNameGenerator }), onQuery);
  return {
    prisma,
    sql: {
      async query<T>(sql: Prisma.Sql) {
        onQuery?.(sql.text);
        return (await pool.query({ name: nameOf(sql.text), text: sql.text, values: sql.values.map(toParameter) })).rows as T[];
      },
    },
    kind: 'postgres',
    async migrate() {
      const client = new pg.default.Client({ connectionString: url });
      await client.connect();
      try {
        return await runMigrations({
          query: (sql, params) => client.query(sql, params as unknown[]),
          exec: (sql) => client.query(sql),
          log: () => {},
        });
      } finally {
        await client.end();
      }
    },
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

/**
 * Instants go as UTC text: the columns are `timestamp` without a time zone holding UTC (Prisma's
 * convention), and the driver would otherwise send the process's local time.
 */
const toParameter = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

async function openPglite(dir: string, onQuery?: QueryListener, loadDataDir?: Blob): Promise<Database> {
  const [{ PGlite }, { PrismaPGlite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('pglite-prisma-adapter'),
  ]);
  const inMemory = dir === 'memory';
  if (!inMemory) fs.mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const pg = await PGlite.create({ ...(inMemory ? {} : { dataDir: path.resolve(dir) }), ...(loadDataDir ? { loadDataDir } : {}) });
  const prisma = createClient(new PrismaPGlite(pg), onQuery);
  return {
    prisma,
    sql: {
      async query<T>(sql: Prisma.Sql) {
        onQuery?.(sql.text);
        return (await pg.query<T>(sql.text, sql.values.map(toParameter))).rows;
      },
    },
    kind: 'pglite',
    migrate: () =>
      runMigrations({ query: (sql, params) => pg.query(sql, params as unknown[]), exec: (sql) => pg.exec(sql), log: () => {} }),
    async close() {
      await prisma.$disconnect();
      await pg.close();
    },
  };
}
