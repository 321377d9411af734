// Webhook endpoints and the event feed of a person (docs/decisions.md "Issue 27: webhooks and the
// event feed"). Every read and write names the viewer's own rows: another person's endpoint or
// delivery is, to anyone else, an id that names nothing (NOT_FOUND).
import type { Db } from '../../db/database.ts';
import { isRecordId } from '../../db/ids.ts';
import type { Jobs } from '../../jobs/job-runner.ts';
import { AuthenticationError, ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import type { Viewer } from '../policies.ts';
import { scheduleAttempt } from './webhooks.jobs.ts';
import { sealSecret } from './webhook-secret.ts';
import { MAX_ENDPOINTS_PER_USER, newSigningSecret, TEST_EVENT, urlProblem } from './webhooks.rules.ts';
import { createEndpointInput, eventFeedInput } from './webhooks.schemas.ts';

export interface WebhookServiceDeps {
  db: Db;
  jobs: Pick<Jobs, 'schedule'>;
  sessionSecret: Uint8Array;
  webhooks: { allowPrivateNetworks: boolean; requireHttps: boolean };
  now?: () => Date;
}

function signedIn(viewer: Viewer | null | undefined): Viewer {
  if (!viewer) throw new AuthenticationError();
  return viewer;
}

/** The viewer's endpoint, or NOT_FOUND (someone else's too). */
async function ownEndpoint(db: Db, viewer: Viewer, endpointId: string) {
  const endpoint = isRecordId(endpointId) ? await db.webhookEndpoint.findFirst({ where: { id: endpointId, userId: viewer.id } }) : null;
  if (!endpoint) throw new NotFoundError('No such webhook endpoint');
  return endpoint;
}

export async function createWebhookEndpoint(deps: WebhookServiceDeps, viewer: Viewer | null | undefined, input: unknown) {
  const me = signedIn(viewer);
  const { url, eventTypes, description } = parseInput(createEndpointInput, input);
  const problem = urlProblem(url, deps.webhooks);
  if (problem) throw new ValidationError(problem, [{ field: 'url', message: problem }]);
  const secret = newSigningSecret();
  const endpoint = await deps.db.$transaction(async (tx) => {
    // A bound on the work one person can cause, not a contract: two racing creations may pass it by one.
    const count = await tx.webhookEndpoint.count({ where: { userId: me.id } });
    if (count >= MAX_ENDPOINTS_PER_USER) throw new ConflictError(`At most ${MAX_ENDPOINTS_PER_USER} webhook endpoints; delete one first`);
    return tx.webhookEndpoint.create({
      data: {
        userId: me.id,
        url,
        description: description || null,
        eventTypes: eventTypes.includes('*') ? [] : [...new Set(eventTypes)],
        secretSealed: sealSecret(deps.sessionSecret, secret),
        createdAt: deps.now?.() ?? new Date(),
      },
    });
  });
  return { endpoint, secret };
}

export async function deleteWebhookEndpoint(deps: WebhookServiceDeps, viewer: Viewer | null | undefined, endpointId: string) {
  const me = signedIn(viewer);
  const endpoint = await ownEndpoint(deps.db, me, endpointId);
  // Its deliveries and attempts go with it; their pending jobs find nothing and do nothing.
  await deps.db.webhookEndpoint.deleteMany({ where: { id: endpoint.id, userId: me.id } });
  return endpoint;
}

/** Turns a disabled endpoint back on: its failure streak starts again; missed events are in the feed. */
export async function enableWebhookEndpoint(deps: WebhookServiceDeps, viewer: Viewer | null | undefined, endpointId: string) {
  const me = signedIn(viewer);
  const endpoint = await ownEndpoint(deps.db, me, endpointId);
  return deps.db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: true, disabledAt: null, disabledReason: null, failureStreak: 0, failingSince: null } });
}

/** A `webhook.test` event sent to this endpoint only, by the same job and path as real events. */
export async function sendWebhookTest(deps: WebhookServiceDeps, viewer: Viewer | null | undefined, endpointId: string) {
  const me = signedIn(viewer);
  const endpoint = await ownEndpoint(deps.db, me, endpointId);
  if (!endpoint.enabled) throw new ConflictError('This endpoint is disabled: enable it first', 'INVALID_TRANSITION');
  const now = deps.now?.() ?? new Date();
  return deps.db.$transaction(async (tx) => {
    const event = await tx.domainEvent.create({ data: { type: TEST_EVENT, data: { endpointId: endpoint.id }, createdAt: now } });
    const delivery = await tx.webhookDelivery.create({ data: { endpointId: endpoint.id, eventId: event.id, createdAt: now, nextAttemptAt: now } });
    await scheduleAttempt(tx, deps.jobs, delivery.id, 1, now);
    return delivery;
  });
}

/** One more attempt of a delivery, now, whatever became of it (a failure of it is not retried again). */
export async function redeliverWebhookDelivery(deps: WebhookServiceDeps, viewer: Viewer | null | undefined, endpointId: string, deliveryId: string) {
  const me = signedIn(viewer);
  const endpoint = await ownEndpoint(deps.db, me, endpointId);
  const delivery = isRecordId(deliveryId) ? await deps.db.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId: endpoint.id } }) : null;
  if (!delivery) throw new NotFoundError('No such delivery of this endpoint');
  if (!endpoint.enabled) throw new ConflictError('This endpoint is disabled: enable it first', 'INVALID_TRANSITION');
  const now = deps.now?.() ?? new Date();
  await deps.db.$transaction((tx) => scheduleAttempt(tx, deps.jobs, delivery.id, delivery.attempts + 1, now, true));
  return delivery;
}

const CURSOR_PREFIX = 'ev1:';
export const feedCursor = (seq: number) => Buffer.from(`${CURSOR_PREFIX}${seq}`).toString('base64url');
function seqOfCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const seq = text.startsWith(CURSOR_PREFIX) ? Number(text.slice(CURSOR_PREFIX.length)) : NaN;
  if (!Number.isSafeInteger(seq) || seq < 0 || feedCursor(seq) !== cursor) throw new ValidationError('Invalid cursor: pass the nextCursor of a page', [{ field: 'after', message: 'Invalid cursor' }]);
  return seq;
}

/**
 * The viewer's events, oldest first after `after` (a cursor handed out with a page): a program that
 * was down reads on from its last cursor and misses nothing. Without `after`, from the first one.
 */
export async function eventFeed(db: Db, viewer: Viewer | null | undefined, input: { after?: string | null; types?: string[] | null; limit?: number | null }) {
  const me = signedIn(viewer);
  const { after, types, limit } = parseInput(eventFeedInput, input);
  const take = limit ?? 50;
  const rows = await db.eventRecipient.findMany({
    where: { userId: me.id, ...(after ? { seq: { gt: seqOfCursor(after) } } : {}), ...(types?.length ? { type: { in: types } } : {}) },
    orderBy: { seq: 'asc' },
    take: take + 1,
    include: { event: true },
  });
  const page = rows.slice(0, take);
  const last = page.at(-1);
  return {
    events: page.map((r) => ({ id: r.event.id, type: r.event.type, createdAt: r.event.createdAt, data: r.event.data ?? {} })),
    hasMore: rows.length > take,
    // Where to read on: after the last of this page, or (an empty page) where the caller was.
    nextCursor: last ? feedCursor(last.seq) : (after ?? null),
  };
}
