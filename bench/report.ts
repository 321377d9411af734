// docs/performance.md: its top part is written by the benchmarks, one section each
// (`npm run bench` and `npm run bench:scale`), so either can run alone without erasing the other;
// from KEPT_MARKER on the page is written by hand and kept as it is.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PlanReport, StatementPlan } from './market-data.ts';

const PAGE = 'docs/performance.md';
export const KEPT_MARKER = '<!-- Kept by npm run bench: everything below is written by hand from separate runs. -->';
const SECTIONS = ['run', 'scale'] as const;
export type Section = (typeof SECTIONS)[number];

const start = (id: Section) => `<!-- bench:${id} (written by the benchmark, replaced on each run) -->`;
const end = (id: Section) => `<!-- /bench:${id} -->`;

/** Replaces one generated section of docs/performance.md, keeping the other and the hand-written part. */
export function writeSection(id: Section, lines: string[], page = PAGE): void {
  const previous = fs.existsSync(page) ? fs.readFileSync(page, 'utf8') : '';
  const kept = previous.includes(KEPT_MARKER) ? previous.slice(previous.indexOf(KEPT_MARKER)) : KEPT_MARKER + '\n';
  const generated = previous.includes(KEPT_MARKER) ? previous.slice(0, previous.indexOf(KEPT_MARKER)) : '';
  const sections = new Map<Section, string>();
  for (const s of SECTIONS) {
    const from = generated.indexOf(start(s));
    const to = generated.indexOf(end(s));
    if (from >= 0 && to > from) sections.set(s, generated.slice(from, to + end(s).length));
  }
  sections.set(id, [start(id), ...lines, end(id)].join('\n'));
  const body = SECTIONS.flatMap((s) => (sections.has(s) ? [sections.get(s)!] : []));
  fs.mkdirSync(path.dirname(page), { recursive: true });
  fs.writeFileSync(page, ['# Performance', '', ...body.flatMap((b) => [b, '']), kept].join('\n'));
}

/** The 1-minute load average, sampled while a benchmark runs: how busy the shared machine was. */
export class LoadSampler {
  private samples: number[] = [os.loadavg()[0]!];
  private timer = setInterval(() => this.samples.push(os.loadavg()[0]!), 5_000).unref();

  now(): number {
    return os.loadavg()[0]!;
  }

  stop(): { min: number; max: number } {
    clearInterval(this.timer);
    this.samples.push(os.loadavg()[0]!);
    return { min: Math.min(...this.samples), max: Math.max(...this.samples) };
  }
}

function postgresVersion(): string {
  try {
    return execFileSync('psql', ['--version'], { encoding: 'utf8' }).trim().replace(/^psql \(PostgreSQL\) /, 'PostgreSQL ');
  } catch {
    return 'PostgreSQL';
  }
}

/** "2 cores (AMD EPYC ...), 7.8 GiB, Node v20.20.2, PostgreSQL 17.x on the same machine". */
export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ${postgresVersion()} on the same machine`;
}

export const utcNow = () => new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

/** Milliseconds as the tables show them: two decimals below 10 ms, whole above. */
export const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(0));

/** p50 and p99 as table cells: a dash when no request completed (nothing to take a percentile of). */
export const latencies = (r: { requests: number; p50: number; p99: number }) => (r.requests ? `${ms(r.p50)} | ${ms(r.p99)}` : '— | —');

const blocks = (p: StatementPlan) => `${p.sharedHit} hit${p.sharedRead ? `, ${p.sharedRead} read` : ''}`;

/** One row per statement: what it scans, its time and buffers (EXPLAIN ANALYZE, BUFFERS). */
export function planTable(plans: PlanReport[]): string[] {
  return [
    '| query | statement | reads | rows | execution ms | buffers (8 KiB) | seq scan on Contract |',
    '| --- | --- | --- | ---: | ---: | ---: | --- |',
    ...plans.flatMap((p) =>
      (['page', 'count'] as const).map((s) => {
        const plan = p[s];
        return `| ${p.name} | ${s === 'page' ? 'page of ids' : 'count'} | ${plan.scans.join('; ')} | ${plan.rows} | ${ms(plan.executionMs)} | ${blocks(plan)} | ${plan.seqScanOnContracts ? 'yes' : 'no'} |`;
      }),
    ),
  ];
}

/** The plans as PostgreSQL prints them, folded so the page stays readable. */
export function planTexts(title: string, plans: PlanReport[]): string[] {
  return [
    `<details><summary>${title}</summary>`,
    '',
    ...plans.flatMap((p) => [`${p.name}, page of ids:`, '', '```', p.page.text, '```', '', `${p.name}, count:`, '', '```', p.count.text, '```', '']),
    '</details>',
  ];
}
