// JavaScript budget of the first load of '/': sums the brotli size of every chunk the page loads
// (the entry, the floor's screen, and everything they import statically) from the web build's
// manifest, and exits non-zero above the budget (issue 11: at most 150 KB compressed; results and
// how they were measured in docs/lighthouse.md). Run after `vite build`:
//
//   tsx bench/js-budget.ts [--dir dist/web] [--max-kb 150]
//
// Dynamic imports other than the floor's screen are not counted: they load on other routes or on
// demand (a dialog, a chart). Chunks under 1 KB are not precompressed; their plain size counts.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** One entry of Vite's .vite/manifest.json (the fields this script reads). */
export type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/**
 * The modules whose code '/' runs besides the entry: React's renderer, which the entry imports in a
 * task of its own (web/main.tsx), and the screen of the index route (web/routes.tsx). A package's
 * key is its path from web/, which depends on where node_modules is: it is matched by its end.
 */
export const ROOT_PAGE_MODULES = ['index.html', 'node_modules/react-dom/client.js', 'screens/Market/TradingFloor/TradingFloor.tsx'];

export const DEFAULT_BUDGET_KB = 150;

/** The JavaScript files the given manifest keys load: themselves and their static imports, transitively. */
export function chunksLoadedBy(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: did web/routes.tsx or the entry change?`);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key in manifest ? key : (Object.keys(manifest).find((k) => k.endsWith(`/${key}`)) ?? key));
  return files;
}

/** Bytes the browser receives for a built file: its .br twin when the build made one. */
export function compressedSize(dir: string, file: string): number {
  const brotli = path.join(dir, `${file}.br`);
  return fs.statSync(fs.existsSync(brotli) ? brotli : path.join(dir, file)).size;
}

function main() {
  const { values } = parseArgs({ options: { dir: { type: 'string', default: 'dist/web' }, 'max-kb': { type: 'string', default: String(DEFAULT_BUDGET_KB) } } });
  const dir = path.resolve(values.dir);
  const budget = Number(values['max-kb']) * 1024;
  const manifestPath = path.join(dir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) {
    console.error(`${manifestPath} is missing: build the web app first (vite build with build.manifest on)`);
    process.exit(2);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const rows = chunksLoadedBy(manifest, ROOT_PAGE_MODULES)
    .map((file) => ({ file, bytes: compressedSize(dir, file) }))
    .sort((a, b) => b.bytes - a.bytes);
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  for (const row of rows) console.log(`${(row.bytes / 1024).toFixed(1).padStart(7)} KB  ${row.file}`);
  const verdict = total <= budget ? 'within' : 'OVER';
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  JavaScript of '/' (brotli), ${verdict} the budget of ${values['max-kb']} KB`);
  if (total > budget) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
