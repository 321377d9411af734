import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { PROFILE_LIMITS, type DataProfile, type ProfileKind, type ProfileLimits } from './profile.ts';

// Profiling runs in worker threads, off the event loop that answers requests: a wide or large
// file costs that thread time, never /healthz or anyone else's request. A worker has its own
// heap limit, so a profile that went wrong ends that worker, not the server. Workers are kept
// for the next upload a while (starting one costs more than many small profiles).

/** Workers profiling at once; further uploads wait their turn (the machines have 2 cores). */
const MAX_WORKERS = 2;
/** Past the time budget, how long the worker has to hand in its partial profile before it is ended. */
const GRACE_MS = 10_000;
/** An idle worker is ended after this long without a file. */
const IDLE_MS = 30_000;
const HEAP_MB = 128;
/**
 * The worker's young generation. V8's default lets it grow to tens of MiB while a large file's
 * chunks go through, each chunk garbage a moment later: most of a 500 MB upload's RSS growth
 * (bench/upload.ts; docs/decisions.md "Issue 28: storage on S3"). A few MiB keep it bounded.
 */
const YOUNG_MB = 4;

/** 'start' and 'end' of each profile: lets tests see that profiling is under way. */
export const profileEvents = new EventEmitter();

let running = 0;
const waiting: Array<() => void> = [];

/** A turn among MAX_WORKERS; the returned function hands it to the next in line. */
async function slot(): Promise<() => void> {
  if (running < MAX_WORKERS) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  return () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
}

interface Pooled {
  worker: Worker;
  idleTimer?: NodeJS.Timeout;
}
const idle: Pooled[] = [];
let lastJob = 0;

function spawnWorker(): Pooled {
  cachedScript ??= workerScript(workerFile());
  const worker = new Worker(cachedScript.script, { eval: cachedScript.eval, resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: YOUNG_MB } });
  const pooled: Pooled = { worker };
  worker.on('exit', () => {
    const i = idle.indexOf(pooled);
    if (i >= 0) idle.splice(i, 1);
  });
  // A job's own listener reports errors; this one keeps an idle worker's failure from being unhandled.
  worker.on('error', () => {});
  return pooled;
}

function takeWorker(): Pooled {
  const pooled = idle.pop();
  if (!pooled) return spawnWorker();
  clearTimeout(pooled.idleTimer);
  pooled.worker.ref();
  return pooled;
}

/** Kept for the next file, without keeping the process alive. */
function keepWorker(pooled: Pooled) {
  pooled.worker.unref();
  pooled.idleTimer = setTimeout(() => void pooled.worker.terminate(), IDLE_MS);
  pooled.idleTimer.unref();
  idle.push(pooled);
}

// Beside this module: profile.worker.ts in the sources (run through tsx), or profile.worker.js
// beside the server bundle (`npm run build:server` builds both into dist/server/).
function workerFile(): URL {
  for (const name of ['./profile.worker.js', './profile.worker.ts']) {
    const url = new URL(name, import.meta.url);
    if (fs.existsSync(url)) return url;
  }
  throw new Error(`profile.worker not found beside ${import.meta.url}`);
}

/**
 * How to start the worker. The bundle's .js starts as it is. A .ts file (under `tsx` or vitest)
 * needs tsx's loader, which Node 20 does not pass on to worker threads (neither the parent's
 * hooks nor `--import tsx` in execArgv): a two-line bootstrap registers it inside the worker.
 */
function workerScript(file: URL): { script: URL | string; eval: boolean } {
  if (!file.pathname.endsWith('.ts')) return { script: file, eval: false };
  const require = createRequire(import.meta.url);
  const tsxDir = path.dirname(require.resolve('tsx/package.json'));
  const pkg = JSON.parse(fs.readFileSync(path.join(tsxDir, 'package.json'), 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const api = pathToFileURL(path.join(tsxDir, pkg.exports['./esm/api']!.import.default)).href;
  return {
    script: `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); });`,
    eval: true,
  };
}

let cachedScript: { script: URL | string; eval: boolean } | undefined;

export interface WorkerProfileOptions {
  limits?: Partial<ProfileLimits>;
  onError?: (error: unknown) => void;
}

/**
 * Profiles `source` in a worker thread. Resolves to the profile, or null when the file has none or
 * the worker failed (out of memory, crashed, or past its time budget and the grace after it).
 */
export async function profileInWorker(kind: ProfileKind, source: Readable, opts: WorkerProfileOptions = {}): Promise<DataProfile | null> {
  const release = await slot();
  profileEvents.emit('start', kind);
  try {
    return await run(kind, source, opts);
  } catch (error) {
    // The worker could not even start (e.g. a bundle built without profile.worker.js).
    opts.onError?.(error);
    source.destroy();
    return null;
  } finally {
    release();
    profileEvents.emit('end', kind);
  }
}

function run(kind: ProfileKind, source: Readable, opts: WorkerProfileOptions): Promise<DataProfile | null> {
  const limits = opts.limits ?? {};
  const pooled = takeWorker();
  const { worker } = pooled;
  const id = ++lastJob;
  return new Promise((resolve) => {
    let settled = false;
    let ended = false;
    let pulling: Promise<void> = Promise.resolve();
    const iterator = source[Symbol.asyncIterator]();
    const pull = async () => {
      if (settled || ended) return;
      const next = await iterator.next();
      if (settled) return;
      if (next.done) {
        ended = true;
        worker.postMessage({ id, end: true });
        return;
      }
      const value = next.value as Buffer | string;
      // A copy of just these bytes (a Buffer may be a view on a larger pool), handed over without another copy.
      const chunk = typeof value === 'string' ? new Uint8Array(Buffer.from(value)) : new Uint8Array(value);
      worker.postMessage({ id, chunk }, [chunk.buffer]);
    };
    const onMessage = (message: { id: number; more?: true; done?: DataProfile | null; failed?: string }) => {
      if (message.id !== id) return;
      if (message.more) pulling = pulling.then(pull).catch((error) => finish(null, error));
      else if ('done' in message) finish(message.done ?? null, undefined, true);
      else if (message.failed !== undefined) finish(null, new Error(message.failed));
    };
    const onError = (error: Error) => finish(null, error);
    const onExit = (code: number) => finish(null, new Error(`profile worker exited with code ${code}`));
    const timer = setTimeout(() => finish(null, new Error('profiling took longer than its budget')), (limits.timeBudgetMs ?? PROFILE_LIMITS.timeBudgetMs) + GRACE_MS);
    function finish(profile: DataProfile | null, error?: unknown, reusable = false) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (error !== undefined) opts.onError?.(error);
      // Only a worker that finished its file cleanly profiles the next one.
      if (reusable) keepWorker(pooled);
      else void worker.terminate();
      source.destroy();
      resolve(profile);
    }
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage({ start: { id, kind, limits } });
  });
}
