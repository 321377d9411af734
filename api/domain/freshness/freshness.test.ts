import { describe, expect, it } from 'vitest';
import { createJobRunner } from '../../jobs/job-runner.ts';
import { testDatabases } from '../../test/databases.ts';
import { makeContract } from '../../test/market-fixtures.ts';
import { paymentsTestbed } from '../payments/payments.testbed.ts';
import { eventsAbout, toldAbout, whoWasTold } from '../notifications/notices/told.fixtures.ts';
import { registerNotificationJobs } from '../notifications/notifications.jobs.ts';
import { insertRelease, type ReleaseRowInput } from '../releases/release-rows.ts';
import { FRESHNESS_JOB, freshnessKeyPrefix, registerFreshnessJobs } from './freshness.jobs.ts';

// The freshness promise checked by the job runner (docs/decisions.md "Issue 26: the freshness
// promise"): a listing on sale whose next release is overdue by its grace is delayed since then,
// its provider and running subscribers are told once, and a release clears it.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(testDatabases())('freshness on %s', (kind) => {
  const { app, users, db, login, post, pay } = paymentsTestbed(kind);

  /** A listing of the provider approved by the administrator now (the promise starts at approval). */
  const approved = async (title: string, extra: { updateFrequency?: 'daily' | 'static' | 'hourly'; pricingModel?: 'monthly_subscription'; link?: boolean } = {}) => {
    const c = await makeContract(db(), users.prov!.id, { title, category: 'energy', price: '20.00', status: 'pending_review', updateFrequency: extra.updateFrequency ?? 'daily' });
    await db().contract.update({ where: { id: c.id }, data: { pricingModel: extra.pricingModel ?? 'one_time', ...(extra.link ? { dataAccessType: 'external_link', dataAccessUrl: 'https://example.com/data' } : {}) } });
    const before = Date.now();
    const res = await (await login('boss')).json('PATCH', `/api/contracts/${c.id}`, { status: 'active' });
    expect(res.status).toBe(200);
    return { id: c.id, approvedAt: before };
  };
  const release = (contractId: string, version: string, now: Date) =>
    db().$transaction((tx) =>
      insertRelease(tx, app().jobs, { contractId, version, notes: null, publishedById: users.prov!.id, fileId: null, size: null, sha256: null, recordCount: null, profile: null, schemaDiff: null, schemaChange: false } satisfies ReleaseRowInput, now),
    );
  const checks = (contractId: string) => db().job.findMany({ where: { kind: FRESHNESS_JOB, key: { startsWith: freshnessKeyPrefix(contractId) } }, orderBy: { runAt: 'asc' } });
  const delayedSince = async (contractId: string) => (await db().contract.findUniqueOrThrow({ where: { id: contractId } })).delayedSince;
  const runAt = (ms: number) => app().jobs.runDue(new Date(ms));

  it('a daily listing approved now is checked 30 hours on; overdue, it is delayed since then and its provider and running subscribers are told once', async () => {
    const { id, approvedAt } = await approved('Grid Load Daily', { pricingModel: 'monthly_subscription' });
    const [check] = await checks(id);
    expect(check!.status).toBe('pending');
    expect(check!.runAt.getTime() - approvedAt).toBeGreaterThanOrEqual(30 * HOUR);
    expect(check!.runAt.getTime() - approvedAt).toBeLessThan(30 * HOUR + 60_000);
    // a subscriber with access, a one-time buyer of the same listing would be ann's purchase; bob never bought
    await pay(await login('ann'), id);
    await runAt(approvedAt + 29 * HOUR);
    expect(await delayedSince(id)).toBeNull();
    await runAt(approvedAt + 31 * HOUR);
    expect(await delayedSince(id)).toEqual(check!.runAt);
    await runAt(approvedAt + 40 * HOUR);
    expect(await eventsAbout(db(), 'release.delayed', 'contractId', id)).toHaveLength(1);
    expect(await whoWasTold(db(), 'release.delayed', 'contractId', id)).toEqual([users.ann!.id, users.prov!.id].sort());
    const told = await toldAbout(db(), 'release.delayed', 'contractId', id);
    expect(told.find((t) => t.userId === users.ann!.id)).toMatchObject({ title: 'Data delayed', link: `/contract/${id}` });
    expect(told.find((t) => t.userId === users.prov!.id)).toMatchObject({ title: 'Your data is delayed', body: expect.stringContaining('daily') });
    // what everyone sees: the contract's REST and GraphQL shapes
    const page = await (await login('bob')).json('GET', `/api/contracts/${id}`);
    expect(page.body.delayedSince).toBe(check!.runAt.toISOString());
  });

  it('a one-time buyer and a subscriber whose access ended are not told; only the provider is', async () => {
    const { id, approvedAt } = await approved('Tariffs Daily');
    await pay(await login('bob'), id);
    await runAt(approvedAt + 31 * HOUR);
    expect(await whoWasTold(db(), 'release.delayed', 'contractId', id)).toEqual([users.prov!.id]);
    const monthly = await approved('Tariffs Daily Monthly', { pricingModel: 'monthly_subscription' });
    const paid = await pay(await login('bob'), monthly.id);
    await db().purchase.update({ where: { id: paid.purchase.id }, data: { accessExpiresAt: new Date(monthly.approvedAt + 20 * HOUR) } });
    await runAt(monthly.approvedAt + 31 * HOUR);
    expect(await whoWasTold(db(), 'release.delayed', 'contractId', monthly.id)).toEqual([users.prov!.id]);
  });

  it('a release clears the delay and moves the check; the old time finds nothing overdue', async () => {
    const { id, approvedAt } = await approved('Wind Output Daily');
    await runAt(approvedAt + 31 * HOUR);
    expect(await delayedSince(id)).not.toBeNull();
    await release(id, 'r2', new Date(approvedAt + 33 * HOUR));
    expect(await delayedSince(id)).toBeNull();
    const pending = (await checks(id)).filter((j) => j.status === 'pending');
    expect(pending.map((j) => j.runAt.getTime())).toEqual([approvedAt + 33 * HOUR + 30 * HOUR]);
    await release(id, 'r3', new Date(approvedAt + 50 * HOUR));
    expect((await checks(id)).filter((j) => j.status === 'pending').map((j) => j.runAt.getTime())).toEqual([approvedAt + 80 * HOUR]);
    await runAt(approvedAt + 70 * HOUR);
    expect(await delayedSince(id)).toBeNull();
    expect(await eventsAbout(db(), 'release.delayed', 'contractId', id)).toHaveLength(1);
  });

  it('a static listing promises nothing: no check, never delayed, no record', async () => {
    const { id, approvedAt } = await approved('Census Tracts', { updateFrequency: 'static' });
    expect(await checks(id)).toEqual([]);
    await runAt(approvedAt + 400 * DAY);
    expect(await delayedSince(id)).toBeNull();
    const res = await (await login('bob')).json('GET', `/api/contracts/${id}`);
    expect(res.body).toMatchObject({ delayedSince: null, onTimeRecord: null });
  });

  it('a listing off the market is not checked', async () => {
    const { id, approvedAt } = await approved('Paused Daily');
    await db().contract.update({ where: { id }, data: { status: 'inactive' } });
    await runAt(approvedAt + 31 * HOUR);
    expect(await delayedSince(id)).toBeNull();
    expect(await eventsAbout(db(), 'release.delayed', 'contractId', id)).toEqual([]);
  });

  it('the on-time record: on the contract, on a page of cards (REST and GraphQL), and the provider’s', async () => {
    const { id } = await approved('Record Hourly', { updateFrequency: 'hourly' });
    // on sale three hours ago, releases 1 h 45 min and 30 min ago: each wait within the hour and its half-hour grace
    await db().contract.update({ where: { id }, data: { reviewedAt: new Date(Date.now() - 3 * HOUR - 60_000) } });
    await release(id, 'h1', new Date(Date.now() - 105 * 60_000));
    await release(id, 'h2', new Date(Date.now() - 30 * 60_000));
    const one = await (await login('bob')).json('GET', `/api/contracts/${id}`);
    expect(one.body.onTimeRecord).toEqual({ onTime: 3, periods: 3 });
    // without the second, the last 30 minutes are overdue: the latest period is late
    const late = await approved('Record Hourly Late', { updateFrequency: 'hourly' });
    await db().contract.update({ where: { id: late.id }, data: { reviewedAt: new Date(Date.now() - 3 * HOUR - 60_000) } });
    await release(late.id, 'h1', new Date(Date.now() - 105 * 60_000));
    expect((await (await login('bob')).json('GET', `/api/contracts/${late.id}`)).body.onTimeRecord).toEqual({ onTime: 2, periods: 3 });
    const list = await (await login('bob')).json('GET', `/api/contracts?search=${encodeURIComponent('Record Hourly')}`);
    expect(list.body.find((c: { id: string }) => c.id === id)).toMatchObject({ onTimeRecord: { onTime: 3, periods: 3 }, delayedSince: null });
    const gql = await (await login('bob')).gql(`{ contracts(filter: { search: "Record Hourly" }) { edges { node { contractId delayedSince onTimeRecord { onTime periods } } } } }`);
    expect(gql.errors).toBeUndefined();
    expect(gql.data.contracts.edges[0].node).toEqual({ contractId: id, delayedSince: null, onTimeRecord: { onTime: 3, periods: 3 } });
    const provider = await (await login('bob')).gql(`query($id: ID!) { contract(id: $id) { provider { onTimeRecord { onTime periods } } } }`, { id });
    expect(provider.data.contract.provider.onTimeRecord.periods).toBeGreaterThanOrEqual(3);
    // a listing never on sale (in review) has promised nothing yet, however old
    await db().contract.update({ where: { id: late.id }, data: { status: 'pending_review' } });
    const asProvider = await (await login('prov')).json('GET', `/api/contracts/${late.id}`);
    expect(asProvider.body).toMatchObject({ onTimeRecord: null });
  });

  it.runIf(kind === 'postgres')('two runners at once mark a listing delayed and tell its provider exactly once', async () => {
    const listings = [];
    for (let i = 0; i < 3; i++) listings.push(await approved(`Twin Runner ${i}`));
    const runners = [0, 1].map((n) => {
      const r = createJobRunner({ db: db(), workerId: `fresh${n}` });
      registerFreshnessJobs(r, { events: app().events });
      registerNotificationJobs(r, { events: app().events, mailer: app().mailer, appUrl: 'http://localhost', secret: new Uint8Array(32) });
      return r;
    });
    const at = new Date(Math.max(...listings.map((l) => l.approvedAt)) + 31 * HOUR);
    await Promise.all([runners[0]!.runDue(at), runners[1]!.runDue(at), app().jobs.runDue(at)]);
    for (const { id } of listings) {
      expect(await eventsAbout(db(), 'release.delayed', 'contractId', id)).toHaveLength(1);
      expect(await db().notification.count({ where: { type: 'release.delayed', userId: users.prov!.id, link: `/contract/${id}` } })).toBe(1);
    }
    await Promise.all(runners.map((r) => r.stop()));
  });
});
