import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { makeContract } from '../../test/market-fixtures.ts';
import { paymentsTestbed } from '../payments/payments.testbed.ts';
import { FRESHNESS_JOB, freshnessKeyPrefix } from './freshness.jobs.ts';

// A link listing's confirmed update (docs/decisions.md "Issue 26: the freshness promise"): its
// provider alone confirms, with a note; it is a release without a file and keeps the promise.

const CONFIRM = `mutation($input: ConfirmListingUpdateInput!) { confirmListingUpdate(input: $input) {
  __typename ... on Error { message reason } ... on MutationConfirmListingUpdateSuccess { data { version notes contract { contractId delayedSince } } } } }`;

describe.each(testDatabases())('confirming a link listing’s update on %s', (kind) => {
  const { users, db, login, anonymous, post } = paymentsTestbed(kind);

  const linkListing = async (title: string, extra: { status?: 'active' | 'pending_review'; file?: boolean } = {}) => {
    const c = await makeContract(db(), users.prov!.id, { title, category: 'energy', price: '15.00', status: extra.status ?? 'active' });
    if (!extra.file) await db().contract.update({ where: { id: c.id }, data: { dataAccessType: 'external_link', dataAccessUrl: 'https://example.com/feed' } });
    return c.id;
  };

  it('the provider confirms over REST: 201, a release without a file, the delay cleared, the next check scheduled', async () => {
    const id = await linkListing('Harbour Feed');
    await db().contract.update({ where: { id }, data: { delayedSince: new Date(Date.now() - 3_600_000) } });
    const res = await post(await login('prov'), `/api/contracts/${id}/updates`, { note: 'November figures added' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ notes: 'November figures added', contract: { id, delayedSince: null, onTimeRecord: expect.any(Object) } });
    const [release] = await db().contractRelease.findMany({ where: { contractId: id } });
    expect(release).toMatchObject({ sequence: 1, fileId: null, notes: 'November figures added', publishedById: users.prov!.id });
    expect(await db().job.count({ where: { kind: FRESHNESS_JOB, status: 'pending', key: { startsWith: freshnessKeyPrefix(id) } } })).toBe(1);
    expect(await db().domainEvent.count({ where: { type: 'release.published', data: { path: ['contractId'], equals: id } } })).toBe(1);
  });

  it('the provider confirms over GraphQL', async () => {
    const id = await linkListing('Harbour Feed GraphQL');
    const res = await (await login('prov')).gql(CONFIRM, { input: { contractId: id, note: 'Refreshed' } });
    expect(res.data.confirmListingUpdate).toMatchObject({ __typename: 'MutationConfirmListingUpdateSuccess', data: { notes: 'Refreshed', contract: { contractId: id, delayedSince: null } } });
  });

  it('anyone else is refused: anonymous 401, a buyer, another user and an administrator 403; nothing is written', async () => {
    const id = await linkListing('Harbour Feed Guarded');
    expect((await post(anonymous(), `/api/contracts/${id}/updates`, { note: 'x' })).status).toBe(401);
    for (const who of ['ann', 'boss']) {
      const res = await post(await login(who), `/api/contracts/${id}/updates`, { note: 'x' });
      expect(res.status, who).toBe(403);
      expect(res.body.code).toBe('NOT_OWNER');
    }
    const gql = await (await login('bob')).gql(CONFIRM, { input: { contractId: id, note: 'x' } });
    expect(gql.data.confirmListingUpdate).toMatchObject({ __typename: 'PermissionError', reason: 'NOT_OWNER' });
    expect(await db().contractRelease.count({ where: { contractId: id } })).toBe(0);
  });

  it('bad input answers 4xx with a message: no note, a long note, a file listing, a listing not on sale, an unknown or malformed id', async () => {
    const prov = await login('prov');
    const id = await linkListing('Harbour Feed Input');
    const empty = await post(prov, `/api/contracts/${id}/updates`, { note: '   ' });
    expect(empty).toMatchObject({ status: 400, body: { message: 'Say what was updated' } });
    expect((await post(prov, `/api/contracts/${id}/updates`, {})).status).toBe(400);
    expect((await post(prov, `/api/contracts/${id}/updates`, { note: 'x'.repeat(2001) })).status).toBe(400);
    const file = await post(prov, `/api/contracts/${await linkListing('Harbour File', { file: true })}/updates`, { note: 'x' });
    expect(file).toMatchObject({ status: 409, body: { message: expect.stringContaining('file listing publishes a release') } });
    expect((await post(prov, `/api/contracts/${await linkListing('Harbour Pending', { status: 'pending_review' })}/updates`, { note: 'x' })).status).toBe(409);
    expect((await post(prov, '/api/contracts/0196c4a0-0000-7000-8000-000000000099/updates', { note: 'x' })).status).toBe(404);
    expect((await post(prov, '/api/contracts/not-an-id/updates', { note: 'x' })).status).toBe(404);
    expect((await post(prov, `/api/contracts/${id}/updates`, { note: 42 })).status).toBe(400);
  });
});
