#!/usr/bin/env node
// Stand-in for Prisma's native `schema-engine` binary, which the CLI cannot download on our
// machines. prisma.config.ts points PRISMA_SCHEMA_ENGINE_BINARY here, so the ordinary commands
// (`prisma migrate dev --create-only`, `migrate diff`, `migrate status`, `migrate deploy`,
// `db push`, ...) work unchanged. PostgreSQL only.
//
// It speaks the native engine's protocol (the `SchemaEngineCLI` class in prisma/build/cli.js),
// and forwards every method to the WebAssembly build of the same engine (./wasm-engine.mjs)
// running over a patched @prisma/adapter-pg (./pg-adapter.mjs). That protocol is internal and
// undocumented: `npm run migrate:check` (prisma/check-migrations.ts) exercises it so a Prisma
// upgrade that breaks it fails loudly.
//
// Invocations made by the CLI:
//   shim --version                                 -> prints "schema-engine-cli <engine hash>"
//   shim --datasource '{"url":…}' cli can-connect-to-database|create-database
//                                                  -> one shot; exit 0 = ok, else JSON log lines on stderr
//   shim [--datamodels <file>]… [--datasource '{"url":…,"shadowDatabaseUrl":…}'] [--enabled-preview-features a,b]
//        [--extension-types json]                  -> JSON-RPC 2.0 server, one JSON message per line on stdin/stdout,
//                                                     JSON log lines on stderr; the CLI ends stdin to stop it.
// Set SCHEMA_ENGINE_SHIM_TRACE=<file> to append the argv and all RPC traffic to <file>.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import { loadRuntime, openEngine } from './wasm-engine.mjs';
import { databaseOf, pgMigrationFactory, withDatabase } from './pg-adapter.mjs';

const trace = process.env.SCHEMA_ENGINE_SHIM_TRACE
  ? (label, data) => fs.appendFileSync(process.env.SCHEMA_ENGINE_SHIM_TRACE, `${new Date().toISOString()} ${process.pid} ${label} ${typeof data === 'string' ? data : JSON.stringify(data)}\n`)
  : () => {};

function parseArgs(argv) {
  const args = { datamodels: [], datasource: {}, rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--version' || arg === '-V') args.version = true;
    else if (arg === '--datamodels') args.datamodels.push(argv[++i]);
    else if (arg === '--datasource') args.datasource = JSON.parse(argv[++i]);
    else if (arg === '--enabled-preview-features' || arg === '--extension-types') i++; // nothing to do for PostgreSQL here
    else args.rest.push(arg);
  }
  return args;
}

// ---- one-shot `cli` mode -------------------------------------------------------------------

// The CLI skips the first stderr line, then looks for the logger's ERROR line with an error code:
// P1003 (database missing) makes `migrate dev` create the database, anything else is shown.
function failOneShot(errorCode, message) {
  const line = (fields, level) => JSON.stringify({ level, target: 'schema_engine::logger', fields });
  process.stderr.write(line({ message: 'schema-engine shim (wasm)' }, 'INFO') + '\n');
  process.stderr.write(line({ message, ...(errorCode ? { error_code: errorCode } : {}) }, 'ERROR') + '\n');
  process.exit(1);
}

function connectionErrorCode(error, url) {
  const u = new URL(url);
  const where = `${u.hostname}:${u.port || 5432}`;
  if (error?.code === '3D000') return ['P1003', `Database \`${databaseOf(url)}\` does not exist on the database server at \`${where}\`.`];
  if (error?.code === '28P01' || error?.code === '28000') return ['P1000', `Authentication failed against database server at \`${where}\`: ${error.message}`];
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(error?.code)) {
    return ['P1001', `Can't reach database server at \`${where}\`\n\nPlease make sure your database server is running at \`${where}\`.`];
  }
  return [undefined, String(error?.message ?? error)];
}

async function oneShot(command, url) {
  if (!url) failOneShot(undefined, 'The datasource has no url.');
  const tryConnect = async (target) => {
    const client = new pg.Client({ connectionString: target });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
  };
  try {
    if (command === 'can-connect-to-database') {
      await (await tryConnect(url)).end();
    } else if (command === 'create-database') {
      const admin = await tryConnect(withDatabase(url, 'postgres'));
      try {
        await admin.query(`CREATE DATABASE "${databaseOf(url).replaceAll('"', '""')}"`);
      } finally {
        await admin.end();
      }
    } else {
      failOneShot(undefined, `schema-engine shim: unsupported cli command "${command}"`);
    }
  } catch (error) {
    failOneShot(...connectionErrorCode(error, url));
  }
  process.exit(0);
}

// ---- JSON-RPC server mode ------------------------------------------------------------------

