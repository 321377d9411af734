import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRequestListener } from '@hono/node-server';
import { createApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { memoryRateLimiter } from '../../rate-limiter.ts';
import { createTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { MemoryMailer, type TestApp } from '../../test/harness.ts';
import { makeUser } from '../../test/market-fixtures.ts';
import { localDiskStorage } from '../../storage/storage.ts';
import { makeListing, makePurchase, sha256 } from './delivery.fixtures.ts';
import { dataExample, EXAMPLE_LANGUAGES, type ExampleLanguage, type ExampleTarget } from '../../../web/screens/Commerce/MyData/dataExamples.ts';

// The data library's examples (web/screens/Commerce/MyData/dataExamples.ts) are what a buyer
// pastes into a terminal: each one runs here, as written, with curl, Debian's Python (requests)
// and Node.js, against a listening server. A download cut short resumes into the same file.

const run = promisify(execFile);

/** How each language's example is run: its program and the file the code is saved to, if any. */
const RUNNERS: Record<ExampleLanguage, { run: (code: string, cwd: string) => Promise<{ stdout: string }> }> = {
  curl: {
    // The example is a shell command line (with \ line continuations).
    run: (code, cwd) => run('/bin/sh', ['-c', code], { cwd }),
  },
  python: {
    run: (code, cwd) => (fs.writeFileSync(path.join(cwd, 'example.py'), code), run('/usr/bin/python3', ['example.py'], { cwd })),
  },
  javascript: {
    run: (code, cwd) => (fs.writeFileSync(path.join(cwd, 'example.mjs'), code), run(process.execPath, ['example.mjs'], { cwd })),
  },
};

describe('the data library examples, run against a live server', () => {
  let database: TestDatabase;
  let server: Server;
  let dataDir = '';
  let closeApp: () => Promise<void>;
  let target: ExampleTarget;
  const rows = Array.from({ length: 500 }, (_, i) => `${i},ticker ${i},${(i * 1.5).toFixed(2)}`);
  const csv = `id,name,price\n${rows.join('\n')}\n`;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pit-examples-'));
    database = await createTestDatabase('pglite');
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'examples-secret-examples-secret-e', NODE_ENV: 'test' });
    const storage = localDiskStorage(path.join(dataDir, 'files'));
    const created = createApp({ config, database, storage, mailer: new MemoryMailer(), limiter: memoryRateLimiter(), logger: createLogger('silent') });
    closeApp = created.close;
    server = createServer(getRequestListener(created.app.fetch));
    // Port 4415: this file's share of the test range.
    await new Promise<void>((resolve) => server.listen(4415, '127.0.0.1', resolve));
    const app = { database } as unknown as TestApp;
    const seller = await makeUser(database.prisma, 'seller', { dueDiligenceStatus: 'approved' });
    const storageKey = `uploads/${seller.id}/prices.csv`;
    await storage.write(storageKey, Readable.from([csv]));
    const stored = await database.prisma.dataFile.create({
      data: { uploaderId: seller.id, fileName: 'prices.csv', contentType: 'text/csv', size: BigInt(Buffer.byteLength(csv)), sha256: sha256(csv), storageKey },
    });
    const contract = await makeListing(app, { providerId: seller.id, title: 'Prices', fileId: stored.id });
    const buyer = await makeUser(database.prisma, 'buyer');
    const { key } = await makePurchase(app, { buyerId: buyer.id, sellerId: seller.id, contractId: contract.id });
    target = {
      origin: 'http://127.0.0.1:4415',
      downloadPath: `/api/data/download/${contract.id}`,
      streamPath: `/api/data/stream/${contract.id}`,
      apiKey: key!.key,
      fileName: 'data.csv',
    };
  }, 240_000);

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await closeApp?.();
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const workDir = () => fs.mkdtempSync(path.join(dataDir, 'run-'));

  it.each(EXAMPLE_LANGUAGES)('%s: the download saves the file, and finishes one that was cut short', async (language) => {
    const example = dataExample(language, 'download', target);
    const fresh = workDir();
    await RUNNERS[language].run(example, fresh);
    expect(sha256(fs.readFileSync(path.join(fresh, 'data.csv')))).toBe(sha256(csv));

    // A download that broke off after 1,000 bytes: running the example again fetches only the rest.
    const resumed = workDir();
    fs.writeFileSync(path.join(resumed, 'data.csv'), csv.slice(0, 1000));
    await RUNNERS[language].run(example, resumed);
    expect(fs.readFileSync(path.join(resumed, 'data.csv'), 'utf8')).toBe(csv);

    // Once more on the complete file: nothing changes (curl -f reports the server's 416, "nothing
    // left to send", as an error; Python and JavaScript say "already complete").
    const again = RUNNERS[language].run(example, resumed);
    if (language === 'curl') await expect(again).rejects.toThrow(/416/);
    else expect((await again).stdout).toContain('already complete');
    expect(fs.readFileSync(path.join(resumed, 'data.csv'), 'utf8')).toBe(csv);
  });

  it.each(EXAMPLE_LANGUAGES)('%s: the stream reads one JSON object per row', async (language) => {
    const cwd = workDir();
    const { stdout } = await RUNNERS[language].run(dataExample(language, 'stream', target), cwd);
    // curl saves the lines; Python and JavaScript print each parsed row.
    const text = language === 'curl' ? fs.readFileSync(path.join(cwd, 'data.ndjson'), 'utf8') : stdout;
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(rows.length);
    if (language === 'curl') expect(JSON.parse(lines[7]!)).toEqual({ id: '7', name: 'ticker 7', price: '10.50' });
    else expect(lines[7]).toMatch(/ticker 7/);
  });

  it.each(EXAMPLE_LANGUAGES)('%s: a wrong key fails loudly instead of saving an error as data', async (language) => {
    const cwd = workDir();
    const wrong = { ...target, apiKey: `${target.apiKey.slice(0, -4)}xxxx` };
    await expect(RUNNERS[language].run(dataExample(language, 'download', wrong), cwd)).rejects.toThrow();
    expect(fs.existsSync(path.join(cwd, 'data.csv')) && fs.readFileSync(path.join(cwd, 'data.csv'), 'utf8').includes('id,name')).toBe(false);
  });
});
