import net from 'node:net';
import pg from 'pg';
import { Redis } from 'ioredis';
import { ConfigError } from './config.ts';

// Checks that run once at start, before anything is migrated or served, so a wrong or unreachable
// service stops the start with one line naming the variable instead of a stack trace (or a server
// that looks alive and fails every login). api/server.ts prints the message and exits 1.

const CONNECT_TIMEOUT_MS = 5_000;

/** Connects to PostgreSQL once, briefly, to tell "wrong URL" from everything later. */
export async function checkPostgres(url: string, timeoutMs = CONNECT_TIMEOUT_MS): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on('error', () => {}); // a late socket error after a failed connect must not crash the start
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new ConfigError('DATABASE_URL', `cannot connect to PostgreSQL at ${describeUrl(url)}: ${reason(error)}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Connects to Redis (REDIS_URL) and answers the client for the rate limiter, so one connection
 * serves counting and /readyz. Fails at start instead of retrying forever in the background.
 */
export async function connectRedis(url: string, timeoutMs = CONNECT_TIMEOUT_MS): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 2,
    // No reconnecting while we find out whether it is reachable at all.
    retryStrategy: () => null,
  });
  let lastError: unknown;
  redis.on('error', (error) => (lastError = error));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new ConfigError('REDIS_URL', `cannot connect to Redis at ${describeUrl(url)}: ${reason(lastError ?? error)}`);
  }
  // Once running, an outage is temporary: reconnect (at most every 2 s); /readyz reports it meanwhile.
  redis.options.retryStrategy = (times) => Math.min(times * 200, 2_000);
  return redis;
}

/**
 * Binds the port for a moment and lets go, so "port in use" is reported before seconds of
 * migrating and seeding. (The real listen can still lose a race; it reports the same way.)
 */
export async function checkPortFree(port: number, host: string | undefined): Promise<void> {
  if (port === 0) return;
  const probe = net.createServer();
  await listen(probe, port, host);
  await new Promise((resolve) => probe.close(resolve));
}

/** Listens, turning "port in use" and friends into a ConfigError instead of a silent non-start. */
export function listen(server: net.Server, port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      const where = `${host ?? 'every interface'}:${port}`;
      if (error.code === 'EADDRINUSE') reject(new ConfigError('PORT', `${port} is already in use (${where}): stop the other process or choose another PORT`));
      else if (error.code === 'EACCES') reject(new ConfigError('PORT', `${port} needs privileges this process does not have (${where})`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') reject(new ConfigError('HOST', `${host} is not an address of this machine`));
      else reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** host:port/path of a URL, without the credentials. */
function describeUrl(value: string): string {
  try {
    const url = new URL(value);
    return `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return '(unparseable URL)';
  }
}

function reason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return reason(error.errors[0]);
  const e = error as NodeJS.ErrnoException | undefined;
  return e?.message || e?.code || String(error);
}
