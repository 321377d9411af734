import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { createLogger } from './logger.ts';
import { createApp } from './app.ts';
import { attachGraphQLWebSocket } from './websocket.ts';
import { ensureAdmin } from './domain/accounts/accounts.service.ts';
import { seedDemoData } from './demo/seed.ts';

// The only file that listens: one process, one port, for /graphql (HTTP + WebSocket), /api, the
// web app, /healthz and /readyz.
const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const applied = await database.migrate();
logger.info({ database: database.kind, applied }, applied.length ? 'migrations applied' : 'database schema up to date');

if (config.adminEmail && config.adminPassword) {
  await ensureAdmin(database.prisma, { email: config.adminEmail, password: config.adminPassword });
  logger.info({ email: config.adminEmail }, 'administrator ready');
}
if (config.demoData) {
  const seeded = await seedDemoData(database.prisma);
  if (seeded) logger.info(seeded, 'demo data seeded');
}

const { app, yoga, origins, close } = createApp({ config, database, logger });
const server = createServer(getRequestListener(app.fetch));

const websocket = attachGraphQLWebSocket(server, yoga, origins);

server.listen(config.port, () => logger.info({ port: config.port, url: `http://localhost:${config.port}` }, 'DATA PIT is listening'));

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  websocket.close();
  server.close();
  server.closeIdleConnections();
  await new Promise((resolve) => setTimeout(resolve, 200));
  server.closeAllConnections();
  await close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
