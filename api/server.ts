import path from 'node:path';
import type { Redis } from 'ioredis';
import { ConfigError, loadConfig, type Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createLogger, type Logger } from './logger.ts';
import { checkPortFree, checkPostgres, connectRedis, listen } from './startup.ts';
import { drainOnShutdown } from './shutdown.ts';
import { createHttpServer } from './http/http-server.ts';

// The only file that listens: one process, one port, for /graphql (HTTP + WebSocket), /api, the
// web app, /healthz and /readyz. Start: check the environment and the services it names, migrate,
// listen. Stop (SIGTERM/SIGINT): refuse new connections, let requests in flight finish for up to
// SHUTDOWN_DRAIN_MS, close WebSockets with 1001, then exit 0 (docs/decisions.md, "Hardening: start, stop and readiness").

async function start() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);

  // Reachability first, together: a wrong DATABASE_URL or REDIS_URL, or a taken PORT, fails in
  // seconds, named.
  const [redis] = await Promise.all([
    config.redisUrl ? connectRedis(config.redisUrl) : undefined,
    config.databaseUrl && !config.databaseUrl.startsWith('pglite:') ? checkPostgres(config.databaseUrl) : undefined,
    checkPortFree(config.port, config.host),
  ]);
  // The application (schema, Prisma, domain) loads only once the environment is known good, so
  // a wrong setting is reported in a moment rather than after seconds of loading.
  const [{ createApp }, { attachGraphQLWebSocket }, { ensureAdmin }, { seedDemoData }, { redisRateLimiter }, { sweepOrphanFiles }, { storageFor }] =
    await Promise.all([
      import('./app.ts'),
      import('./websocket.ts'),
      import('./domain/accounts/accounts.service.ts'),
      import('./demo/seed.ts'),
      import('./rate-limiter.ts'),
      import('./storage/sweep.ts'),
      import('./storage/storage-for.ts'),
    ]);
  const database = await open(config);
  const applied = await database.migrate();
  logger.info({ database: database.kind, applied }, applied.length ? 'migrations applied' : 'database schema up to date');

  if (config.adminEmail && config.adminPassword) {
    await ensureAdmin(database.prisma, { email: config.adminEmail, password: config.adminPassword });
    logger.info({ email: config.adminEmail }, 'administrator ready');
  }
  // DATA_DIR/files, or the S3 bucket (S3_BUCKET) the instances share.
  const storage = storageFor(config);
  if (config.demoData) {
    // The demo's uploaded data file goes where the app keeps uploads.
    const seeded = await seedDemoData(database.prisma, { production: config.production, storage });
    if (seeded) logger.info(seeded, 'demo data seeded');
  }

  if (redis) watchRedis(redis, logger);
  const { listener, yoga, origins, services, jobs, close } = createApp({ config, database, logger, storage, limiter: redis ? redisRateLimiter(redis, config.redisKeys.rateLimits) : undefined });
  // Seconds for headers and JSON/GraphQL bodies, an hour for an upload that keeps making progress
  // (api/http/http-server.ts).
  const server = createHttpServer(config, logger);
  // Registered before the app's handler, so it sees every request first.
  const http = drainOnShutdown(server);
  server.on('request', http.handle(listener));
  const websocket = attachGraphQLWebSocket(server, { yoga, origins, services });

  try {
    await listen(server, config.port, config.host);
  } catch (error) {
    await Promise.allSettled([close(), database.close()]);
    throw error;
  }
  logger.info({ port: config.port, url: `http://${config.host ?? 'localhost'}:${config.port}` }, 'DATA PIT is listening');
  jobs.start();

  // After listening: the sweep is housekeeping, and a large storage must not delay readiness.
  sweepOrphanFiles({ storage, db: database.prisma })
    .then(({ removed, checked }) => logger.info({ storage: storage.kind, removed: removed.length, checked, keys: removed.slice(0, 20) }, 'storage swept'))
    .catch((error) => logger.warn({ err: error }, 'storage sweep failed'));

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal, inFlight: http.inFlight, drainMs: config.shutdownDrainMs }, 'shutting down: refusing new connections, finishing requests in flight');
    // Whatever hangs below (a database that no longer answers) must not keep the process alive.
    setTimeout(() => {
      logger.error('shutdown did not complete: exiting');
      process.exit(1);
    }, config.shutdownDrainMs + 10_000).unref();
    // No new timed work from here on; the job in progress finishes alongside the requests.
    const [{ cut, streams }] = await Promise.all([http.drain(config.shutdownDrainMs), jobs.stop()]);
    if (cut) logger.warn({ cut }, 'drain time is up: requests still in flight were cut');
    if (streams) logger.info({ streams }, 'subscription event streams closed');
    websocket.close(); // 1001 "going away": clients reconnect elsewhere
    await close();
    await storage.close();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

async function open(config: Config): Promise<Database> {
  const embedded = !config.databaseUrl || config.databaseUrl.startsWith('pglite:');
  const { openDatabase } = await import('./db/database.ts');
  try {
    return await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: config.databasePoolMax });
  } catch (error) {
    // PGlite refuses a folder written by another version or held by another process.
    if (embedded) throw new ConfigError('DATA_DIR', `the embedded database in ${path.join(config.dataDir, 'pglite')} cannot be opened: ${(error as Error).message}`);
    throw error;
  }
}

/** Logs when Redis goes away and comes back (once each, not every reconnect attempt). */
function watchRedis(redis: Redis, logger: Logger) {
  let up = true;
  redis.on('error', (error) => {
    if (up) logger.warn({ err: error }, 'lost the connection to Redis: logins fail until it is back');
    up = false;
  });
  redis.on('ready', () => {
    if (!up) logger.info('connection to Redis restored');
    up = true;
  });
}

try {
  await start();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`DATA PIT cannot start: ${error.message}\n`);
  } else {
    process.stderr.write(`DATA PIT cannot start: ${(error as Error)?.stack ?? String(error)}\n`);
  }
  process.exit(1);
}
