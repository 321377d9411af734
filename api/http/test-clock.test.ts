import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { loadConfig } from '../config.ts';

const post = (app: TestApp, body: unknown) =>
  app.fetch('/api/test/jobs/run', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('the journeys\' clock (TEST_HOOKS)', () => {
  let hooked: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    [hooked, plain] = await Promise.all([startTestApp('pglite', { TEST_HOOKS: '1' }), startTestApp('pglite')]);
  });
  afterAll(async () => Promise.all([hooked?.close(), plain?.close()]));

  it('runs only the named jobs, at the given time', async () => {
    const ran: string[] = [];
    hooked.jobs.register('test.tick', async (_payload, { job, now }) => void ran.push(`${job.key}@${now.toISOString()}`));
    const at = '2027-01-01T00:00:00.000Z';
    await hooked.jobs.schedule(hooked.database.prisma, { kind: 'test.tick', key: 'tick:mine', runAt: new Date(at) });
    await hooked.jobs.schedule(hooked.database.prisma, { kind: 'test.tick', key: 'tick:theirs', runAt: new Date(at) });
    const res = await post(hooked, { at, keyPrefixes: ['tick:mine'] });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ done: 1, failed: 0, retried: 0 });
    expect(ran).toEqual([`tick:mine@${at}`]);
  });

  it('answers a body that names no jobs, or no time, with a 400', async () => {
    expect((await post(hooked, { at: '2027-01-01T00:00:00Z' })).status).toBe(400);
    expect((await post(hooked, { keyPrefixes: ['x'] })).status).toBe(400);
    expect((await hooked.fetch('/api/test/jobs/run', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })).status).toBe(400);
  });

  it('is not there without TEST_HOOKS, and cannot be turned on in production', async () => {
    expect((await post(plain, { at: '2027-01-01T00:00:00Z', kinds: ['x'] })).status).toBe(404);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://x.example', TEST_HOOKS: '1', DATA_DIR: plain.config.dataDir })).toThrow(/^TEST_HOOKS must not be set in production/);
  });
});
