import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The server bench/profile-bounds.ts uploads to and streams from: the built one when there is one
// (with its profile worker), else the source through tsx.

export const PORT = Number(process.env.BENCH_PORT ?? 4303);
export const BASE = `http://127.0.0.1:${PORT}`;
export const ADMIN = { email: 'bench-admin@example.com', password: 'Bench#Profile1' };

export const rssMiB = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? NaN) / 1024;
export const MiB = 1024 * 1024;

export async function startServer(port = PORT, databaseUrl = process.env.BENCH_DATABASE_URL ?? '') {
  const bundle = path.resolve(process.env.BENCH_SERVER ?? 'dist/server/server.js');
  const bundled = fs.existsSync(bundle) && fs.existsSync(path.join(path.dirname(bundle), 'profile.worker.js'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-bench-profile-'));
  const args = bundled ? [bundle] : [path.resolve('node_modules/tsx/dist/cli.mjs'), 'api/server.ts'];
  const server = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_DATA: '0', LOG_LEVEL: 'warn', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { server, dataDir, bundled };
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill();
  throw new Error('the server did not start');
}

export async function login(): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ usernameOrEmail: ADMIN.email, password: ADMIN.password }) });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}
