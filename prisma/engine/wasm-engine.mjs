// Loads Prisma's schema engine compiled to WebAssembly, so migrations can be authored on machines
// where the CLI cannot download its native schema engine.
//
// We take the JS glue from @prisma/schema-engine-wasm but the .wasm from the installed `prisma`
// package (build/schema_engine_bg.wasm): that is the exact engine build the CLI was released with,
// so the shim always matches the CLI even if the two packages drift apart. The glue's own
// entry point (`schema_engine.js`) does `import ... from "./x.wasm"`, which Node 20 cannot load,
// so we instantiate the module by hand, the same way @prisma/internals' wasm loader does.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';

const require = createRequire(import.meta.url);

export const wasmFile = path.join(
  path.dirname(require.resolve('prisma/package.json')),
  'build/schema_engine_bg.wasm',
);

let runtimePromise;

/** Instantiates the wasm module once per process and returns the glue module (SchemaEngine, version). */
export function loadRuntime() {
  runtimePromise ??= (async () => {
    const runtime = await import('@prisma/schema-engine-wasm/schema_engine_bg');
    const imports = { ...runtime };
    // After each command the engine arms a ~10 s timer (connection idle handling). Left as is it
    // keeps Node's event loop alive, so every CLI call would hang for 10 s before exiting: unref it.
    for (const key of Object.keys(runtime)) {
      if (key.startsWith('__wbg_setTimeout_')) {
        imports[key] = (fn, ms) => {
          const timer = setTimeout(fn, ms >>> 0);
          timer.unref?.();
          return timer;
        };
      }
    }
    const instance = new WebAssembly.Instance(new WebAssembly.Module(fs.readFileSync(wasmFile)), {
      './schema_engine_bg.js': imports,
    });
    runtime.__wbg_set_wasm(instance.exports);
    instance.exports.__wbindgen_start();
    return runtime;
  })();
  return runtimePromise;
}

/**
 * Opens a wasm SchemaEngine over a driver adapter factory
 * ({ provider, adapterName, connect(), connectToShadowDb() }).
 * schemaFiles: [{ path, content }] — the datamodels the engine starts with (may be empty).
 * log(line) receives the engine's JSON log lines.
 * Returns { engine, explain(message) }: errors thrown by the factory or an adapter reach the engine
 * only as "External error id#N"; explain() puts the registered error's own message next to it
 * (what @prisma/client does with the same registry).
 */
export async function openEngine({ factory, schemaFiles = [], log = () => {} }) {
  const runtime = await loadRuntime();
  const datamodels = schemaFiles.length ? schemaFiles.map((f) => [f.path, f.content]) : undefined;
  const bound = bindMigrationAwareSqlAdapterFactory(factory);
  const engine = await runtime.SchemaEngine.new({ datamodels }, log, bound);
  const explain = (message) => String(message).replace(/External error id#(\d+)/g, (text, id) => {
    const registered = bound.errorRegistry.consumeError(Number(id));
    return registered?.error?.message ? `${text}: ${registered.error.message}` : text;
  });
  return { engine, explain };
}
