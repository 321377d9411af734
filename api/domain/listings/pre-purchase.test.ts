import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeContract, makeUser } from '../../test/market-fixtures.ts';
import { insertRelease } from '../releases/release-rows.ts';
import { fieldDictionary, sampleCsv, sampleFileName } from './field-dictionary.ts';

// What a buyer sees before paying (docs/decisions.md "Issue 26: before paying"): the field
// dictionary, the latest release's size, record count and sha256, and the sample rows as a free
// download in CSV or JSON (never the file), for listings visible on the market.

describe('the field dictionary and the sample file (pure)', () => {
  const profile = { recordCount: 3, fields: [{ name: 'id', type: 'integer', nullShare: 0 }, { name: 'note', type: 'string', nullShare: 0.5 }], sampleRows: [] };
  const rows = [
    { id: 1, note: 'plain' },
    { id: 2, note: 'a, "quoted" note' },
    { id: 3, note: null, extra: { nested: true } },
    { id: 1, note: ' edge ' },
  ];

  it('takes types and null shares from the profile, examples (distinct, non-empty) from the sample rows', () => {
    expect(fieldDictionary({ profile, sampleData: rows, dataFields: ['ignored'] })).toEqual([
      { name: 'id', type: 'integer', nullShare: 0, examples: ['1', '2', '3'] },
      { name: 'note', type: 'string', nullShare: 0.5, examples: ['plain', 'a, "quoted" note', ' edge '] },
    ]);
  });

  it('without a profile: the listed fields, else the rows’ columns, with no type', () => {
    expect(fieldDictionary({ profile: null, sampleData: rows, dataFields: ['note'] })).toEqual([{ name: 'note', type: null, nullShare: null, examples: ['plain', 'a, "quoted" note', ' edge '] }]);
    expect(fieldDictionary({ profile: { fields: 'junk' }, sampleData: rows, dataFields: [] }).map((e) => e.name)).toEqual(['id', 'note', 'extra']);
    expect(fieldDictionary({ profile: null, sampleData: 'not rows', dataFields: [] })).toEqual([]);
  });

  it('writes RFC 4180 CSV: quotes, doubled quotes, line breaks and edge spaces quoted; objects as JSON; CRLF', () => {
    expect(sampleCsv([...rows, { id: 4, note: 'two\nlines' }], ['note', 'id'])).toBe(
      'note,id,extra\r\nplain,1,\r\n"a, ""quoted"" note",2,\r\n,3,"{""nested"":true}"\r\n" edge ",1,\r\n"two\nlines",4,\r\n',
    );
    expect(sampleCsv([])).toBe('');
  });

  it('names the file after the listing', () => {
    expect(sampleFileName('Équity Ticks: 2026 / "EU"', 'csv')).toBe('equity-ticks-2026-eu-sample.csv');
    expect(sampleFileName('***', 'json')).toBe('listing-sample.json');
  });
});

