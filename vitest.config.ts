import { defineConfig } from 'vitest/config';

export default defineConfig({
  // graphql@16 has no "exports" map: Node hands Pothos/Yoga index.js while Vite would hand our own
  // files index.mjs, giving two copies of graphql. Point both at the same file.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    include: ['api/**/*.test.ts', 'prisma/**/*.test.ts', 'web/**/*.test.ts', 'bench/**/*.test.ts', 'sdk/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file opens its own embedded database; two at a time fits the 2-core machines.
    maxWorkers: 2,
    env: { NODE_ENV: 'test' },
    // migrates one embedded database per run; each test database starts from its dump
    globalSetup: ['api/test/pglite-template.ts'],
  },
});
