import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

// Every setting the server reads from the environment, parsed once. README lists them.
export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  sessionSecret: Uint8Array;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demoData: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string | undefined;
  production: boolean;
  staticDir: string;
  logLevel: string;
  /** Login attempts allowed per window, per account and per client address. */
  loginLimits: { perAccount: number; perIp: number; windowMs: number };
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? '.data');
  fs.mkdirSync(dataDir, { recursive: true });
  return {
    port: Number(env.PORT ?? 3000),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    sessionSecret: new TextEncoder().encode(env.SESSION_SECRET || persistentSecret(dataDir)),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoData: env.DEMO_DATA !== '0' && env.DEMO_DATA !== 'false',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'DATA PIT <no-reply@datapit.local>',
    publicUrl: env.PUBLIC_URL || undefined,
    production: env.NODE_ENV === 'production',
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist/web'),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    loginLimits: {
      perAccount: Number(env.LOGIN_LIMIT_PER_ACCOUNT ?? 10),
      perIp: Number(env.LOGIN_LIMIT_PER_IP ?? 50),
      windowMs: Number(env.LOGIN_LIMIT_WINDOW_MS ?? 15 * 60_000),
    },
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
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
