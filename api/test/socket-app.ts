import fs from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { memoryRateLimiter } from '../rate-limiter.ts';
import { localDiskStorage, type FileStorage } from '../storage/storage.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';
import { MemoryMailer } from './harness.ts';

// The app behind a real listening socket, for what in-process fetch cannot show: a client that
// hangs up mid-file, multipart bodies as they arrive, programs (curl, python) run against it.

export interface SocketApp {
  database: TestDatabase;
  /** A fresh directory of its own: the app's data, its stored files under `files/`. */
  dataDir: string;
  storage: FileStorage;
  app: ReturnType<typeof createApp>;
  /** The mail the app sent (verification links). */
  mailer: MemoryMailer;
  server: Server;
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** Stops the server (hanging up on its clients), the app and the database, and removes dataDir. */
  close(): Promise<void>;
}

export interface SocketAppOptions {
  /** Names the data directory (`pit-<name>-...`). */
  name: string;
  /** A fixed port; any free one by default (other checkouts may run the same file at once). */
  port?: number;
  /** The stored files as the test wants them read; plain disk storage under dataDir by default. */
  storage?: (disk: FileStorage, filesDir: string) => FileStorage;
  /** `node`: the server's own listener (api/server.ts serves `app.listener`); `hono` (default): every path through Hono. */
  listener?: 'node' | 'hono';
}

export async function startSocketApp(kind: 'pglite' | 'postgres', opts: SocketAppOptions): Promise<SocketApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pit-${opts.name}-`));
  const database = await createTestDatabase(kind);
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: `${opts.name}-socket-app-session-secret-of-the-test`, NODE_ENV: 'test' });
  const filesDir = path.join(dataDir, 'files');
  const disk = localDiskStorage(filesDir);
  const storage = opts.storage ? opts.storage(disk, filesDir) : disk;
  const mailer = new MemoryMailer();
  const app = createApp({ config, database, storage, mailer, limiter: memoryRateLimiter(), logger: createLogger('silent') });
  const listener: RequestListener = opts.listener === 'node' ? app.listener : getRequestListener(app.app.fetch);
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  return {
    database,
    dataDir,
    storage,
    app,
    mailer,
    server,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
