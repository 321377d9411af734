import { execFile } from 'node:child_process';
import fs from 'node:fs';
import crypto from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/databases.ts';
import type { TestApp } from '../../test/harness.ts';
import { makeUser } from '../../test/market-fixtures.ts';
import { startSocketApp, type SocketApp } from '../../test/socket-app.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { makeListing, makePurchase, sha256 } from './delivery.fixtures.ts';
import { dataExample, EXAMPLE_LANGUAGES, type ExampleLanguage, type ExampleTarget } from '../../../web/screens/Commerce/MyData/dataExamples.ts';

// The data library's examples (web/screens/Commerce/MyData/dataExamples.ts) are what a buyer
// pastes into a terminal: each one runs here, as written, with curl, Debian's Python (requests)
// and Node.js, against a listening server. A download cut short resumes into the same file, and only
// into the same version of it (If-Range); a complete file is done; a link listing answers its link.

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
  let live: SocketApp;
  let database: TestDatabase;
  let dataDir = '';
  let storage: FileStorage;
  let origin = '';
  let target: Bought;
  let ids: { seller: string; buyer: string };
  const rows = Array.from({ length: 500 }, (_, i) => `${i},ticker ${i},${(i * 1.5).toFixed(2)}`);
  const csv = `id,name,price\n${rows.join('\n')}\n`;
  const app = () => ({ database }) as unknown as TestApp;

  /** Attaches `content` to the listing as its newest data file: what the download serves from now on. */
  async function publish(contractId: string, content: string) {
    const storageKey = `uploads/${ids.seller}/${crypto.randomUUID()}.csv`;
    await storage.write(storageKey, Readable.from([content]));
    await database.prisma.dataFile.create({
      data: { uploaderId: ids.seller, contractId, fileName: 'prices.csv', contentType: 'text/csv', size: BigInt(Buffer.byteLength(content)), sha256: sha256(content), storageKey },
    });
  }

  /** A listing of its own (with `content` as its file, unless it is a link listing), bought by the buyer: the examples' target. */
  type Bought = ExampleTarget & { purchaseId: string };
  async function bought(title: string, content: string | null, listing: Partial<Parameters<typeof makeListing>[1]> = {}): Promise<Bought> {
    const contract = await makeListing(app(), { providerId: ids.seller, title, ...listing });
    if (content !== null) await publish(contract.id, content);
    const { key, purchase } = await makePurchase(app(), { buyerId: ids.buyer, sellerId: ids.seller, contractId: contract.id });
    return { purchaseId: purchase.id, origin, downloadPath: `/api/data/download/${contract.id}`, streamPath: `/api/data/stream/${contract.id}`, apiKey: key!.key, fileName: 'data.csv' };
  }

  beforeAll(async () => {
    live = await startSocketApp('pglite', { name: 'examples' });
    ({ database, dataDir, storage, base: origin } = live);
    const seller = await makeUser(database.prisma, 'seller', { dueDiligenceStatus: 'approved' });
    const buyer = await makeUser(database.prisma, 'buyer');
    ids = { seller: seller.id, buyer: buyer.id };
    target = await bought('Prices', csv);
  }, 240_000);

  afterAll(async () => {
    await live?.close();
  });

  const workDir = () => fs.mkdtempSync(path.join(dataDir, 'run-'));

  it.each(EXAMPLE_LANGUAGES)('%s: the download saves the file, finishes one that was cut short, and is done on a complete one', async (language) => {
    const example = dataExample(language, 'download', target);
    const fresh = workDir();
    await RUNNERS[language].run(example, fresh);
    expect(sha256(fs.readFileSync(path.join(fresh, 'data.csv')))).toBe(sha256(csv));

    // A download that broke off after 1,000 bytes: running the example again fetches only the rest.
    fs.truncateSync(path.join(fresh, 'data.csv'), 1000);
    await RUNNERS[language].run(example, fresh);
    expect(fs.readFileSync(path.join(fresh, 'data.csv'), 'utf8')).toBe(csv);

    // Once more on the complete file: nothing changes, and it succeeds (exit 0) saying so (the
    // server's 416 means nothing is left to send).
    const { stdout } = await RUNNERS[language].run(example, fresh);
    expect(stdout).toContain('already complete');
    expect(fs.readFileSync(path.join(fresh, 'data.csv'), 'utf8')).toBe(csv);
    // The server's log: the whole file, then only the rest (206), then nothing left (416).
    const rows = await database.prisma.apiKeyUsage.findMany({ where: { purchaseId: target.purchaseId, action: 'download' }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 3 });
    expect(rows.map((r) => r.statusCode).reverse()).toEqual([200, 206, 416]);
  });

  it.each(EXAMPLE_LANGUAGES)('%s: a part of another version is never resumed into a mix of two files: the new version comes whole', async (language) => {
    const v1 = csv;
    const v2 = `id,name,price,volume\n${rows.map((r, i) => `${r},${i * 7}`).join('\n')}\n`;
    const v3 = 'id,name,price\n1,only,1.00\n';
    const versioned = await bought(`Versioned ${language}`, v1);
    const example = dataExample(language, 'download', versioned);
    const cwd = workDir();
    const saved = () => fs.readFileSync(path.join(cwd, 'data.csv'), 'utf8');
    await RUNNERS[language].run(example, cwd);
    expect(saved()).toBe(v1);

    // The download broke off; meanwhile the provider uploaded a new version of the data.
    fs.truncateSync(path.join(cwd, 'data.csv'), 1000);
    await publish(versioned.downloadPath.split('/').pop()!, v2);
    await RUNNERS[language].run(example, cwd);
    expect(sha256(saved())).toBe(sha256(v2));
    expect((await RUNNERS[language].run(example, cwd)).stdout).toContain('already complete');
    expect(sha256(saved())).toBe(sha256(v2));

    // A complete file of an older version (here longer than the new one) is replaced, not kept.
    await publish(versioned.downloadPath.split('/').pop()!, v3);
    await RUNNERS[language].run(example, cwd);
    expect(saved()).toBe(v3);
  });

  it.each(EXAMPLE_LANGUAGES)('%s: a listing delivered by link gets its link and instructions, and no data file is written', async (language) => {
    const linked = await bought(`Linked ${language}`, null, { dataAccessType: 'external_link', dataAccessUrl: 'https://data.provider.example/exports', accessInstructions: 'Sign in with the email you bought with.' });
    const cwd = workDir();
    const { stdout } = await RUNNERS[language].run(dataExample(language, 'link', linked), cwd);
    expect(stdout).toContain('https://data.provider.example/exports');
    expect(stdout).toContain('Sign in with the email you bought with.');
    expect(fs.readdirSync(cwd).filter((f) => !f.startsWith('example.'))).toEqual([]);
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
