import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, logIn, startTestApp, type TestApp } from '../test/harness.ts';
import { makeUser } from '../test/market-fixtures.ts';

// GET and PUT /api/profile/billing: each signed-in user's own billing details, the profile's rules.
describe('REST billing details', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('pglite');
    await makeUser(app.database.prisma, 'payer');
    await makeUser(app.database.prisma, 'other');
  });
  afterAll(async () => app?.close());

  it('refuses an anonymous caller with 401, reading and writing', async () => {
    const anonymous = new Client(app);
    expect((await anonymous.json('GET', '/api/profile/billing')).status).toBe(401);
    expect((await anonymous.json('PUT', '/api/profile/billing', { name: 'X' })).status).toBe(401);
  });

  it("sets and reads one's own details; another user sees only theirs", async () => {
    const payer = await logIn(app, 'payer');
    expect((await payer.json('GET', '/api/profile/billing')).body).toEqual({ name: null, address: null });
    const set = await payer.json('PUT', '/api/profile/billing', { name: ' Northwind Ltd ', address: '1 Market Street\nLondon' });
    expect(set).toMatchObject({ status: 200, body: { name: 'Northwind Ltd', address: '1 Market Street\nLondon' } });
    expect((await payer.json('GET', '/api/profile/billing')).body).toEqual({ name: 'Northwind Ltd', address: '1 Market Street\nLondon' });
    const other = await logIn(app, 'other');
    expect((await other.json('GET', '/api/profile/billing')).body).toEqual({ name: null, address: null });
    // Left out or empty: cleared, as in the profile's form.
    expect((await payer.json('PUT', '/api/profile/billing', { name: '' })).body).toEqual({ name: null, address: null });
  });

  it('answers bad bodies with a 400 that names the rule, and changes nothing', async () => {
    const payer = await logIn(app, 'payer');
    await payer.json('PUT', '/api/profile/billing', { name: 'Kept' });
    const long = await payer.json('PUT', '/api/profile/billing', { name: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('at most 200 characters');
    expect((await payer.json('PUT', '/api/profile/billing', { name: ['not', 'text'] })).status).toBe(400);
    const malformed = await payer.request('/api/profile/billing', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"name":' });
    expect(malformed.status).toBe(400);
    expect((await payer.json('GET', '/api/profile/billing')).body.name).toBe('Kept');
  });
});
