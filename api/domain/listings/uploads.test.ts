import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDatabase } from '../../test/databases.ts';
import { Client, STRONG_PASSWORD, type TestApp } from '../../test/harness.ts';
import { makeUser } from '../../test/market-fixtures.ts';
import { startSocketApp, type SocketApp } from '../../test/socket-app.ts';
import { PROFILE_LIMITS } from './profile.ts';
import { profileEvents } from './profile.runner.ts';

// POST /api/uploads and GET /api/files/{id}/download through a real listening server: malformed
// multipart bodies, file names beyond ASCII, and files that hit the profiler's bounds (while
// one is profiled, /healthz keeps answering).

/** A multipart body whose file part is produced lazily (large files are never built in memory). */
function multipart(disposition: string, parts: () => Generator<string | Buffer>) {
  const boundary = `----pit${crypto.randomBytes(8).toString('hex')}`;
  const chunks = (function* () {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: application/octet-stream\r\n\r\n`);
    for (const part of parts()) yield Buffer.isBuffer(part) ? part : Buffer.from(part);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  })();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, duplex: 'half' } as RequestInit;
}

const named = (fileName: string) => `filename="${fileName}"`;

describe.each(testDatabases())('uploads and downloads over HTTP on %s', (kind) => {
  let live: SocketApp;
  let database: TestDatabase;
  let base = '';
  let dataDir = '';
  let seller: Client;
  // When set, stored files are read back in one piece (as from a page cache or an object store):
  // profiling them gets no pause for disk reads in which other requests could slip through.
  let readInOnePiece = false;

  beforeAll(async () => {
    live = await startSocketApp(kind, {
      name: 'uploads',
      storage: (disk, filesDir) => ({
        ...disk,
        read: (key, range) => (readInOnePiece && !range ? Readable.from([fs.readFileSync(path.join(filesDir, key))]) : disk.read(key, range)),
      }),
    });
    ({ database, dataDir, base } = live);
    // The harness's Client, over the network instead of in-process.
    const overHttp: Pick<TestApp, 'fetch'> = {
      fetch: (p, init = {}) => {
        const { ip: _ip, ...rest } = init;
        return fetch(`${base}${p}`, rest);
      },
    };
    await makeUser(database.prisma, 'uploader', { dueDiligenceStatus: 'approved' });
    seller = new Client(overHttp as TestApp);
    const login = await seller.json('POST', '/api/auth/login', { usernameOrEmail: 'uploader', password: STRONG_PASSWORD });
    expect(login.status).toBe(200);
  });

  afterAll(async () => {
    await live?.close();
  });

  const upload = async (init: RequestInit) => {
    const res = await seller.request('/api/uploads', { method: 'POST', ...init });
    return { status: res.status, body: await res.json() };
  };
  const keptFiles = () => {
    const files = path.join(dataDir, 'files');
    return fs.existsSync(files) ? fs.readdirSync(files, { recursive: true }).filter((f) => /\.\w+$/.test(String(f))) : [];
  };

  describe('a malformed multipart body is a 400 with a message, and keeps nothing', () => {
    const boundary = 'xyzzy';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    it.each([
      ['a body that ends inside the file part', `${head}a,b\n1,2\n`],
      ['a body that ends inside the part headers', `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.csv"\r\n`],
      ['a body without any boundary line', 'just some bytes'],
      ['an empty body', ''],
    ])('%s', async (_name, body) => {
      const rowsBefore = await database.prisma.dataFile.count();
      const filesBefore = keptFiles().length;
      const res = await upload({ headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/multipart|field named "file"/);
      expect(await database.prisma.dataFile.count()).toBe(rowsBefore);
      expect(keptFiles()).toHaveLength(filesBefore);
    });

    it('a multipart content type without a boundary', async () => {
      const res = await upload({ headers: { 'content-type': 'multipart/form-data' }, body: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/multipart/);
    });

    it('the server still answers afterwards', async () => {
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    });
  });

  describe('file names beyond ASCII', () => {
    it.each([
      ['a UTF-8 name as browsers send it', named('données 数据 €.csv'), 'données 数据 €.csv'],
      ['an RFC 5987 name', `filename*=UTF-8''${encodeURIComponent('Ελληνικά 😀.csv')}`, 'Ελληνικά 😀.csv'],
      ['quotes, backslashes and percent signs', named('a \\"b\\" 100%;x.csv'), 'a "b" 100%;x.csv'],
    ])('%s round-trips: stored as sent, downloaded with filename* and an ASCII fallback', async (_name, disposition, expected) => {
      const csv = 'a,b\n1,2\n';
      const res = await upload(multipart(disposition, function* () {
        yield csv;
      }));
      expect(res.status).toBe(201);
      expect(res.body.fileName).toBe(expected);
      const row = await database.prisma.dataFile.findUniqueOrThrow({ where: { id: res.body.id } });
      expect(row.fileName).toBe(expected);

      const download = await seller.request(`/api/files/${res.body.id}/download`);
      expect(download.status).toBe(200);
      expect(await download.text()).toBe(csv);
      const header = download.headers.get('content-disposition')!;
      // RFC 6266: an ASCII filename="…" for old clients, then filename*=UTF-8''… that wins.
      const fallback = /^attachment; filename="((?:[^"\\]|\\.)*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+.^_`|~%-]+)$/.exec(header);
      expect(fallback, header).not.toBeNull();
      expect(fallback![1]).toMatch(/^[\x20-\x7e]+$/);
      expect(decodeURIComponent(fallback![2]!)).toBe(expected);
    });

    it('the ASCII fallback keeps what it can: accents lose their marks, the rest becomes _', async () => {
      const res = await upload(multipart(named('Café Ünïcode 数据.json'), function* () {
        yield '[{"a":1}]';
      }));
      const download = await seller.request(`/api/files/${res.body.id}/download`);
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename="Cafe Unicode __.json"; filename*=UTF-8''Caf%C3%A9%20%C3%9Cn%C3%AFcode%20%E6%95%B0%E6%8D%AE.json`,
      );
    });

    it('a plain ASCII name keeps its simple header too', async () => {
      const res = await upload(multipart(named('visits.csv'), function* () {
        yield 'a\n1\n';
      }));
      const download = await seller.request(`/api/files/${res.body.id}/download`);
      expect(download.headers.get('content-disposition')).toBe(`attachment; filename="visits.csv"; filename*=UTF-8''visits.csv`);
    });
  });

  describe('files that hit a profiling bound are stored with a partial profile', () => {
    it('a 20 MB second line: the header, no count, "record_too_long"', async () => {
      const block = 'x'.repeat(1024 * 1024);
      const res = await upload(multipart(named('one-line.csv'), function* () {
        yield 'id,payload\n';
        for (let i = 0; i < 20; i++) yield block;
        yield '\n1,2\n';
      }));
      expect(res.status).toBe(201);
      expect(res.body.size).toBe(20 * 1024 * 1024 + 16);
      expect(res.body.profile).toMatchObject({ recordCount: null, fields: [{ name: 'id' }, { name: 'payload' }], truncated: { limits: ['record_too_long'], recordsRead: 0 } });
    });

    it('10,000 columns: the first 1,000 fields, every record counted', async () => {
      const columns = 10_000;
      const res = await upload(multipart(named('wide.csv'), function* () {
        yield `${Array.from({ length: columns }, (_, i) => `c${i}`).join(',')}\n`;
        const row = `${Array.from({ length: columns }, (_, i) => i % 10).join(',')}\n`;
        for (let r = 0; r < 500; r++) yield row;
      }));
      expect(res.status).toBe(201);
      expect(res.body.profile.recordCount).toBe(500);
      expect(res.body.profile.fields).toHaveLength(PROFILE_LIMITS.maxFields);
      expect(res.body.profile.truncated).toEqual({ limits: ['too_many_fields'], recordsRead: 500 });
    });

    it('NDJSON whose records each add a key: the first 1,000 keys, every record counted', async () => {
      const res = await upload(multipart(named('keys.json'), function* () {
        for (let i = 0; i < 15_000; i++) yield `${JSON.stringify({ [`k${i}`]: i })}\n`;
      }));
      expect(res.status).toBe(201);
      expect(res.body.profile.recordCount).toBe(15_000);
      expect(res.body.profile.fields).toHaveLength(PROFILE_LIMITS.maxFields);
      expect(res.body.profile.truncated.limits).toEqual(['too_many_fields']);
    });

    it('/healthz answers while a file is being profiled', async () => {
      const order: string[] = [];
      const started = once(profileEvents, 'start');
      profileEvents.once('end', () => order.push('profiling done'));
      readInOnePiece = true;
      // 10,000 columns: before profiling moved off the event loop, seconds of work done on it per
      // thousand rows, during which nothing else was answered.
      const columns = 10_000;
      const uploading = upload(multipart(named('slow-to-profile.csv'), function* () {
        yield `${Array.from({ length: columns }, (_, i) => `c${i}`).join(',')}\n`;
        const row = `${Array.from({ length: columns }, (_, i) => (i % 2 ? 'x' : '1.5')).join(',')}\n`;
        for (let r = 0; r < 1000; r++) yield row;
      }));
      try {
        await started;
        const health = await fetch(`${base}/healthz`);
        order.push(`health ${health.status}`);
      } finally {
        readInOnePiece = false;
      }
      const res = await uploading;
      expect(res.status).toBe(201);
      expect(res.body.profile.recordCount).toBe(1000);
      expect(order).toEqual(['health 200', 'profiling done']);
    });
  });
});
