// The load generator: wrk (Debian's `wrk` package), a separate process, so a fast baseline is not
// capped by a generator sharing its CPU with Node's event loop. Each run gets a small Lua script:
// method, headers and body, optionally a body that changes with every request, and a `done` hook
// that prints the exact figures as one JSON line (wrk's own text output rounds and mixes units).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where a varying body takes its per-request counter. */
export const COUNTER = '{{n}}';

export interface WrkRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** The same body on every request. */
  body?: string;
  /** A body in which COUNTER is replaced by a number that differs on every request. */
  varyingBody?: string;
}

export interface WrkOptions {
  connections: number;
  seconds: number;
  threads?: number;
  /** A request slower than this counts as a timeout (wrk's default of 2 s is short for 1M rows). */
  timeoutSeconds?: number;
}

export interface WrkResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers with a status of 400 or more (wrk counts those, not 3xx). */
  non2xx: number;
  /** Connect, read and write errors and timeouts. */
  socketErrors: number;
}

const RESULT_PREFIX = 'WRK_RESULT ';

export function wrkAvailable(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/** A Lua long string that no `]=*]` inside `text` can close early. */
function luaString(text: string): string {
  let level = 0;
  while (text.includes(`]${'='.repeat(level)}]`)) level++;
  const eq = '='.repeat(level);
  // A newline right after the opening bracket is dropped by Lua: add one so a leading one stays.
  return `[${eq}[\n${text}]${eq}]`;
}

export function luaScript(req: WrkRequest): string {
  const lines = [`wrk.method = "${req.method ?? 'GET'}"`];
  for (const [name, value] of Object.entries(req.headers ?? {})) lines.push(`wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`);
  if (req.body !== undefined) lines.push(`wrk.body = ${luaString(req.body)}`);
  if (req.varyingBody !== undefined) {
    const at = req.varyingBody.indexOf(COUNTER);
    if (at < 0) throw new Error(`a varying body needs ${COUNTER} in it`);
    const before = req.varyingBody.slice(0, at);
    const after = req.varyingBody.slice(at + COUNTER.length);
    // Each wrk thread has its own Lua state: setup() (in the main state) gives every thread its
    // own range, so no two requests of a run carry the same number.
    lines.push(
      `local before = ${luaString(before)}`,
      `local after = ${luaString(after)}`,
      'local threads = 0',
      'function setup(thread) threads = threads + 1; thread:set("first", threads * 1000000000) end',
      'local n = nil',
      'function request() n = (n or first) + 1; return wrk.format(nil, nil, nil, before .. n .. after) end',
    );
  }
  lines.push(
    'function done(summary, latency, requests)',
    '  local e = summary.errors',
    `  io.write(string.format("${RESULT_PREFIX}{\\"requests\\":%d,\\"micros\\":%d,\\"p50\\":%d,\\"p99\\":%d,\\"status\\":%d,\\"socket\\":%d}\\n",`,
    '    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status, e.connect + e.read + e.write + e.timeout))',
    'end',
  );
  return lines.join('\n') + '\n';
}

export async function runWrk(req: WrkRequest, opts: WrkOptions): Promise<WrkResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  const script = path.join(dir, 'case.lua');
  fs.writeFileSync(script, luaScript(req));
  const args = ['-t', String(opts.threads ?? 1), '-c', String(opts.connections), '-d', `${opts.seconds}s`, '--timeout', `${opts.timeoutSeconds ?? 10}s`, '-s', script, req.url];
  try {
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      // wrk stops by itself after its duration; this only guards against a hung process.
      const guard = setTimeout(() => child.kill('SIGKILL'), (opts.seconds + 30 + (opts.timeoutSeconds ?? 10)) * 1000);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(guard);
        resolve({ code, stdout, stderr });
      });
    });
    const line = stdout.split('\n').find((l) => l.startsWith(RESULT_PREFIX));
    if (code !== 0 || !line) throw new Error(`wrk ${args.join(' ')} failed (exit ${code}): ${stderr.trim() || stdout.trim()}`);
    const r = JSON.parse(line.slice(RESULT_PREFIX.length)) as { requests: number; micros: number; p50: number; p99: number; status: number; socket: number };
    const seconds = r.micros / 1e6;
    return {
      requests: r.requests,
      seconds,
      rps: seconds > 0 ? r.requests / seconds : 0,
      p50: r.p50 / 1000,
      p99: r.p99 / 1000,
      non2xx: r.status,
      socketErrors: r.socket,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
