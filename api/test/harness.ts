import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { createApp } from '../app.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import { createLogger, type Logger } from '../logger.ts';
import { memoryRateLimiter } from '../rate-limiter.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { EventBus } from '../events/event-bus.ts';
import { simulatedPaymentProvider, type PaymentProvider, type SimulatedPaymentProvider } from '../domain/payments/payment-provider.ts';

/** Records mail instead of sending it, so tests can read verification links. */
export class MemoryMailer implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail) {
    this.sent.push(mail);
  }
  lastTo(email: string): Mail | undefined {
    return [...this.sent].reverse().find((m) => m.to === email);
  }
  /** The verification token in the last mail to `email`. */
  tokenFor(email: string): string {
    const link = this.lastTo(email)?.text.match(/https?:\/\/\S+verify-email\S+/)?.[0];
    if (!link) throw new Error(`no verification mail to ${email}`);
    return new URL(link).searchParams.get('token')!;
  }
}

export interface TestApp {
  database: TestDatabase;
  config: Config;
  mailer: MemoryMailer;
  /** Timed work is not started in tests: run what is due with `jobs.runDue(now)`. */
  jobs: JobRunner;
  events: EventBus;
  /** The app's payment provider: the simulation, whose operations a test can count (startTestApp sets it). */
  paymentProvider?: SimulatedPaymentProvider;
  fetch(path: string, init?: RequestInit & { ip?: string }): Promise<Response>;
  close(): Promise<void>;
}

/** The whole app in-process against a fresh database; requests go through app.fetch. */
export async function startTestApp(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  opts: {
    onQuery?: (sql: string) => void;
    /** Stands between the app and the simulated provider (e.g. slows it down so calls overlap). */
    wrapPaymentProvider?: (simulated: SimulatedPaymentProvider) => PaymentProvider;
    /** Silent by default; a test reading the log lines gives its own. */
    logger?: Logger;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'test-secret-test-secret-test-secret', NODE_ENV: 'test', ...env });
  const database = await createTestDatabase(kind, opts.onQuery);
  const mailer = new MemoryMailer();
  const simulated = simulatedPaymentProvider();
  const paymentProvider = opts.wrapPaymentProvider ? opts.wrapPaymentProvider(simulated) : simulated;
  const { app, close, jobs, services } = createApp({ config, database, mailer, limiter: memoryRateLimiter(), logger: opts.logger ?? createLogger('silent'), paymentProvider });
  return {
    database,
    config,
    mailer,
    jobs,
    events: services.events,
    paymentProvider: simulated,
    async fetch(p, init = {}) {
      const { ip = '127.0.0.1', ...rest } = init;
      return app.fetch(new Request(`http://localhost${p}`, rest), { incoming: { socket: { remoteAddress: ip } } } as never);
    },
    async close() {
      await close();
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser-like client: keeps the cookies the server sets. */
export class Client {
  private cookies = new Map<string, string>();
  // Each client is its own browser on its own address, unless a test says otherwise.
  constructor(
    private readonly app: TestApp,
    readonly ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(p: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader);
    const res = await this.app.fetch(p, { ...init, headers, ip: this.ip });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      if (!value || attrs.some((a) => /max-age=0/i.test(a.trim()))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async json(method: string, p: string, body?: unknown): Promise<{ status: number; body: any; headers: Headers }> {
    const res = await this.request(p, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  }

  async gql<T = any>(query: string, variables: Record<string, unknown> = {}): Promise<{ data: T; errors?: any[] }> {
    const res = await this.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as { data: T; errors?: any[] };
  }
}

export const STRONG_PASSWORD = 'Sup3r#Secret';

/** Logs in an existing, verified user (fixtures give them STRONG_PASSWORD); returns the client. */
export async function logIn(app: TestApp, usernameOrEmail: string, password = STRONG_PASSWORD) {
  const client = new Client(app);
  const res = await client.json('POST', '/api/auth/login', { usernameOrEmail, password });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return client;
}

/** Registers and verifies a user through the API; returns a logged-in client. */
export async function signUp(app: TestApp, who: { name?: string; email: string; username: string; password?: string }) {
  const client = new Client(app);
  const password = who.password ?? STRONG_PASSWORD;
  const reg = await client.json('POST', '/api/auth/register', {
    name: who.name ?? who.username,
    email: who.email,
    username: who.username,
    password,
    confirmPassword: password,
  });
  if (reg.status !== 201) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  const token = app.mailer.tokenFor(who.email);
  await client.json('GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  const login = await client.json('POST', '/api/auth/login', { usernameOrEmail: who.username, password });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return client;
}
