// `npm run bench:cpu -- "<case name part>" [rounds]`: the server's CPU time per answered request for
// one case of bench/cases.ts, per round of wrk and as the median of the rounds. It says how much work
// one answer costs rather than how fast the machine answered: a request that waits on PostgreSQL
// costs nothing here while it waits. On this shared 2-core host it still moves between rounds (the
// uncached floor page 5.5-10 ms in one run, `{ __typename }` steady at 0.6 ms), so compare medians of
// runs made in the same hour (docs/performance.md "How to run"). Linux only: it reads /proc.
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cases, caseHeaders, casePath, checkCase, prepareTarget } from './cases.ts';
import { prepareMarket } from './market-data.ts';
import { scratchDatabase } from './pay-server.ts';
import { startApp, stopProcess } from './servers.ts';
import { runWrk } from './wrk.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4981);
const ROUND_SECONDS = 6;

/** CPU seconds (user + system) a process has used so far. */
export function cpuSecondsOf(pid: number, ticksPerSecond: number): number {
  // /proc/<pid>/stat: the fields after the command name (which may hold spaces) start at "state";
  // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after it.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const [pattern, roundsArg] = process.argv.slice(2);
  const c = cases.find((x) => pattern && x.name.toLowerCase().includes(pattern.toLowerCase()));
  if (!c) throw new Error(`name a case (part of its name): ${cases.map((x) => JSON.stringify(x.name)).join(', ')}`);
  const rounds = Number(roundsArg ?? 5);
  const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const db = await scratchDatabase('bench_cpu');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cpu-'));
  let app: ChildProcess | undefined;
  try {
    await prepareMarket({ url: db.url });
    app = await startApp({ port: PORT, dataDir, databaseUrl: db.url });
    const target = await prepareTarget(`http://127.0.0.1:${PORT}`);
    await checkCase(c, target);
    const req = { url: target.base + casePath(c, target), method: c.method, headers: caseHeaders(c, target), body: c.body, varyingBody: c.varyingBody };
    await runWrk(req, { connections: 10, seconds: 3 });
    const perRequest: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const before = cpuSecondsOf(app.pid!, ticksPerSecond);
      const result = await runWrk(req, { connections: 10, seconds: ROUND_SECONDS });
      const spent = cpuSecondsOf(app.pid!, ticksPerSecond) - before;
      if (result.non2xx || result.socketErrors) throw new Error(`${c.name}: ${result.non2xx} answers of 400 or more, ${result.socketErrors} socket errors`);
      perRequest.push((spent * 1000) / result.requests);
      console.log(`round ${i + 1}: ${result.rps.toFixed(0)} req/s, ${perRequest.at(-1)!.toFixed(2)} ms of server CPU per request`);
    }
    console.log(`${c.name}: median ${median(perRequest).toFixed(2)} ms of server CPU per request (${rounds} rounds of ${ROUND_SECONDS} s, 10 connections)`);
  } finally {
    if (app) await stopProcess(app);
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
