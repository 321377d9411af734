import { parentPort, workerData } from 'node:worker_threads';
import { profileSource, type ProfileKind, type ProfileLimits } from './profile.ts';

// The worker thread that profiles one file (started by profile.runner.ts). The file's bytes
// arrive as messages, pulled a few chunks ahead, so the worker never holds more than that.

const port = parentPort!;
const { kind, limits } = workerData as { kind: ProfileKind; limits: Partial<ProfileLimits> };
const queue: Array<Buffer | null> = [];
let wake: (() => void) | null = null;

port.on('message', (message: { chunk?: Uint8Array; end?: true }) => {
  queue.push(message.chunk ? Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength) : null);
  wake?.();
});

async function* chunks(): AsyncGenerator<Buffer> {
  port.postMessage({ more: true });
  port.postMessage({ more: true });
  for (;;) {
    while (!queue.length) await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
    const chunk = queue.shift()!;
    if (chunk === null) return;
    port.postMessage({ more: true });
    yield chunk;
  }
}

profileSource(kind, chunks(), { limits }).then(
  (profile) => port.postMessage({ done: profile }),
  (error: unknown) => port.postMessage({ failed: error instanceof Error ? error.message : String(error) }),
);
