import { describe, expect, it } from 'vitest';
import { cpuSecondsOf, median } from './cpu.ts';

describe('bench:cpu', () => {
  it('reads a process\'s CPU time from /proc and it grows with work', () => {
    const before = cpuSecondsOf(process.pid, 100);
    const until = Date.now() + 150;
    let spin = 0;
    while (Date.now() < until) spin++;
    expect(spin).toBeGreaterThan(0);
    const after = cpuSecondsOf(process.pid, 100);
    expect(before).toBeGreaterThan(0);
    expect(after - before).toBeGreaterThan(0.05);
  });

  it('takes the median of the rounds', () => {
    expect(median([9.4, 5.5, 10.2])).toBe(9.4);
    expect(median([3, 1, 2, 4])).toBe(3);
  });
});
