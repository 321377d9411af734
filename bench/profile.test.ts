import { describe, expect, it } from 'vitest';
import { summarize } from './profile.ts';

// The profile summary: self time per function and per package, idle left out of the shares.
describe('bench:profile summary', () => {
  const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });
  const profile = {
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 3, 4] },
      { id: 2, callFrame: frame('(idle)') },
      { id: 3, callFrame: frame('execute', 'file:///app/node_modules/@graphql-tools/executor/esm/execute.js', 290), children: [5] },
      { id: 4, callFrame: frame('handler', 'file:///app/dist/server/server.js', 9) },
      { id: 5, callFrame: frame('writev', 'node:internal/stream_base_commons', 122) },
    ],
    // microseconds per sample: idle 600, execute 300, handler 100, writev 100 (busy 500)
    samples: [2, 3, 3, 3, 4, 5],
    timeDeltas: [600, 100, 100, 100, 100, 100],
  };

  it('shares busy time by package and by function, without idle', () => {
    const text = summarize(profile).join('\n');
    expect(text).toMatch(/busy 0\.0 s of 0\.0 s sampled \(45%\)/);
    expect(text).toContain(' 60.0%  @graphql-tools/executor');
    expect(text).toContain(' 20.0%  app (dist/server)');
    expect(text).toContain(' 20.0%  node core');
    expect(text).toContain(' 60.0%  execute @graphql-tools/executor:291');
    expect(text).not.toContain('(idle)');
  });
});
