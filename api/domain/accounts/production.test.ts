import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { memoryRateLimiter } from '../../rate-limiter.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { Client, MemoryMailer, startTestApp, STRONG_PASSWORD, type TestApp } from '../../test/harness.ts';
import { DEMO_ADMIN } from './demo-admin.ts';
import { hashPassword, verifyPassword } from './password.ts';

const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'pit-prod-'));

describe('production configuration', () => {
  it('refuses to start without PUBLIC_URL, naming it', () => {
    const dir = tmpDir();
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, PUBLIC_URL: 'https://pit.example' }).publicUrl).toBe('https://pit.example');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has demo data off unless DEMO_DATA=1 says otherwise; outside production it is on by default', () => {
    const dir = tmpDir();
    const prod = { NODE_ENV: 'production', DATA_DIR: dir, PUBLIC_URL: 'https://pit.example' };
    expect(loadConfig(prod).demoData).toBe(false);
    expect(loadConfig({ ...prod, DEMO_DATA: '1' }).demoData).toBe(true);
    expect(loadConfig({ ...prod, DEMO_DATA: '0' }).demoData).toBe(false);
    expect(loadConfig({ DATA_DIR: dir }).demoData).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, DEMO_DATA: '0' }).demoData).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('the demo administrator in production (DEMO_DATA=1)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('pglite', { NODE_ENV: 'production', PUBLIC_URL: 'https://pit.example', DEMO_DATA: '1' });
  });
  afterAll(async () => app?.close());

  it('never serves its password', async () => {
    const { data } = await new Client(app).gql('{ demoAdminCredentials { email password } }');
    expect(data.demoAdminCredentials).toBeNull();
  });

  it('is seeded with a password nobody knows', async () => {
    await seedDemoData(app.database.prisma, { production: true });
    const admin = await app.database.prisma.user.findUniqueOrThrow({ where: { email: DEMO_ADMIN.email } });
    expect(admin.isAdmin).toBe(true);
    expect(await verifyPassword(DEMO_ADMIN.password, admin.passwordHash)).toBe(false);
  });

  it('cannot log in with the published password, even where an earlier seed set it', async () => {
    await app.database.prisma.user.update({ where: { email: DEMO_ADMIN.email }, data: { passwordHash: await hashPassword(DEMO_ADMIN.password) } });
    const res = await new Client(app).json('POST', '/api/auth/login', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
    expect(res.status).toBe(401);
    const user = await new Client(app).json('POST', '/api/auth/login', { usernameOrEmail: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
    expect(user.status).toBe(401);
  });
});

describe('outside production the demo administrator is published', () => {
  it('serves the credentials while demo data is on, and not with DEMO_DATA=0', { timeout: 180_000 }, async () => {
    for (const [env, expected] of [[{}, { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }], [{ DEMO_DATA: '0' }, null]] as const) {
      const app = await startTestApp('pglite', env);
      try {
        const { data } = await new Client(app).gql('{ demoAdminCredentials { email password } }');
        expect(data.demoAdminCredentials).toEqual(expected);
      } finally {
        await app.close();
      }
    }
  });
});

// Through a real listening server, where the request's URL is built from the Host header.
describe('mailed links', () => {
  let database: TestDatabase;
  let server: http.Server;
  const mailer = new MemoryMailer();
  const dataDir = tmpDir();

  async function listen(env: Record<string, string>) {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'host-secret-host-secret-host-secret', NODE_ENV: 'test', PORT: '4321', ...env });
    const { app } = createApp({ config, database, mailer, limiter: memoryRateLimiter(), logger: createLogger('silent') });
    server = http.createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server.listen(4321, '127.0.0.1', resolve));
  }
  async function stop() {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  /** POST /api/auth/register with a forged Host header. */
  function registerWithHost(host: string, email: string, username: string) {
    const body = JSON.stringify({ name: username, email, username, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD });
    return new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: 4321, agent: false, path: '/api/auth/register', method: 'POST', headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }
  const linkTo = (email: string) => mailer.lastTo(email)!.text.match(/https?:\/\/\S+verify-email\S+/)![0];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('ignore a forged Host: without PUBLIC_URL they use the server\'s own origin', async () => {
    await listen({});
    try {
      expect(await registerWithHost('evil.example', 'host1@example.com', 'hostone')).toBe(201);
      expect(linkTo('host1@example.com')).toMatch(/^http:\/\/localhost:4321\/auth\/verify-email\?/);
    } finally {
      await stop();
    }
  });

  it('use PUBLIC_URL when it is set', async () => {
    await listen({ PUBLIC_URL: 'https://pit.example' });
    try {
      expect(await registerWithHost('evil.example', 'host2@example.com', 'hosttwo')).toBe(201);
      expect(linkTo('host2@example.com')).toMatch(/^https:\/\/pit\.example\/auth\/verify-email\?/);
    } finally {
      await stop();
    }
  });
});
