import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The rooms of the repository and what each may import (docs/architecture.md). Every import of
// every source file is read; a file that imports what its room may not fails here, with its name.

const ROOT = path.resolve(import.meta.dirname, '..');

/** Source files under `dir` (relative to the root, with forward slashes), generated code left out. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file.split(path.sep).join('/')}`)
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\/(__generated__|generated|node_modules)\//.test(file));
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

/** What `file` imports: repository paths for relative imports, package names for the rest. */
function importsOf(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  return [...source.matchAll(IMPORT)].map((m) => {
    const spec = (m[1] ?? m[2] ?? m[3])!;
    return spec.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)) : spec;
  });
}

const ALL_FILES = [...sourcesUnder('api'), ...sourcesUnder('web'), ...sourcesUnder('prisma')];
const ALL_IMPORTS = new Map(ALL_FILES.map((file) => [file, importsOf(file)]));

/**
 * Tests, the harness, and what only they import (fixtures, test worlds): they may reach across
 * rooms to set things up. Found from the imports, so a new fixture needs no naming rule.
 */
function testSupport(): Set<string> {
  const support = new Set(ALL_FILES.filter((f) => /\.test\.tsx?$/.test(f) || f.startsWith('api/test/')));
  const importers = new Map<string, string[]>();
  for (const [file, targets] of ALL_IMPORTS) for (const t of targets) importers.set(t, [...(importers.get(t) ?? []), file]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const file of ALL_FILES) {
      const by = importers.get(file) ?? [];
      if (!support.has(file) && by.length > 0 && by.every((f) => support.has(f))) {
        support.add(file);
        grew = true;
      }
    }
  }
  return support;
}

const TEST_SUPPORT = testSupport();
const IMPORTS = new Map([...ALL_IMPORTS].filter(([file]) => !TEST_SUPPORT.has(file)));

/** Every `file -> import` where a file under `from` imports something under one of `forbidden`. */
function breaches(from: string | ((file: string) => boolean), forbidden: (target: string, file: string) => boolean): string[] {
  const inRoom = typeof from === 'string' ? (file: string) => file.startsWith(from) : from;
  return [...IMPORTS].flatMap(([file, targets]) => (inRoom(file) ? targets.filter((t) => forbidden(t, file)).map((t) => `${file} -> ${t}`) : []));
}

const under = (...prefixes: string[]) => (target: string) => prefixes.some((p) => target === p || target.startsWith(p.endsWith('/') ? p : `${p}/`));

/** The files that wire the app together: only api/server.ts (and tests) import them. */
const COMPOSITION = ['api/app.ts', 'api/server.ts', 'api/websocket.ts', 'api/startup.ts', 'api/shutdown.ts'];

describe('the rooms of api/', () => {
  it('reads the imports it checks', () => {
    expect(IMPORTS.size).toBeGreaterThan(300);
    expect(TEST_SUPPORT.has('api/domain/payments/payments.testbed.ts')).toBe(true);
    expect(IMPORTS.get('api/app.ts')).toContain('api/rest/router.ts');
  });

  it('the domain imports neither GraphQL, REST, HTTP nor the app', () => {
    expect(breaches('api/domain/', under('api/graphql', 'api/rest', 'api/http', 'api/context.ts', 'api/test', 'web', ...COMPOSITION))).toEqual([]);
  });

  it('GraphQL imports neither REST nor the app', () => {
    expect(breaches('api/graphql/', under('api/rest', ...COMPOSITION))).toEqual([]);
  });

  it('REST imports not the app that mounts it (no cycle through api/app.ts)', () => {
    expect(breaches('api/rest/', under(...COMPOSITION))).toEqual([]);
  });

  it('the infrastructure (database, events, jobs, mail, storage, auth, HTTP edge) imports neither GraphQL, REST nor the app', () => {
    const infrastructure = under('api/db', 'api/events', 'api/jobs', 'api/mail', 'api/storage', 'api/auth', 'api/http');
    // The /api guard of the HTTP edge answers its refusals in REST's error body (api/rest/respond.ts), nothing more of REST.
    const forbidden = (target: string) => under('api/graphql', 'api/rest', 'api/context.ts', ...COMPOSITION)(target) && target !== 'api/rest/respond.ts';
    expect(breaches(infrastructure, forbidden)).toEqual([]);
  });

  it('only api/server.ts imports the app', () => {
    expect(breaches((file) => file !== 'api/server.ts', under('api/app.ts'))).toEqual([]);
  });

  it('prisma/ imports nothing of the app', () => {
    expect(breaches('prisma/', under('api', 'web'))).toEqual([]);
  });
});

describe('the rooms of web/', () => {
  it('the web app imports nothing of api/', () => {
    expect(breaches('web/', under('api'))).toEqual([]);
  });

  it('components are presentational: no screen, no Relay, no GraphQL', () => {
    expect(breaches('web/components/', (t) => under('web/screens', 'web/relay', 'web/routes.tsx', 'web/main.tsx')(t) || /^(react-relay|relay-runtime)/.test(t))).toEqual([]);
  });

  it('a screen imports no other screen: its own folder, the shared parts and the frame only', () => {
    /** The screen a path is in (`Market/Browse`), if any: not the shared parts, the frame, nor an area's route table. */
    const screenOf = (file: string) => {
      const [area, screen, rest] = file.split('/').slice(2);
      if (area === 'shared' || area === 'Shell' || screen === 'shared' || rest === undefined) return undefined;
      return `${area}/${screen}`;
    };
    const belowRouteTables = (file: string) => file.startsWith('web/screens/') && (screenOf(file) !== undefined || file.includes('/shared/'));
    const otherScreen = (target: string, file: string) => target.startsWith('web/screens/') && screenOf(target) !== undefined && screenOf(target) !== screenOf(file);
    expect(breaches(belowRouteTables, otherScreen)).toEqual([]);
  });

  it('nothing below the route table imports it or the entry point', () => {
    expect(breaches(under('web/screens', 'web/components', 'web/relay', 'web/format', 'web/theme', 'web/session'), under('web/routes.tsx', 'web/main.tsx'))).toEqual([]);
  });
});
