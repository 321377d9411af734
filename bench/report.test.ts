import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEPT_MARKER, writeSection } from './report.ts';

describe('writeSection', () => {
  it('replaces its own section and keeps the other one and the hand-written part', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-report-'));
    const page = path.join(dir, 'performance.md');
    fs.writeFileSync(page, `# Performance\n\nold figures without sections\n\n${KEPT_MARKER}\n\n## Reading the numbers\n\nby hand\n`);

    writeSection('scale', ['scale one'], page);
    writeSection('run', ['run one'], page);
    writeSection('scale', ['scale two'], page);

    const text = fs.readFileSync(page, 'utf8');
    expect(text).not.toContain('old figures');
    expect(text).not.toContain('scale one');
    expect(text.indexOf('run one')).toBeLessThan(text.indexOf('scale two'));
    expect(text.indexOf('scale two')).toBeLessThan(text.indexOf(KEPT_MARKER));
    expect(text.endsWith(`${KEPT_MARKER}\n\n## Reading the numbers\n\nby hand\n`)).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
