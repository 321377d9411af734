import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeUser } from '../../test/market-fixtures.ts';
import { uploadsRoot } from '../../storage/storage.ts';
import { UPLOAD_SWEEP_JOB } from './upload.service.ts';

// Uploads no listing carries (docs/decisions.md "Uploads not in a listing"): at most
// UPLOAD_UNATTACHED_QUOTA_BYTES per provider, refused with 413 past it (also mid-stream), and
// removed (row and file) by an hourly job once older than UPLOAD_RETENTION_MS, never while a
// listing has or is taking the file.

const LISTING = {
  title: 'Harbour Crane Moves',
  description: 'Every crane move in three container terminals, timestamped to the second, since 2019.',
  category: 'Transportation',
  price: 120,
  dataFormat: 'csv',
  updateFrequency: 'daily',
  sampleSize: '1,000 rows',
  geographicCoverage: 'Northern Europe',
  dataSource: 'Terminal operating systems, exported nightly',
  dataAccessType: 'file_upload',
  accessInstructions: 'Download the file after purchase.',
  complianceAcknowledged: true,
  qualityAcknowledged: true,
  legalAcknowledged: true,
};

const HOUR = 60 * 60_000;
const QUOTA = 1000;

function multipartOf(fileName: string, content: string) {
  const boundary = `----pit${crypto.randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`;
  return { boundary, head, body: Buffer.from(`${head}${content}\r\n--${boundary}--\r\n`) };
}

/** A CSV of exactly `bytes` bytes. */
const csvOf = (bytes: number) => `id\n${'1\n'.repeat(Math.ceil(bytes / 2))}`.slice(0, bytes);