async function serve({ datamodels, datasource }) {
  const schemaFiles = datamodels.map((file) => ({ path: file, content: fs.readFileSync(path.resolve(file), 'utf8') }));
  const factory = pgMigrationFactory(datasource.url ?? 'postgresql://postgres@127.0.0.1:5432/postgres', {
    shadowUrl: datasource.shadowDatabaseUrl,
  });
  let opened;
  // Opened lazily, at the first request: the wasm engine queries the database when it is created.
  const open = () => (opened ??= openEngine({ factory, schemaFiles, log: (line) => process.stderr.write(line + '\n') }));
  const engine = async () => (await open()).engine;

  const send = (message) => {
    trace('>>', message);
    process.stdout.write(JSON.stringify(message) + '\n');
  };

  // The native engine prints diff scripts by calling back into the CLI ("print"), which writes
  // them to its stdout and acknowledges. The wasm engine returns the script instead.
  let nextCallbackId = 1;
  const pendingCallbacks = new Map();
  const printToCli = (content) => new Promise((resolve) => {
    const id = `shim-print-${nextCallbackId++}`;
    pendingCallbacks.set(id, resolve);
    send({ jsonrpc: '2.0', id, method: 'print', params: { content } });
  });

  // createMigration and evaluateDataLoss need the shadow-database schema that only diff,
  // devDiagnostic and diagnoseMigrationHistory(optInToShadowDatabase) compute and cache in the
  // engine ("PostgreSQL shadow DB must be provided through an external factory" otherwise).
  // The native `migrate dev` calls devDiagnostic first on the same process, but warming up here
  // keeps the methods correct on their own.
  const warm = (e, params) => e.diagnoseMigrationHistory({
    migrationsList: params.migrationsList,
    optInToShadowDatabase: true,
    filters: params.filters,
  });

  const handlers = {
    async diff(params) {
      const { stdout, exitCode } = await (await engine()).diff(params);
      if (stdout) await printToCli(stdout.replace(/\n$/, ''));
      return { exitCode };
    },
    async evaluateDataLoss(params) {
      const e = await engine();
      await warm(e, params);
      return e.evaluateDataLoss(params);
    },
    async createMigration(params) {
      const e = await engine();
      await warm(e, params);
      return e.createMigration(params);
    },
    async getDatabaseVersion() {
      return (await engine()).version();
    },
    async ensureConnectionValidity() {
      await (await engine()).version();
      return {};
    },
  };

  async function handle(request) {
    const { id, method, params } = request;
    try {
      const handler = handlers[method];
      let result;
      if (handler) result = await handler(params);
      else {
        const e = await engine();
        if (typeof e[method] !== 'function' || method === 'free' || method === 'constructor') throw new Error(`schema-engine shim: method "${method}" is not supported by the wasm engine`);
        result = await e[method](params);
      }
      send({ jsonrpc: '2.0', id, result: result ?? {} });
    } catch (error) {
      // A RuntimeError is a Rust panic ("unreachable"): the wasm instance cannot be trusted after
      // it, so report a panic and exit 101 like the native engine.
      const isPanic = error instanceof WebAssembly.RuntimeError;
      // Errors raised in our adapter code reach the engine as "External error id#N": spell them out.
      const explain = (await opened?.catch(() => null))?.explain ?? String;
      const message = explain(error?.message ?? error);
      send({
        jsonrpc: '2.0',
        id,
        error: {
          code: 4466,
          message: 'An error happened. Check the data field for details.',
          data: { is_panic: isPanic, message, error_code: error?.code ?? null, meta: error?.meta ?? {} },
        },
      });
      if (isPanic) await shutdown(101);
    }
  }

  let shuttingDown;
  async function shutdown(code = 0) {
    shuttingDown ??= (async () => {
      try {
        if (opened) (await opened.catch(() => null))?.engine.free();
      } finally {
        await factory.disposeAll(); // drops temp shadow databases and closes the pools
        process.exit(code);
      }
    })();
    return shuttingDown;
  }

  // Engine methods take `&mut self`: run requests one after another, in arrival order.
  let queue = Promise.resolve();
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (!line.trim()) return;
    trace('<<', line);
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      process.stderr.write(JSON.stringify({ level: 'ERROR', fields: { message: `schema-engine shim: bad JSON on stdin: ${line.slice(0, 200)}` } }) + '\n');
      return;
    }
    if (message.method === undefined && pendingCallbacks.has(message.id)) {
      // The CLI's answer to one of our callbacks (print).
      pendingCallbacks.get(message.id)(message.result);
      pendingCallbacks.delete(message.id);
      return;
    }
    queue = queue.then(() => handle(message));
  });
  lines.on('close', () => {
    queue.then(() => shutdown(0));
  });
}

// ---- main ----------------------------------------------------------------------------------

const args = parseArgs(process.argv.slice(2));
trace('argv', process.argv.slice(2));
if (args.version) {
  const runtime = await loadRuntime();
  process.stdout.write(`schema-engine-cli ${runtime.version()}\n`);
  process.exit(0);
} else if (args.rest[0] === 'cli') {
  await oneShot(args.rest[1], args.datasource.url);
} else {
  await serve(args);
}
