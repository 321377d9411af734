// The PostgreSQL driver adapter factory handed to the wasm schema engine.
//
// It is @prisma/adapter-pg 7.10.0 with three of its bugs worked around; each bites the migration
// engine (each was reproduced against it before being worked around):
//  1. executeScript() splits the script on ';' — breaks any migration with ';' inside a string
//     literal, or a function body ($$ ... ; ... $$). We send the whole script in one simple-protocol
//     query instead (multi-statement, like the native engine does).
//  2. The schema describer selects pg_catalog columns of type "char" (OID 18), which the adapter
//     cannot map ("Column type 'char' could not be deserialized"). We report them as text (OID 25).
//  3. connectToShadowDb() creates a temp database, then opens a pool with
//     `{ connectionString, database: tmp }`; pg lets the URL's database win, so the "shadow"
//     replay runs on the MAIN database. We write our own: create the temp database, rewrite the
//     URL's path to it, and drop it when the engine disposes the shadow adapter.
// PostgreSQL only.
import crypto from 'node:crypto';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';

const CHAR_OID = 18;
const TEXT_OID = 25;
const patchedPrototypes = new WeakSet();

/** Returns `url` pointing at another database on the same server (everything else kept). */
export function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = '/' + encodeURIComponent(database);
  return u.toString();
}

/** The database a PostgreSQL URL names ('postgres' when the path is empty, like libpq's default for user postgres). */
export function databaseOf(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  return name || 'postgres';
}

const quoteIdent = (name) => '"' + name.replaceAll('"', '""') + '"';

/** Applies fixes 1 and 2 to an adapter returned by PrismaPg#connect(). */
function patchAdapter(adapter) {
  // Fix 1: whole script in one round trip; pg's simple query protocol accepts many statements.
  adapter.executeScript = async (script) => {
    try {
      await adapter.underlyingDriver().query(script);
    } catch (error) {
      adapter.onError(error); // converts to the DriverAdapterError the engine understands, and throws
    }
  };
  // Fix 2: performIO lives on the shared base class (PgQueryable), which transactions use too,
  // so wrap it there, once. The value of a "char" column already arrives as a string.
  const queryable = Object.getPrototypeOf(Object.getPrototypeOf(adapter));
  if (!patchedPrototypes.has(queryable)) {
    patchedPrototypes.add(queryable);
    const performIO = queryable.performIO;
    queryable.performIO = async function (query) {
      const result = await performIO.call(this, query);
      for (const field of result?.fields ?? []) if (field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID;
      return result;
    };
  }
  return adapter;
}

// The wasm engine probes the main database as soon as it is created ("does schema public exist,
// which server version?"); the native engine connects only when a command needs the database.
// So that `migrate diff --from-empty ...` / `--from-migrations ...` work before the main database
// exists (as they do natively), that one read-only probe is answered by the server's `postgres`
// database, reporting the schema as present (else the engine runs CREATE SCHEMA at once, which
// fails). Everything else still fails with "database does not exist".
const PROBE_SQL = 'SELECT EXISTS(SELECT 1 FROM pg_namespace WHERE nspname = $1), version()';

function tolerateMissingDatabase(adapter, url) {
  const queryRaw = adapter.queryRaw.bind(adapter);
  adapter.queryRaw = async (query) => {
    try {
      return await queryRaw(query);
    } catch (error) {
      if (error?.cause?.kind !== 'DatabaseDoesNotExist' || !query.sql.startsWith(PROBE_SQL)) throw error;
      const server = patchAdapter(await new PrismaPg({ connectionString: withDatabase(url, 'postgres') }).connect());
      try {
        const result = await server.queryRaw(query);
        return { ...result, rows: result.rows.map(([, ...rest]) => [true, ...rest]) };
      } finally {
        await server.dispose();
      }
    }
  };
  return adapter;
}

/** Wraps adapter.dispose() so it runs once, then `after()`. */
function onDispose(adapter, after) {
  const dispose = adapter.dispose.bind(adapter);
  let done;
  adapter.dispose = () => (done ??= (async () => {
    try {
      await dispose();
    } finally {
      await after?.();
    }
  })());
  return adapter;
}

/**
 * A factory for the wasm engine: { provider, adapterName, connect(), connectToShadowDb(), disposeAll() }.
 * url: the main database. shadowUrl (optional): a database the caller dedicates to shadow replays; it
 * is wiped (schema public dropped and recreated) like the native engine resets a configured shadow DB.
 * Without shadowUrl, each shadow replay gets a fresh temp database on the main server, dropped after.
 */
export function pgMigrationFactory(url, { shadowUrl } = {}) {
  const open = new Set(); // every adapter handed out; engine.free() does not dispose them (the pools would keep the process alive)

  async function connectTo(connectionString) {
    // allowExitOnIdle: idle pooled connections must not keep the process alive either.
    const adapter = patchAdapter(await new PrismaPg({ connectionString, allowExitOnIdle: true }).connect());
    open.add(adapter);
    onDispose(adapter, () => open.delete(adapter));
    return adapter;
  }

  // A plain client to the server for CREATE/DROP DATABASE. The main database itself may not exist
  // yet (e.g. `migrate diff` before the first `migrate dev`), so fall back to the 'postgres' database.
  async function adminClient() {
    for (const target of [url, withDatabase(url, 'postgres')]) {
      const client = new pg.Client({ connectionString: target });
      try {
        await client.connect();
        return client;
      } catch (error) {
        await client.end().catch(() => {});
        if (error?.code !== '3D000' || target !== url) throw error; // 3D000 = database does not exist
      }
    }
  }

  return {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',

    connect: async () => tolerateMissingDatabase(await connectTo(url), url),

    async connectToShadowDb() {
      if (shadowUrl) {
        const a = new URL(url), b = new URL(shadowUrl);
        if (a.hostname === b.hostname && (a.port || '5432') === (b.port || '5432') && databaseOf(url) === databaseOf(shadowUrl)) {
          throw new Error('The shadow database you configured appears to be the same as the main database. Please specify another shadow database.');
        }
        const adapter = await connectTo(shadowUrl);
        await adapter.executeScript('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
        return adapter;
      }
      // Fix 3: our own temp database, reached by rewriting the URL (not pg's `database` option).
      const name = `prisma_migrate_shadow_db_${crypto.randomUUID()}`;
      const admin = await adminClient();
      try {
        await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
      } catch (error) {
        await admin.end().catch(() => {});
        throw error;
      }
      const drop = async () => {
        try {
          // FORCE: a connection the engine left behind must not make the drop fail (PG 13+).
          await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
        } finally {
          await admin.end().catch(() => {});
        }
      };
      try {
        return onDispose(await connectTo(withDatabase(url, name)), drop);
      } catch (error) {
        await drop();
        throw error;
      }
    },

    /** Disposes whatever the engine did not (call before exiting). Drops temp shadow databases. */
    async disposeAll() {
      await Promise.allSettled([...open].map((adapter) => adapter.dispose()));
    },
  };
}
