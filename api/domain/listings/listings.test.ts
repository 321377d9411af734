import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApp, STRONG_PASSWORD, type TestApp, logIn } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeUser } from '../../test/market-fixtures.ts';


const LISTING = {
  title: 'EU Retail Foot Traffic',
  description: 'Hourly visitor counts for 2,400 retail locations across the EU, anonymized at the source.',
  category: 'Consumer Behavior',
  price: 450.5,
  dataFormat: 'csv',
  updateFrequency: 'hourly',
  sampleSize: '1,000 rows',
  geographicCoverage: 'European Union',
  dataSource: 'Partner store sensors, aggregated per hour',
  dataAccessType: 'external_link',
  dataAccessUrl: 'https://data.example.com/foot-traffic',
  accessInstructions: 'Use the API key sent after purchase.',
  complianceAcknowledged: true,
  qualityAcknowledged: true,
  legalAcknowledged: true,
};

function multipart(fileName: string, content: Buffer | string) {
  const boundary = `----pit${crypto.randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDatabases())('listings and uploads on %s', (kind) => {
  let app: TestApp;
  const login = (username: string) => logIn(app, username);
  const upload = async (client: Client, fileName: string, content: Buffer | string) => {
    const { body, headers } = multipart(fileName, content);
    const res = await client.request('/api/uploads', { method: 'POST', headers, body });
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
    await makeUser(app.database.prisma, 'seller', { dueDiligenceStatus: 'approved' });
    await makeUser(app.database.prisma, 'seller2', { dueDiligenceStatus: 'approved' });
    await makeUser(app.database.prisma, 'newbie');
    await makeUser(app.database.prisma, 'boss', { isAdmin: true });
  });
  afterAll(async () => app?.close());

  describe('who may list', () => {
    it('anonymous: 401 with "Authentication"', async () => {
      const res = await new Client(app).json('POST', '/api/contracts', LISTING);
      expect(res.status).toBe(401);
      expect(res.body.message).toContain('Authentication');
    });

    it('a user without approved due diligence: 403 with "due diligence"', async () => {
      const res = await (await login('newbie')).json('POST', '/api/contracts', LISTING);
      expect(res.status).toBe(403);
      expect(res.body.message).toContain('due diligence');
      expect((await upload(await login('newbie'), 'a.csv', 'a,b\n1,2\n')).status).toBe(403);
    });

    it('administrators are exempt', async () => {
      const res = await (await login('boss')).json('POST', '/api/contracts', { ...LISTING, title: 'Admin listed set' });
      expect(res.status).toBe(201);
    });
  });

  describe('the form rules', () => {
    it.each([
      [{ title: 'Tiny' }, 'Title must be at least 5 characters'],
      [{ description: 'Too short' }, 'Description must be at least 50 characters'],
      [{ category: '' }, 'Category is required'],
      [{ category: 'Spaceships' }, 'Unknown category: Spaceships'],
      [{ price: undefined }, 'Price is required'],
      [{ price: 'ten' }, 'Price must be a number with at most two decimals'],
      [{ dataFormat: '' }, 'Data format is required'],
      [{ updateFrequency: 'yearly' }, 'Update frequency is required'],
      [{ sampleSize: '' }, 'Sample size is required'],
      [{ geographicCoverage: '' }, 'Geographic coverage is required'],
      [{ dataSource: 'short' }, 'Please describe your data source'],
      [{ dataAccessType: 'carrier pigeon' }, 'Please select how buyers will access the data'],
      [{ complianceAcknowledged: false }, 'You must acknowledge compliance requirements'],
      [{ qualityAcknowledged: false }, 'You must acknowledge data quality requirements'],
      [{ legalAcknowledged: false }, 'You must acknowledge legal requirements'],
      [{ dataAccessUrl: '' }, 'Please give the data access URL'],
      [{ dataAccessType: 'file_upload' }, 'Please upload the data file'],
    ])('%j: 400 with the rule, nothing created', async (over, message) => {
      const before = await app.database.prisma.contract.count();
      const res = await (await login('seller')).json('POST', '/api/contracts', { ...LISTING, ...over });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await app.database.prisma.contract.count()).toBe(before);
    });
  });

  describe('uploads', () => {
    it('streams a CSV to storage, hashes it and profiles it', async () => {
      const csv = 'store_id,visits,city\nS1,120,Paris\nS2,,Berlin\nS3,87,Madrid\n';
      const res = await upload(await login('seller'), 'traffic.csv', csv);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ fileName: 'traffic.csv', contentType: 'text/csv', size: Buffer.byteLength(csv), sha256: crypto.createHash('sha256').update(csv).digest('hex') });
      expect(res.body.profile.recordCount).toBe(3);
      expect(res.body.profile.fields).toEqual([
        { name: 'store_id', type: 'string', nullShare: 0 },
        { name: 'visits', type: 'integer', nullShare: 0.333 },
        { name: 'city', type: 'string', nullShare: 0 },
      ]);
    });

    it.each([
      ['data.exe', 'MZ...', 400, 'Unsupported file type: allowed are csv, json, xlsx, xls, sql, parquet, zip'],
      ['data.zip', 'just text, not a zip', 400, "The file's content does not match its .zip extension"],
      ['data.parquet', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]), 400, "The file's content does not match its .parquet extension"],
      ['data.json', 'hello', 400, "The file's content does not match its .json extension"],
      ['data.csv', Buffer.from([0, 1, 2, 3]), 400, "The file's content does not match its .csv extension"],
      ['empty.csv', '', 400, 'The file is empty'],
    ])('refuses %s (%s)', async (name, content, status, message) => {
      const before = await app.database.prisma.dataFile.count();
      const res = await upload(await login('seller'), name, content);
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
      expect(await app.database.prisma.dataFile.count()).toBe(before);
    });

    it('accepts real signatures of binary formats', async () => {
      const client = await login('seller');
      expect((await upload(client, 'book.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 9, 9, 9]))).status).toBe(201);
      expect((await upload(client, 'old.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).status).toBe(201);
      expect((await upload(client, 'cols.parquet', Buffer.concat([Buffer.from('PAR1'), Buffer.alloc(10), Buffer.from('PAR1')]))).status).toBe(201);
    });

    it('refuses a body announced over 500 MB with 413', async () => {
      const client = await login('seller');
      const res = await client.request('/api/uploads', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(501 * 1024 * 1024) }, body: 'x' });
      expect(res.status).toBe(413);
      expect((await res.json()).message).toContain('File Too Large');
    });
  });

  describe('submitting, reviewing and resubmitting', () => {
    it('creates a pending listing from an upload, filling figures from the profile', async () => {
      const seller = await login('seller');
      const file = await upload(seller, 'visits.csv', 'store_id,visits\nS1,1\nS2,2\n');
      const res = await seller.json('POST', '/api/contracts', { ...LISTING, dataAccessType: 'both', fileId: file.body.id });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 'pending_review', category: 'consumer', price: '450.50', marketPrice: '450.50', recordCount: 2, fieldCount: 2, dataFields: ['store_id', 'visits'], fileName: 'visits.csv', dataFileUrl: `/api/files/${file.body.id}/download` });
      expect(res.body.sampleData).toEqual([{ store_id: 'S1', visits: '1' }, { store_id: 'S2', visits: '2' }]);
      // Another provider cannot attach the same file.
      const stolen = await (await login('seller2')).json('POST', '/api/contracts', { ...LISTING, dataAccessType: 'both', fileId: file.body.id });
      expect(stolen.body.message).toBe('The uploaded file was not found; please upload it again');
      // Not on the floor until approved.
      expect((await new Client(app).json('GET', `/api/contracts/${res.body.id}`)).status).toBe(404);
    });

    it('lets the provider and admins (only) download the file', async () => {
      const contract = await app.database.prisma.contract.findFirstOrThrow({ where: { title: LISTING.title, files: { some: {} } }, include: { files: true } });
      const path = `/api/files/${contract.files[0]!.id}/download`;
      const own = await (await login('seller')).request(path);
      expect(own.status).toBe(200);
      expect(own.headers.get('content-disposition')).toBe(`attachment; filename="visits.csv"; filename*=UTF-8''visits.csv`);
      expect(await own.text()).toBe('store_id,visits\nS1,1\nS2,2\n');
      expect((await (await login('boss')).request(path)).status).toBe(200);
      expect((await (await login('seller2')).request(path)).status).toBe(404);
      expect((await new Client(app).request(path)).status).toBe(401);
    });

    it('admin review: only admins; approve makes it live with a listing tick and a mail', async () => {
      const contract = await app.database.prisma.contract.findFirstOrThrow({ where: { title: LISTING.title, files: { some: {} } } });
      const path = `/api/contracts/${contract.id}`;
      expect((await (await login('seller')).json('PATCH', path, { status: 'active' })).status).toBe(403);
      expect((await new Client(app).json('PATCH', path, { status: 'active' })).status).toBe(401);
      const admin = await login('boss');
      expect((await admin.json('PATCH', path, { status: 'pending_review' })).status).toBe(400);
      const approved = await admin.json('PATCH', path, { status: 'active', reviewNotes: 'Looks great' });
      expect(approved.body).toMatchObject({ status: 'active', reviewNotes: 'Looks great' });
      expect((await admin.json('PATCH', path, { status: 'rejected' })).status).toBe(409);
      expect((await new Client(app).json('GET', path)).body.status).toBe('active');
      const ticks = await app.database.prisma.priceTick.findMany({ where: { contractId: contract.id } });
      expect(ticks.map((t) => [t.source, t.price.toFixed(2)])).toEqual([['listing', '450.50']]);
      expect(app.mailer.lastTo('seller@example.com')?.subject).toBe(`Your listing "${LISTING.title}" is now live`);
      const history = await app.database.prisma.statusChange.findMany({ where: { subjectId: contract.id }, orderBy: { createdAt: 'asc' } });
      expect(history.map((h) => h.toStatus)).toEqual(['pending_review', 'active']);
    });

    it('a rejected listing shows its reason, can be edited and resubmitted', async () => {
      const seller = await login('seller2');
      const created = await seller.json('POST', '/api/contracts', { ...LISTING, title: 'Rough First Draft Set' });
      const admin = await login('boss');
      const rejected = await admin.json('PATCH', `/api/contracts/${created.body.id}`, { status: 'rejected' });
      expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'Does not meet quality standards' });
      const UPDATE = `mutation($input: UpdateListingInput!) { updateListing(input: $input) { __typename ... on Error { message }
        ... on MutationUpdateListingSuccess { data { status title price rejectionReason } } } }`;
      const listing = { ...LISTING, title: 'Polished Second Draft Set', price: '500.00' };
      const other = await (await login('seller')).gql(UPDATE, { input: { contractId: created.body.id, listing } });
      expect(other.data.updateListing.__typename).toBe('NotFoundError');
      const res = await seller.gql(UPDATE, { input: { contractId: created.body.id, listing } });
      expect(res.data.updateListing.data).toEqual({ status: 'pending_review', title: 'Polished Second Draft Set', price: '500.00', rejectionReason: null });
      const history = await app.database.prisma.statusChange.findMany({ where: { subjectId: created.body.id }, orderBy: { createdAt: 'asc' } });
      expect(history.map((h) => h.toStatus)).toEqual(['pending_review', 'rejected', 'pending_review']);
    });

    it('back-office fields are for the provider and admins only', async () => {
      const contract = await app.database.prisma.contract.findFirstOrThrow({ where: { title: LISTING.title, status: 'active' } });
      const q = `query($id: ID!) { contract(id: $id) { dataAccessUrl reviewNotes files { fileName } } }`;
      expect((await new Client(app).gql(q, { id: contract.id })).data.contract).toEqual({ dataAccessUrl: null, reviewNotes: null, files: null });
      expect((await (await login('seller2')).gql(q, { id: contract.id })).data.contract.dataAccessUrl).toBeNull();
      expect((await (await login('seller')).gql(q, { id: contract.id })).data.contract.dataAccessUrl).toBe(LISTING.dataAccessUrl);
      expect((await (await login('boss')).gql(q, { id: contract.id })).data.contract.files).toEqual([{ fileName: 'visits.csv' }]);
    });
  });
});

describe('an upload cut off by the client', () => {
  it('answers, keeps nothing and leaves the server running', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const app = await startTestApp('pglite');
    try {
      await makeUser(app.database.prisma, 'cutter', { dueDiligenceStatus: 'approved' });
      const client = new Client(app);
      await client.json('POST', '/api/auth/login', { usernameOrEmail: 'cutter', password: STRONG_PASSWORD });
      const boundary = 'cutboundary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\na,b\n`;
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode(head));
          else if (sent < 20) controller.enqueue(new TextEncoder().encode('1,2\n'.repeat(10_000)));
          else controller.error(new Error('ECONNRESET'));
          sent += 1;
        },
      });
      const res = await client.request('/api/uploads', {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(400);
      expect(await app.database.prisma.dataFile.count()).toBe(0);
      const files = path.join(app.config.dataDir, 'files');
      const left = fs.existsSync(files) ? fs.readdirSync(files, { recursive: true }).filter((f) => String(f).endsWith('.partial') || String(f).endsWith('.csv')) : [];
      expect(left).toEqual([]);
      expect((await app.fetch('/healthz')).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