describe.each(testDatabases())('uploads not in a listing on %s', (kind) => {
  let app: TestApp;
  let seller: Client;
  let other: Client;
  const files = () => uploadsRoot(app.config.dataDir);
  const exists = (storageKey: string) => fs.existsSync(path.join(files(), storageKey));

  beforeAll(async () => {
    app = await startTestApp(kind, { UPLOAD_UNATTACHED_QUOTA_BYTES: String(QUOTA) });
    for (const name of ['quotaseller', 'quotaother']) await makeUser(app.database.prisma, name, { dueDiligenceStatus: 'approved' });
    seller = await logIn(app, 'quotaseller');
    other = await logIn(app, 'quotaother');
  });
  afterAll(async () => app?.close());

  const upload = async (client: Client, bytes: number, fileName = 'moves.csv') => {
    const { boundary, body } = multipartOf(fileName, csvOf(bytes));
    const res = await client.request('/api/uploads', { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
    return { status: res.status, body: await res.json() };
  };
  const stored = async () => ({
    rows: await app.database.prisma.dataFile.count(),
    files: fs.existsSync(files()) ? fs.readdirSync(files(), { recursive: true }).filter((f) => /\.\w+$/.test(String(f))).length : 0,
  });

  it("caps a provider's bytes not in a listing: 413 saying how much is free, nothing kept; a listing's file frees its room", async () => {
    const first = await upload(seller, 600);
    expect(first.status).toBe(201);
    expect(first.body.size).toBe(600);

    const before = await stored();
    const over = await upload(seller, 500);
    expect(over.status).toBe(413);
    expect(over.body.message).toBe(
      'Upload space full: files not yet in a listing may take 1000 bytes per provider and 400 bytes is free. ' +
        'Submit a listing with a file you uploaded, or wait: files not in a listing are removed 24 hours after upload.',
    );
    expect(await stored()).toEqual(before);

    // Exactly what is free fits; then nothing is, and the next upload is refused before it is read.
    expect((await upload(seller, 400)).status).toBe(201);
    const full = await upload(seller, 1);
    expect(full.status).toBe(413);
    expect(full.body.message).toContain('and 0 bytes is free');
    // Another provider has their own room.
    expect((await upload(other, 900)).status).toBe(201);

    const listed = await seller.json('POST', '/api/contracts', { ...LISTING, fileId: first.body.id });
    expect(listed.status).toBe(201);
    expect((await upload(seller, 600)).status).toBe(201);
    expect((await upload(seller, 1)).status).toBe(413);
  });

  it('stops reading an upload as soon as it passes the free room (answers while the client is still sending)', { timeout: 15_000 }, async () => {
    const provider = await makeUser(app.database.prisma, 'quotastreamer', { dueDiligenceStatus: 'approved' });
    const client = await logIn(app, provider.username);
    const before = await stored();
    const { boundary, head } = multipartOf('endless.csv', '');
    let sent = 0;
    let cancelled = false;
    // 64 KB chunks, then nothing more: a server that read to the end would never answer.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(Buffer.from(`${head}id\n`));
        if (sent >= 1024 * 1024) return new Promise(() => {});
        sent += 64 * 1024;
        controller.enqueue(Buffer.from('1\n'.repeat(32 * 1024)));
      },
      cancel() {
        cancelled = true;
      },
    });
    const res = await client.request('/api/uploads', { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).message).toContain(`${QUOTA} bytes per provider and ${QUOTA} bytes is free`);
    expect(sent).toBeLessThan(1024 * 1024);
    expect(await stored()).toEqual(before);
    if (!cancelled) await body.cancel().catch(() => {});
  });

  it('the hourly job removes uploads older than the retention that no listing has (row and file), and keeps the rest', async () => {
    const db = app.database.prisma;
    const provider = await makeUser(db, 'sweepseller', { dueDiligenceStatus: 'approved' });
    const client = await logIn(app, provider.username);
    const old = (await upload(client, 100, 'old.csv')).body;
    const young = (await upload(client, 100, 'young.csv')).body;
    const listed = (await upload(client, 100, 'listed.csv')).body;
    expect((await client.json('POST', '/api/contracts', { ...LISTING, fileId: listed.id })).status).toBe(201);
    const dayAgo = new Date(Date.now() - 24 * HOUR - 60_000);
    await db.dataFile.updateMany({ where: { id: { in: [old.id, listed.id] } }, data: { createdAt: dayAgo } });
    const rows = await db.dataFile.findMany({ where: { uploaderId: provider.id }, select: { id: true, storageKey: true } });
    const keyOf = (id: string) => rows.find((r) => r.id === id)!.storageKey;
    for (const r of rows) expect(exists(r.storageKey)).toBe(true);

    const now = new Date();
    await app.jobs.schedule(db, { kind: UPLOAD_SWEEP_JOB, runAt: now });
    expect(await app.jobs.runDue(now)).toMatchObject({ done: 1, failed: 0 });

    expect((await db.dataFile.findMany({ where: { uploaderId: provider.id }, select: { id: true } })).map((r) => r.id).sort()).toEqual([young.id, listed.id].sort());
    expect(exists(keyOf(old.id))).toBe(false);
    expect(exists(keyOf(young.id))).toBe(true);
    expect(exists(keyOf(listed.id))).toBe(true);
    // Its room is free again, and the listing still downloads its file.
    expect((await client.request(`/api/files/${listed.id}/download`)).status).toBe(200);
    // The run scheduled the next one (recurring work, api/jobs/job-runner.ts).
    const next = await db.job.findFirst({ where: { kind: UPLOAD_SWEEP_JOB, status: 'pending' } });
    expect(next?.key).toMatch(/^uploads\.sweep@/);
    expect(next!.runAt.getTime()).toBeGreaterThan(now.getTime());
    expect(next!.runAt.getTime()).toBeLessThanOrEqual(now.getTime() + HOUR);

    // A listing submitted with the removed file is told to upload it again, and nothing is created.
    const late = await client.json('POST', '/api/contracts', { ...LISTING, title: 'Harbour Crane Moves II', fileId: old.id });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('The uploaded file was not found; please upload it again');
    expect(await db.contract.count({ where: { title: 'Harbour Crane Moves II' } })).toBe(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the sweep racing a listing that takes the file, on postgres', () => {
  let app: TestApp;
  let client: Client;
  let providerId = '';
  beforeAll(async () => {
    app = await startTestApp('postgres');
    providerId = (await makeUser(app.database.prisma, 'raceseller', { dueDiligenceStatus: 'approved' })).id;
    client = await logIn(app, 'raceseller');
  });
  afterAll(async () => app?.close());

  const oldUpload = async (name: string) => {
    const { boundary, body } = multipartOf(name, csvOf(50));
    const res = await client.request('/api/uploads', { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await app.database.prisma.dataFile.update({ where: { id }, data: { createdAt: new Date(Date.now() - 25 * HOUR) } });
    return id;
  };
  const sweep = async () => {
    const now = new Date();
    await app.jobs.schedule(app.database.prisma, { kind: UPLOAD_SWEEP_JOB, runAt: now });
    return app.jobs.runDue(now);
  };

  it('a file a listing is attaching right now is skipped by the sweep, and kept', async () => {
    const db = app.database.prisma;
    const id = await oldUpload('taking.csv');
    let commit!: () => void;
    const gate = new Promise<void>((resolve) => (commit = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const contract = await db.contract.create({ data: { providerId, title: 'Raced listing', description: 'x'.repeat(60), category: 'transportation', status: 'pending_review', price: '10.00', marketPrice: '10.00', updateFrequency: 'daily', dataFields: [], sampleData: [] } });
    // The attaching transaction holds the row (as createListing's guarded update does) while the sweep runs.
    const attaching = db.$transaction(async (tx) => {
      await tx.dataFile.updateMany({ where: { id, contractId: null }, data: { contractId: contract.id } });
      locked();
      await gate;
    }, { timeout: 30_000 });
    await holding;
    expect(await sweep()).toMatchObject({ done: 1, failed: 0 });
    commit();
    await attaching;
    const row = await db.dataFile.findUniqueOrThrow({ where: { id } });
    expect(row.contractId).toBe(contract.id);
    expect(fs.existsSync(path.join(uploadsRoot(app.config.dataDir), row.storageKey))).toBe(true);
  });

  it('listings submitted while the sweep runs: each either has its file (row and bytes) or is refused; never a listing without its file', async () => {
    const db = app.database.prisma;
    const outcomes: number[] = [];
    for (let i = 0; i < 16; i++) {
      const fileId = await oldUpload(`race-${i}.csv`);
      const { storageKey } = await db.dataFile.findUniqueOrThrow({ where: { id: fileId } });
      // One side starts a few milliseconds after the other, in turn, so the sweep lands before,
      // during or after the submission.
      const lead = (i % 8) - 4;
      const later = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
      const [answer] = await Promise.all([
        later(-lead).then(() => client.json('POST', '/api/contracts', { ...LISTING, title: `Raced crane moves ${i}`, fileId })),
        later(lead).then(sweep),
      ]);
      outcomes.push(answer.status);
      const row = await db.dataFile.findUnique({ where: { id: fileId } });
      const onDisk = fs.existsSync(path.join(uploadsRoot(app.config.dataDir), storageKey));
      if (answer.status === 201) {
        expect(row?.contractId, `round ${i}`).toBe(answer.body.id);
        expect(onDisk, `file of listing ${i}`).toBe(true);
      } else {
        expect(answer.status, `round ${i}`).toBe(400);
        expect(answer.body.message).toBe('The uploaded file was not found; please upload it again');
        expect(row).toBeNull();
        expect(onDisk).toBe(false);
        expect(await db.contract.count({ where: { title: `Raced crane moves ${i}` } })).toBe(0);
      }
    }
    // Which side wins a round depends on the machine (here typically 11-14 listed, the rest refused);
    // every round ended one of the two ways above.
    expect(outcomes).toHaveLength(16);
  });
});
