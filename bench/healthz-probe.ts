import { Worker } from 'node:worker_threads';
import { BASE } from './bounds-server.ts';

// How fast the server answers /healthz while bench/profile-bounds.ts loads it, and the goal it is
// held to.

export const HEALTHZ_P99_MS = Number(process.env.BENCH_HEALTHZ_P99_MS ?? 100);
if (!(HEALTHZ_P99_MS > 0)) throw new Error(`BENCH_HEALTHZ_P99_MS must be a positive number of milliseconds, not ${process.env.BENCH_HEALTHZ_P99_MS}`);

/** One /healthz answer: when it was asked and answered (ms on the shared clock, see `now`), how long it took. */
export interface Sample {
  start: number;
  end: number;
  ms: number;
  ok: boolean;
}

/** Milliseconds on a clock this thread and the probe's thread share. */
export const now = () => performance.timeOrigin + performance.now();

/**
 * Asks /healthz every 10 ms from a thread of its own, so this script's own work never delays it.
 * A failed or non-200 answer counts as not answered (ok: false, and as slow as it took).
 */
export function healthProbe(base = BASE) {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     const now = () => performance.timeOrigin + performance.now();
     let running = true;
     const samples = [];
     parentPort.on('message', () => { running = false; });
     (async () => {
       while (running) {
         const start = now();
         let ok = false;
         try {
           const res = await fetch(${JSON.stringify(`${base}/healthz`)});
           await res.arrayBuffer();
           ok = res.status === 200;
         } catch {}
         const end = now();
         samples.push({ start, end, ms: end - start, ok });
         await new Promise((r) => setTimeout(r, 10));
       }
       parentPort.postMessage(samples);
     })();`,
    { eval: true },
  );
  return {
    stop: () =>
      new Promise<Sample[]>((resolve) => {
        worker.once('message', (samples: Sample[]) => void worker.terminate().then(() => resolve(samples)));
        worker.postMessage('stop');
      }),
  };
}

export interface Latency {
  n: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles of the samples' durations (a failed answer counts as infinitely slow). */
export function latency(samples: Sample[]): Latency {
  const ms = samples.map((s) => (s.ok ? s.ms : Infinity)).sort((a, b) => a - b);
  const rank = (p: number) => ms[Math.max(0, Math.ceil((p / 100) * ms.length) - 1)] ?? NaN;
  return { n: ms.length, failed: samples.filter((s) => !s.ok).length, p50: rank(50), p99: rank(99), max: ms.at(-1) ?? NaN };
}

/** The samples in flight at any moment of [from, to]. */
export const during = (samples: Sample[], from: number, to: number) => samples.filter((s) => s.end >= from && s.start <= to);

export const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms === Infinity ? 'failed' : ms.toFixed(0));
