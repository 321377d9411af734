import { parentPort } from 'node:worker_threads';
import { profileSource, type ProfileKind, type ProfileLimits } from './profile.ts';

// A worker thread that profiles files one at a time (started and reused by profile.runner.ts).
// A file's bytes arrive as messages, pulled two chunks ahead, so the worker never holds more;
// every message carries its job's id, so a chunk still in flight for a job that ended early
// (at a bound) is dropped instead of read as the next file's.

interface Job {
  id: number;
  queue: Array<Buffer | null>;
  wake: (() => void) | null;
}

const port = parentPort!;
let job: Job | null = null;

type Message = { start?: { id: number; kind: ProfileKind; limits: Partial<ProfileLimits> }; id?: number; chunk?: Uint8Array; end?: true };

port.on('message', (message: Message) => {
  if (message.start) {
    const { id, kind, limits } = message.start;
    job = { id, queue: [], wake: null };
    void run(job, kind, limits);
    return;
  }
  if (!job || message.id !== job.id) return;
  job.queue.push(message.chunk ? Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength) : null);
  job.wake?.();
});

async function* chunks(j: Job): AsyncGenerator<Buffer> {
  port.postMessage({ id: j.id, more: true });
  port.postMessage({ id: j.id, more: true });
  for (;;) {
    while (!j.queue.length) await new Promise<void>((resolve) => (j.wake = resolve));
    j.wake = null;
    const chunk = j.queue.shift()!;
    if (chunk === null) return;
    port.postMessage({ id: j.id, more: true });
    yield chunk;
  }
}

async function run(j: Job, kind: ProfileKind, limits: Partial<ProfileLimits>) {
  try {
    port.postMessage({ id: j.id, done: await profileSource(kind, chunks(j), { limits }) });
  } catch (error) {
    port.postMessage({ id: j.id, failed: error instanceof Error ? error.message : String(error) });
  }
}
