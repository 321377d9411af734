import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { z } from 'zod';
import { parseOrigin, parseOriginList } from './http/origin.ts';
import { parseTrustProxy, TRUST_PROXY_VALUE } from './auth/client-address.ts';

// Every setting the server reads from the environment, parsed and checked once, before anything
// else happens: a wrong value stops the start with a message naming the variable (api/server.ts
// prints it and exits 1) instead of surfacing later as a stack trace or a silent default.
// README lists the variables; docs/decisions.md, "Hardening: start, stop and readiness" the ones added for operations.
export interface Config {
  port: number;
  /** Interface to listen on; unset means every interface. */
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections in the PostgreSQL pool (PG_POOL_MAX). */
  databasePoolMax: number;
  redisUrl: string | undefined;
  sessionSecret: Uint8Array;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demoData: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string | undefined;
  production: boolean;
  /** TEST_HOOKS=1: POST /api/test/jobs/run, the journeys' clock (api/http/test-clock.ts); refused in production. */
  testHooks: boolean;
  staticDir: string;
  logLevel: string;
  /** Failed logins allowed per window, per account and address and per address (docs/decisions.md, "Hardening: sessions, limits and production defaults"). */
  loginLimits: { perAccount: number; perIp: number; windowMs: number };
  /** Administrators must turn on two-factor sign-in before using administrator tools (REQUIRE_ADMIN_TWO_FACTOR; docs/decisions.md "Issue 25: two-factor sign-in"). */
  requireAdminTwoFactor: boolean;
  /** Registrations allowed per window, per client address and per target mailbox. */
  registerLimits: { perIp: number; perEmail: number; windowMs: number };
  /** Verification resends allowed per window, per client address and per email. */
  resendLimits: { perIp: number; perEmail: number; windowMs: number };
  /** support tickets opened from one client address per window (the widget works without an account) */
  ticketLimits: { perIp: number; windowMs: number };
  /** Bids one user may place per window (docs/decisions.md "Bids: withdrawing, superseding, limits"). */
  bidLimits: { perUser: number; windowMs: number };
  /** Messages one user may send per window. */
  messageLimits: { perUser: number; windowMs: number };
  /** REST requests one program (a bearer token or an X-API-Key) may make per window (docs/api-rate-limits.md). */
  apiLimits: { perCredential: number; windowMs: number };
  /** Reverse proxies in front of the server whose X-Forwarded-For is believed (TRUST_PROXY); 0: none. */
  trustProxy: number;
  /** How long a SIGTERM waits for requests in flight before closing their connections. */
  shutdownDrainMs: number;
  /** Other origins whose pages may call the API with cookies (CORS_ORIGINS); the site's own always may. */
  corsOrigins: string[];
  /** Anonymous answers of public data served from a cache (docs/decisions.md "Response cache"). */
  responseCache: { enabled: boolean; ttlMs: number; redisKeyPrefix: string };
  /** When a payment still processing is settled from the provider's record (PAYMENT_RECONCILE_AFTER_MS). */
  paymentReconcileAfterMs: number;
  /** How long a client has to send its request headers, a (non-upload) body, and each stretch of an upload (api/http/http-server.ts). */
  timeouts: { headersMs: number; bodyMs: number; uploadIdleMs: number };
  /** Uploads not in a listing: kept this long, and at most this many bytes per provider (docs/decisions.md "Uploads not in a listing"). */
  uploads: { retentionMs: number; unattachedQuotaBytes: number };
  /**
   * Webhooks (docs/decisions.md "Issue 27: webhooks and the event feed"): WEBHOOK_ALLOW_PRIVATE_NETWORKS=1
   * lets endpoints be loopback or private addresses (tests, self-hosting); production asks https URLs.
   */
  webhooks: { allowPrivateNetworks: boolean; requireHttps: boolean };
  /**
   * Where each Redis key and channel of the deployment starts: REDIS_PREFIX, then the part's own
   * name (docs/decisions.md "One Redis prefix per deployment"). The cache's is responseCache.redisKeyPrefix.
   */
  redisKeys: { prefix: string; events: string; rateLimits: string };
  /** Bounds of the live connections (docs/decisions.md "Live connections: caps and shared payloads"). */
  websocketLimits: { subscriptionsPerSocket: number; socketsPerIp: number };
  /** Where uploaded files live: DATA_DIR/files, or an S3-compatible bucket when S3_BUCKET is set (docs/decisions.md "Issue 28: storage on S3"). */
  storage: { driver: 'local' } | S3Settings;
}

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO): S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE. */
export interface S3Settings {
  driver: 's3';
  bucket: string;
  region: string;
  /** Unset: AWS S3 itself. */
  endpoint: string | undefined;
  /** Addresses as endpoint/bucket/key (MinIO and most self-hosted servers) rather than bucket.endpoint/key. */
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** A setting that is missing or wrong. `variable` names the environment variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message.startsWith(variable) ? message : `${variable} ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) => {
  const message = max === Number.MAX_SAFE_INTEGER ? `must be a whole number of at least ${min}` : `must be a whole number from ${min} to ${max}`;
  return z.string().regex(/^\d+$/, message).transform(Number).pipe(z.number().int().min(min, message).max(max, message));
};

const REDIS_PREFIX_VALUE = /^[\w:.-]{1,64}$/;

const urlWith = (protocols: string[], what: string) => z.string().refine((value) => isUrlWith(value, protocols), `must be ${what}`);

const envSchema = z
  .object({
    NODE_ENV: z.string().optional(),
    PORT: wholeNumber(0, 65535).default(3000),
    HOST: z.string().optional(),
    DATA_DIR: z.string().default('.data'),
    // `pglite:memory` / `pglite:<folder>` select the embedded database explicitly (tests use it).
    DATABASE_URL: z
      .string()
      .refine((v) => v.startsWith('pglite:') || isUrlWith(v, ['postgres:', 'postgresql:']), 'must be a postgresql://user@host:port/database URL')
      .optional(),
    PG_POOL_MAX: wholeNumber(1, 1000).default(10),
    REDIS_URL: urlWith(['redis:', 'rediss:'], 'a redis://host:port or rediss://host:port URL').optional(),
    // HS256 keys shorter than this can be guessed offline from one session cookie.
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)').optional(),
    ADMIN_EMAIL: z.string().regex(/^[^@\s]+@[^@\s]+$/, 'must be an email address').optional(),
    ADMIN_PASSWORD: z.string().optional(),
    // Unset: on, except in production (a public demo administrator has no place there).
    DEMO_DATA: z.enum(['0', '1', 'true', 'false'], 'must be 1 or 0').optional(),
    SMTP_URL: urlWith(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL').optional(),
    MAIL_FROM: z.string().default('DATA PIT <no-reply@datapit.local>'),
    PUBLIC_URL: z
      .string()
      .refine((v) => isUrlWith(v, ['http:', 'https:']) && !new URL(v).search && !new URL(v).hash, 'must be an http(s) origin such as https://datapit.example.com')
      .optional(),
    STATIC_DIR: z.string().default('dist/web'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'must be one of fatal, error, warn, info, debug, trace, silent').optional(),
    // Unset: on in production, off elsewhere (the demo administrator signs in with a password alone).
    REQUIRE_ADMIN_TWO_FACTOR: z.enum(['0', '1', 'true', 'false'], 'must be 1 or 0').optional(),
    LOGIN_LIMIT_PER_ACCOUNT: wholeNumber(1).default(10),
    LOGIN_LIMIT_PER_IP: wholeNumber(1).default(50),
    LOGIN_LIMIT_WINDOW_MS: wholeNumber(1000).default(15 * 60_000),
    REGISTER_LIMIT_PER_IP: wholeNumber(1).default(20),
    REGISTER_LIMIT_PER_EMAIL: wholeNumber(1).default(3),
    REGISTER_LIMIT_WINDOW_MS: wholeNumber(1000).default(60 * 60_000),
    RESEND_LIMIT_PER_IP: wholeNumber(1).default(20),
    RESEND_LIMIT_PER_EMAIL: wholeNumber(1).default(5),
    RESEND_LIMIT_WINDOW_MS: wholeNumber(1000).default(60 * 60_000),
    SUPPORT_TICKET_LIMIT_PER_IP: wholeNumber(1).default(10),
    SUPPORT_TICKET_LIMIT_WINDOW_MS: wholeNumber(1000).default(60 * 60_000),
    BID_LIMIT_PER_USER: wholeNumber(1).default(30),
    BID_LIMIT_WINDOW_MS: wholeNumber(1000).default(60 * 60_000),
    MESSAGE_LIMIT_PER_USER: wholeNumber(1).default(30),
    MESSAGE_LIMIT_WINDOW_MS: wholeNumber(1000).default(60_000),
    API_LIMIT_PER_CREDENTIAL: wholeNumber(1).default(600),
    API_LIMIT_WINDOW_MS: wholeNumber(1000).default(60_000),
    TRUST_PROXY: z.string().regex(TRUST_PROXY_VALUE, 'must be the number of reverse proxies in front of the server (0, 1, 2, ...) or true (one) / false').optional(),
    SHUTDOWN_DRAIN_MS: wholeNumber(0, 3_600_000).default(30_000),
    CORS_ORIGINS: z
      .string()
      .refine((v) => v.split(',').every((entry) => !entry.trim() || parseOrigin(entry)), 'must be comma-separated origins such as https://app.example.com (scheme://host[:port], no path)')
      .optional(),
    // Unset: on, except under NODE_ENV=test (tests that write rows directly, without the events
    // that invalidate, turn it on where they test it).
    RESPONSE_CACHE: z.enum(['0', '1', 'true', 'false'], 'must be 1 or 0').optional(),
    RESPONSE_CACHE_TTL_MS: wholeNumber(1000, 3_600_000).default(30_000),
    PAYMENT_RECONCILE_AFTER_MS: wholeNumber(1000, 86_400_000).default(300_000),
    // Slow clients (docs/decisions.md, "Hardening: hostile files, slow clients and deep JSON").
    HEADERS_TIMEOUT_MS: wholeNumber(100, 600_000).default(10_000),
    BODY_TIMEOUT_MS: wholeNumber(100, 600_000).default(10_000),
    UPLOAD_IDLE_TIMEOUT_MS: wholeNumber(100, 3_600_000).default(30_000),
    UPLOAD_RETENTION_MS: wholeNumber(60_000).default(24 * 60 * 60_000),
    UPLOAD_UNATTACHED_QUOTA_BYTES: wholeNumber(1).default(2 * 1024 * 1024 * 1024),
    // Unset: REDIS_PREFIX + `cache:` (an explicit value, as before REDIS_PREFIX existed, still wins).
    RESPONSE_CACHE_REDIS_PREFIX: z.string().regex(REDIS_PREFIX_VALUE, 'must be 1 to 64 letters, digits or _ : . -').optional(),
    REDIS_PREFIX: z.string().regex(REDIS_PREFIX_VALUE, 'must be 1 to 64 letters, digits or _ : . -').default('datapit:'),
    WS_MAX_SUBSCRIPTIONS_PER_SOCKET: wholeNumber(1, 10_000).default(50),
    WS_MAX_SOCKETS_PER_IP: wholeNumber(1, 100_000).default(20),
    // The journeys' clock (api/http/test-clock.ts): never in production.
    TEST_HOOKS: z.enum(['0', '1'], 'must be 1 or 0').optional(),
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: z.enum(['0', '1'], 'must be 1 or 0').optional(),
    // Uploaded files in an S3-compatible bucket (docs/decisions.md "Issue 28: storage on S3").
    S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens').optional(),
    S3_REGION: z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a region name such as us-east-1 (R2: auto)').optional(),
    S3_ENDPOINT: urlWith(['http:', 'https:'], 'an http(s) URL such as https://<account>.r2.cloudflarestorage.com or http://127.0.0.1:9000').optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false'], 'must be 1 or 0').optional(),
  })
  .superRefine((env, ctx) => {
    if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'must be set when ADMIN_EMAIL is set' });
    if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'must be set when ADMIN_PASSWORD is set' });
    // Mailed links are built from PUBLIC_URL; without it they would name whatever host the server
    // guesses, and a production site must not mail links to http://localhost.
    if (env.NODE_ENV === 'production' && env.TEST_HOOKS === '1') {
      ctx.addIssue({ code: 'custom', path: ['TEST_HOOKS'], message: 'must not be set in production: it lets anyone run timed work early' });
    }
    for (const variable of ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const) {
      if (env[variable] && !env.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `must be set when ${variable} is set (files stay in DATA_DIR without it)` });
    }
    if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'must be set when S3_ACCESS_KEY_ID is set' });
    if (env.S3_SECRET_ACCESS_KEY && !env.S3_ACCESS_KEY_ID) ctx.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY_ID'], message: 'must be set when S3_SECRET_ACCESS_KEY is set' });
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'must be set in production: the origin mailed links point to, such as https://datapit.example.com' });
    }
  });

/** The AWS SDK's own region variables, when S3_REGION is unset. */
function awsRegion(env: Env): string | undefined {
  return env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
}

function isUrlWith(value: string, protocols: string[]) {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.host !== '';
  } catch {
    return false;
  }
}

// Values that may carry credentials are never echoed back in an error message.
const SECRET = /URL|SECRET|PASSWORD/;

/** Reads and checks the environment; throws a ConfigError naming the first wrong variable. */
export function loadConfig(env: Env = process.env): Config {
  // An empty variable means unset (`PORT= npm start`), as a shell user expects.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== '').map(([k, v]) => [k, v!.trim()]));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const messages = parsed.error.issues.map((issue) => {
      const variable = String(issue.path[0] ?? 'environment');
      const value = given[variable];
      return `${variable} ${issue.message}${value !== undefined && !SECRET.test(variable) ? ` (got "${value}")` : ''}`;
    });
    throw new ConfigError(String(parsed.error.issues[0]!.path[0] ?? 'environment'), messages.join('; '));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new ConfigError('DATA_DIR', `cannot be created at ${dataDir}: ${(error as Error).message}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.PG_POOL_MAX,
    redisUrl: e.REDIS_URL,
    sessionSecret: new TextEncoder().encode(e.SESSION_SECRET ?? persistentSecret(dataDir)),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    demoData: e.DEMO_DATA === undefined ? e.NODE_ENV !== 'production' : e.DEMO_DATA === '1' || e.DEMO_DATA === 'true',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    // Links are built as `${publicUrl}/path`: no trailing slash.
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    production: e.NODE_ENV === 'production',
    testHooks: e.TEST_HOOKS === '1',
    staticDir: path.resolve(e.STATIC_DIR),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    requireAdminTwoFactor: e.REQUIRE_ADMIN_TWO_FACTOR === undefined ? e.NODE_ENV === 'production' : e.REQUIRE_ADMIN_TWO_FACTOR === '1' || e.REQUIRE_ADMIN_TWO_FACTOR === 'true',
    loginLimits: {
      perAccount: e.LOGIN_LIMIT_PER_ACCOUNT,
      perIp: e.LOGIN_LIMIT_PER_IP,
      windowMs: e.LOGIN_LIMIT_WINDOW_MS,
    },
    registerLimits: { perIp: e.REGISTER_LIMIT_PER_IP, perEmail: e.REGISTER_LIMIT_PER_EMAIL, windowMs: e.REGISTER_LIMIT_WINDOW_MS },
    resendLimits: { perIp: e.RESEND_LIMIT_PER_IP, perEmail: e.RESEND_LIMIT_PER_EMAIL, windowMs: e.RESEND_LIMIT_WINDOW_MS },
    ticketLimits: { perIp: e.SUPPORT_TICKET_LIMIT_PER_IP, windowMs: e.SUPPORT_TICKET_LIMIT_WINDOW_MS },
    bidLimits: { perUser: e.BID_LIMIT_PER_USER, windowMs: e.BID_LIMIT_WINDOW_MS },
    messageLimits: { perUser: e.MESSAGE_LIMIT_PER_USER, windowMs: e.MESSAGE_LIMIT_WINDOW_MS },
    apiLimits: { perCredential: e.API_LIMIT_PER_CREDENTIAL, windowMs: e.API_LIMIT_WINDOW_MS },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    corsOrigins: parseOriginList(e.CORS_ORIGINS),
    responseCache: {
      enabled: e.RESPONSE_CACHE === undefined ? e.NODE_ENV !== 'test' : e.RESPONSE_CACHE === '1' || e.RESPONSE_CACHE === 'true',
      ttlMs: e.RESPONSE_CACHE_TTL_MS,
      redisKeyPrefix: e.RESPONSE_CACHE_REDIS_PREFIX ?? `${e.REDIS_PREFIX}cache:`,
    },
    paymentReconcileAfterMs: e.PAYMENT_RECONCILE_AFTER_MS,
    timeouts: { headersMs: e.HEADERS_TIMEOUT_MS, bodyMs: e.BODY_TIMEOUT_MS, uploadIdleMs: e.UPLOAD_IDLE_TIMEOUT_MS },
    uploads: { retentionMs: e.UPLOAD_RETENTION_MS, unattachedQuotaBytes: e.UPLOAD_UNATTACHED_QUOTA_BYTES },
    webhooks: { allowPrivateNetworks: e.WEBHOOK_ALLOW_PRIVATE_NETWORKS === '1', requireHttps: e.NODE_ENV === 'production' && e.WEBHOOK_ALLOW_PRIVATE_NETWORKS !== '1' },
    redisKeys: { prefix: e.REDIS_PREFIX, events: `${e.REDIS_PREFIX}events:`, rateLimits: `${e.REDIS_PREFIX}ratelimit:` },
    websocketLimits: { subscriptionsPerSocket: e.WS_MAX_SUBSCRIPTIONS_PER_SOCKET, socketsPerIp: e.WS_MAX_SOCKETS_PER_IP },
    storage: e.S3_BUCKET
      ? {
          driver: 's3',
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? awsRegion(given) ?? 'us-east-1',
          endpoint: e.S3_ENDPOINT,
          // An endpoint of its own is most often a self-hosted server, addressed by path.
          forcePathStyle: e.S3_FORCE_PATH_STYLE === undefined ? !!e.S3_ENDPOINT : e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true',
          credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
        }
      : { driver: 'local' },
  };
}

// Without SESSION_SECRET, a random secret is generated once and kept in DATA_DIR, so sessions
// survive restarts of a zero-setup install without anyone having to invent a secret.
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(32).toString('base64url');
    try {
      fs.writeFileSync(file, secret, { mode: 0o600 });
    } catch (error) {
      throw new ConfigError('DATA_DIR', `is not writable (${file}): ${(error as Error).message}`);
    }
    return secret;
  }
}
