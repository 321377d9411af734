import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

// What each wrong setting answers at start (api/server.lifecycle.test.ts checks that the process
// prints it and exits 1).

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-config-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

function errorOf(env: Record<string, string>): ConfigError {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`no ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('takes the defaults of README for an empty environment', () => {
    const config = load({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      redisUrl: undefined,
      databasePoolMax: 10,
      demoData: true,
      loginLimits: { perAccount: 10, perIp: 50, windowMs: 900_000 },
      bidLimits: { perUser: 30, windowMs: 3_600_000 },
      messageLimits: { perUser: 30, windowMs: 60_000 },
      shutdownDrainMs: 30_000,
      responseCache: { enabled: true, ttlMs: 30_000, redisKeyPrefix: 'datapit:cache:' },
      timeouts: { headersMs: 10_000, bodyMs: 10_000, uploadIdleMs: 30_000 },
      uploads: { retentionMs: 24 * 60 * 60_000, unattachedQuotaBytes: 2 * 1024 ** 3 },
      redisKeys: { prefix: 'datapit:', events: 'datapit:events:', rateLimits: 'datapit:ratelimit:' },
      websocketLimits: { subscriptionsPerSocket: 50, socketsPerIp: 20 },
    });
    // Generated once and kept: the second start reads the same secret.
    expect(load({}).sessionSecret).toEqual(config.sessionSecret);
  });

  it('reads good values, treating empty ones as unset', () => {
    const config = load({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgresql://pit:secret@db.internal:5432/pit',
      REDIS_URL: 'rediss://cache.internal:6380/2',
      PUBLIC_URL: 'https://pit.example.com/',
      LOGIN_LIMIT_PER_ACCOUNT: '5',
      SHUTDOWN_DRAIN_MS: '0',
      DEMO_DATA: '0',
      SMTP_URL: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      redisUrl: 'rediss://cache.internal:6380/2',
      publicUrl: 'https://pit.example.com',
      demoData: false,
      smtpUrl: undefined,
      shutdownDrainMs: 0,
    });
    expect(config.loginLimits.perAccount).toBe(5);
  });

  it('turns the response cache off under NODE_ENV=test unless RESPONSE_CACHE says otherwise', () => {
    expect(load({ NODE_ENV: 'test' }).responseCache.enabled).toBe(false);
    expect(load({ NODE_ENV: 'test', RESPONSE_CACHE: '1' }).responseCache.enabled).toBe(true);
    expect(load({ NODE_ENV: 'production', PUBLIC_URL: 'https://pit.example.com', RESPONSE_CACHE: '0' }).responseCache.enabled).toBe(false);
    expect(load({ RESPONSE_CACHE_TTL_MS: '5000' }).responseCache.ttlMs).toBe(5000);
  });

  it('settles an interrupted payment after PAYMENT_RECONCILE_AFTER_MS, five minutes by default', () => {
    expect(load({}).paymentReconcileAfterMs).toBe(300_000);
    expect(load({ PAYMENT_RECONCILE_AFTER_MS: '2000' }).paymentReconcileAfterMs).toBe(2000);
  });

  it('derives every Redis key and channel from REDIS_PREFIX; RESPONSE_CACHE_REDIS_PREFIX, when set, still names the cache', () => {
    expect(load({ REDIS_PREFIX: 'staging:' })).toMatchObject({
      redisKeys: { prefix: 'staging:', events: 'staging:events:', rateLimits: 'staging:ratelimit:' },
      responseCache: { redisKeyPrefix: 'staging:cache:' },
    });
    expect(load({ REDIS_PREFIX: 'staging:', RESPONSE_CACHE_REDIS_PREFIX: 'old-cache:' }).responseCache.redisKeyPrefix).toBe('old-cache:');
  });

  it.each([
    ['PORT', { PORT: 'abc' }, /PORT must be a whole number from 0 to 65535 \(got "abc"\)/],
    ['PORT', { PORT: '65536' }, /PORT/],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://root@db/pit' }, /DATABASE_URL must be a postgresql:/],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }, /DATABASE_URL/],
    ['REDIS_URL', { REDIS_URL: 'localhost:6379' }, /REDIS_URL must be a redis:/],
    ['PUBLIC_URL', { PUBLIC_URL: 'pit.example.com' }, /PUBLIC_URL must be an http\(s\) origin/],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://pit.example.com/?a=1' }, /PUBLIC_URL/],
    ['LOGIN_LIMIT_PER_IP', { LOGIN_LIMIT_PER_IP: '0' }, /LOGIN_LIMIT_PER_IP must be a whole number of at least 1/],
    ['LOGIN_LIMIT_PER_ACCOUNT', { LOGIN_LIMIT_PER_ACCOUNT: 'ten' }, /LOGIN_LIMIT_PER_ACCOUNT/],
    ['LOGIN_LIMIT_WINDOW_MS', { LOGIN_LIMIT_WINDOW_MS: '1.5' }, /LOGIN_LIMIT_WINDOW_MS/],
    ['BID_LIMIT_PER_USER', { BID_LIMIT_PER_USER: '0' }, /BID_LIMIT_PER_USER must be a whole number of at least 1/],
    ['MESSAGE_LIMIT_WINDOW_MS', { MESSAGE_LIMIT_WINDOW_MS: '10' }, /MESSAGE_LIMIT_WINDOW_MS must be a whole number of at least 1000/],
    ['SHUTDOWN_DRAIN_MS', { SHUTDOWN_DRAIN_MS: '-1' }, /SHUTDOWN_DRAIN_MS/],
    ['PG_POOL_MAX', { PG_POOL_MAX: '0' }, /PG_POOL_MAX/],
    ['SESSION_SECRET', { SESSION_SECRET: 'short' }, /SESSION_SECRET must be at least 32 characters/],
    ['SMTP_URL', { SMTP_URL: 'mail.example.com:587' }, /SMTP_URL/],
    ['DEMO_DATA', { DEMO_DATA: 'maybe' }, /DEMO_DATA must be 1 or 0/],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    ['RESPONSE_CACHE', { RESPONSE_CACHE: 'yes' }, /RESPONSE_CACHE must be 1 or 0/],
    ['RESPONSE_CACHE_TTL_MS', { RESPONSE_CACHE_TTL_MS: '500' }, /RESPONSE_CACHE_TTL_MS must be a whole number from 1000 to 3600000/],
    ['RESPONSE_CACHE_REDIS_PREFIX', { RESPONSE_CACHE_REDIS_PREFIX: 'a b' }, /RESPONSE_CACHE_REDIS_PREFIX must be 1 to 64/],
    ['PAYMENT_RECONCILE_AFTER_MS', { PAYMENT_RECONCILE_AFTER_MS: '10' }, /PAYMENT_RECONCILE_AFTER_MS must be a whole number from 1000 to 86400000/],
    ['UPLOAD_RETENTION_MS', { UPLOAD_RETENTION_MS: '1000' }, /UPLOAD_RETENTION_MS must be a whole number of at least 60000/],
    ['UPLOAD_UNATTACHED_QUOTA_BYTES', { UPLOAD_UNATTACHED_QUOTA_BYTES: '2GB' }, /UPLOAD_UNATTACHED_QUOTA_BYTES must be a whole number of at least 1/],
    ['REDIS_PREFIX', { REDIS_PREFIX: 'two words' }, /REDIS_PREFIX must be 1 to 64/],
    ['WS_MAX_SUBSCRIPTIONS_PER_SOCKET', { WS_MAX_SUBSCRIPTIONS_PER_SOCKET: '0' }, /WS_MAX_SUBSCRIPTIONS_PER_SOCKET must be a whole number from 1 to 10000/],
    ['WS_MAX_SOCKETS_PER_IP', { WS_MAX_SOCKETS_PER_IP: 'many' }, /WS_MAX_SOCKETS_PER_IP/],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'root@example.com' }, /ADMIN_PASSWORD must be set when ADMIN_EMAIL is set/],
    ['HEADERS_TIMEOUT_MS', { HEADERS_TIMEOUT_MS: '50' }, /HEADERS_TIMEOUT_MS must be a whole number from 100 to 600000/],
    ['BODY_TIMEOUT_MS', { BODY_TIMEOUT_MS: '1h' }, /BODY_TIMEOUT_MS/],
    ['UPLOAD_IDLE_TIMEOUT_MS', { UPLOAD_IDLE_TIMEOUT_MS: '0' }, /UPLOAD_IDLE_TIMEOUT_MS/],
  ])('%s: %j is refused with a message naming it', (variable, env, message) => {
    const error = errorOf(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(message);
  });

  it('never repeats a URL or secret that may hold a password', () => {
    const error = errorOf({ DATABASE_URL: 'mysql://root:hunter2@db/pit' });
    expect(error.message).not.toContain('hunter2');
  });

  it('names DATA_DIR when it cannot be created', () => {
    const file = path.join(dataDir, 'a-file');
    fs.writeFileSync(file, '');
    const error = (() => {
      try {
        loadConfig({ DATA_DIR: path.join(file, 'below') });
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(error?.variable).toBe('DATA_DIR');
  });
});