describe.each(testDatabases())('before paying on %s', (kind) => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const db = () => app.database.prisma;

  beforeAll(async () => {
    app = await startTestApp(kind);
    const prov = await makeUser(db(), 'prov', { dueDiligenceStatus: 'approved' });
    await makeUser(db(), 'ann');
    await makeUser(db(), 'boss', { isAdmin: true });
    const active = await makeContract(db(), prov.id, { title: 'Port Calls, "EU"', category: 'transportation', price: '50.00', dataFields: ['port', 'calls'] });
    await db().contract.update({
      where: { id: active.id },
      data: {
        sampleData: [{ port: 'Rotterdam, NL', calls: 12 }, { port: 'Hamburg', calls: null }],
        dataProfile: { recordCount: 10, fields: [{ name: 'port', type: 'string', nullShare: 0 }, { name: 'calls', type: 'integer', nullShare: 0.1 }], sampleRows: [] },
      },
    });
    ids.active = active.id;
    ids.pending = (await makeContract(db(), prov.id, { title: 'Waiting', category: 'transportation', price: '10.00', status: 'pending_review' })).id;
    const filed = await makeContract(db(), prov.id, { title: 'Filed', category: 'transportation', price: '20.00' });
    await db().dataFile.create({
      data: { contractId: filed.id, uploaderId: prov.id, fileName: 'filed.csv', contentType: 'text/csv', size: 2048n, sha256: 'cd'.repeat(32), storageKey: `uploads/${prov.id}/filed.csv`, profile: { recordCount: 42, fields: [], sampleRows: [] } },
    });
    ids.filed = filed.id;
    await db().$transaction((tx) =>
      insertRelease(tx, app.jobs, {
        contractId: active.id, version: '2026-11', notes: null, publishedById: prov.id, fileId: null, size: 123456n, sha256: 'ab'.repeat(32), recordCount: 10,
        profile: { recordCount: 10, fields: [{ name: 'port', type: 'string', nullShare: 0 }, { name: 'calls', type: 'integer', nullShare: 0.25 }], sampleRows: [] },
        schemaDiff: null, schemaChange: false,
      }),
    );
  }, 120_000);
  afterAll(async () => app?.close());

  const get = (client: Client, path: string) => client.request(path).then(async (res) => ({ status: res.status, headers: res.headers, text: await res.text() }));

  it('anyone downloads the sample of a listing on the market as CSV and JSON, an attachment named after it', async () => {
    const anon = new Client(app);
    const csv = await get(anon, `/api/contracts/${ids.active}/sample?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="port-calls-eu-sample.csv"/);
    expect(csv.text).toBe('port,calls\r\n"Rotterdam, NL",12\r\nHamburg,\r\n');
    const json = await get(anon, `/api/contracts/${ids.active}/sample?format=json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toMatch(/port-calls-eu-sample\.json/);
    expect(JSON.parse(json.text)).toEqual([{ port: 'Rotterdam, NL', calls: 12 }, { port: 'Hamburg', calls: null }]);
  });

  it('a bad format is 400; an unknown or hidden listing 404 (its provider and administrators see their pending one)', async () => {
    const anon = new Client(app);
    for (const q of ['', '?format=xml', '?format=CSV&x=1', '?format[]=csv']) {
      const res = await get(anon, `/api/contracts/${ids.active}/sample${q}`);
      expect(res.status, q).toBe(400);
      expect(JSON.parse(res.text).code).toBe('INVALID_INPUT');
    }
    expect((await get(anon, `/api/contracts/${crypto.randomUUID()}/sample?format=csv`)).status).toBe(404);
    expect((await get(anon, `/api/contracts/not-an-id/sample?format=csv`)).status).toBe(404);
    expect((await get(anon, `/api/contracts/${ids.pending}/sample?format=json`)).status).toBe(404);
    expect((await get(await logIn(app, 'ann'), `/api/contracts/${ids.pending}/sample?format=json`)).status).toBe(404);
    expect((await get(await logIn(app, 'prov'), `/api/contracts/${ids.pending}/sample?format=json`)).status).toBe(200);
    expect((await get(await logIn(app, 'boss'), `/api/contracts/${ids.pending}/sample?format=csv`)).status).toBe(200);
  });

  it('GraphQL: the latest release’s facts and the dictionary from its profile, for anyone who sees the listing', async () => {
    const q = `query($id: ID!) { contract(id: $id) { latestRelease { sequence version size sha256 recordCount } fieldDictionary { name type nullShare examples } } }`;
    const seen = (await new Client(app).gql(q, { id: ids.active })).data.contract;
    expect(seen.latestRelease).toEqual({ sequence: 1, version: '2026-11', size: 123456, sha256: 'ab'.repeat(32), recordCount: 10 });
    expect(seen.fieldDictionary).toEqual([
      { name: 'port', type: 'string', nullShare: 0, examples: ['Rotterdam, NL', 'Hamburg'] },
      { name: 'calls', type: 'integer', nullShare: 0.25, examples: ['12'] },
    ]);
    expect((await new Client(app).gql(q, { id: ids.pending })).data.contract).toBeNull();
    // No release row yet: the listing's data file is its release 1.
    const filed = (await new Client(app).gql(q, { id: ids.filed })).data.contract;
    expect(filed.latestRelease).toEqual({ sequence: 1, version: '1', size: 2048, sha256: 'cd'.repeat(32), recordCount: 42 });
    const own = (await (await logIn(app, 'prov')).gql(q, { id: ids.pending })).data.contract;
    expect(own).toEqual({ latestRelease: null, fieldDictionary: [{ name: 'id', type: null, nullShare: null, examples: ['0'] }, { name: 'value', type: null, nullShare: null, examples: ['1'] }] });
  });
});
