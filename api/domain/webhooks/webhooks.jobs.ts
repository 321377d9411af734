// Webhook deliveries by the job runner (docs/decisions.md "Issue 27: webhooks and the event feed").
// Each attempt is one job (`webhook.deliver:<deliveryId>:<n>`): the handler POSTs, logs the attempt
// and schedules the next one itself, so a failed attempt is still written (a throwing handler
// would roll its log back). At least once: a run lost after the POST sends it again.
import type { JobContext, Jobs } from '../../jobs/job-runner.ts';
import type { Logger } from '../../logger.ts';
import type { Tx } from '../transitions/transition.ts';
import { recordEvent } from '../notifications/record-event.ts';
import { postWebhook, type PostOptions } from './webhook-http.ts';
import { openSecret } from './webhook-secret.ts';
import { DISABLED_EVENT, endpointWants, isSuccessStatus, nextAttemptAt, shouldDisable, signatureHeader, USER_AGENT } from './webhooks.rules.ts';

export const DELIVER_JOB = 'webhook.deliver';

export interface WebhookDeps {
  sessionSecret: Uint8Array;
  allowPrivateNetworks: boolean;
  logger?: Logger;
  /** Tests shorten the deadline or resolve names their own way. */
  timeoutMs?: number;
  resolve?: PostOptions['resolve'];
}

/** The job of attempt `n` of a delivery; `manual` for a redelivery asked by the owner. */
export function scheduleAttempt(tx: Tx, jobs: Pick<Jobs, 'schedule'>, deliveryId: string, n: number, runAt: Date, manual = false) {
  const key = `${DELIVER_JOB}:${deliveryId}:${n}${manual ? ':manual' : ''}`;
  return jobs.schedule(tx, { kind: DELIVER_JOB, key, runAt, payload: { deliveryId, manual } });
}

/**
 * Called by the fan-out, in its transaction: the event's audience (its feed rows, whatever each
 * person's notification preferences) and one delivery per enabled endpoint of theirs that wants it.
 */
export async function recordAudience(tx: Tx, jobs: Pick<Jobs, 'schedule'>, event: { id: string; type: string; createdAt: Date }, userIds: string[], now: Date) {
  const people = [...new Set(userIds)];
  if (!people.length) return;
  await tx.eventRecipient.createMany({ data: people.map((userId) => ({ eventId: event.id, userId, type: event.type, createdAt: event.createdAt })), skipDuplicates: true });
  const endpoints = await tx.webhookEndpoint.findMany({ where: { userId: { in: people }, enabled: true }, select: { id: true, eventTypes: true } });
  const wanting = endpoints.filter((e) => endpointWants(e.eventTypes, event.type));
  if (!wanting.length) return;
  await tx.webhookDelivery.createMany({ data: wanting.map((e) => ({ endpointId: e.id, eventId: event.id, createdAt: now, nextAttemptAt: now })), skipDuplicates: true });
  const deliveries = await tx.webhookDelivery.findMany({ where: { eventId: event.id, endpointId: { in: wanting.map((e) => e.id) }, attempts: 0 }, select: { id: true } });
  for (const d of deliveries) await scheduleAttempt(tx, jobs, d.id, 1, now);
}

/** The body POSTed: `{ id, type, createdAt, data }`, data being the event's ids as recorded. */
export function webhookBody(event: { id: string; type: string; createdAt: Date; data: unknown }): string {
  return JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt.toISOString(), data: event.data ?? {} });
}

async function deliver(deps: WebhookDeps, jobs: Pick<Jobs, 'schedule'>, payload: { deliveryId: string; manual?: boolean }, ctx: JobContext) {
  const { tx, now } = ctx;
  const manual = payload.manual === true;
  const delivery = await tx.webhookDelivery.findUnique({ where: { id: payload.deliveryId }, include: { endpoint: true, event: true } });
  if (!delivery) return;
  // A scheduled attempt of a delivery already done (redelivered in between) has nothing to do.
  if (!manual && delivery.status !== 'pending') return;
  const { endpoint, event } = delivery;
  const n = delivery.attempts + 1;
  if (!endpoint.enabled && !manual) {
    await tx.webhookDelivery.update({ where: { id: delivery.id }, data: { status: 'failed', finishedAt: now, nextAttemptAt: null } });
    return;
  }
  let secret: string;
  try {
    secret = openSecret(deps.sessionSecret, endpoint.secretSealed);
  } catch {
    secret = '';
  }
  const body = webhookBody(event);
  // The signature's time is the wall clock's: receivers compare it with theirs.
  const t = Math.floor(Date.now() / 1000);
  const outcome = secret
    ? await postWebhook({
        url: endpoint.url,
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          'datapit-event-id': event.id,
          'datapit-event-type': event.type,
          'datapit-delivery-id': delivery.id,
          'datapit-signature': signatureHeader(secret, body, t),
        },
        allowPrivateNetworks: deps.allowPrivateNetworks,
        timeoutMs: deps.timeoutMs,
        resolve: deps.resolve,
      })
    : { statusCode: null, durationMs: 0, responseExcerpt: null, error: 'the signing secret cannot be read (SESSION_SECRET changed?): register the endpoint again' };
  const ok = outcome.statusCode !== null && isSuccessStatus(outcome.statusCode);
  const error = outcome.error ?? (ok ? null : outcome.statusCode !== null && outcome.statusCode >= 300 && outcome.statusCode < 400 ? `answered ${outcome.statusCode}: redirects are not followed` : `answered ${outcome.statusCode}`);
  await tx.webhookAttempt.create({
    data: { deliveryId: delivery.id, number: n, manual, statusCode: outcome.statusCode, durationMs: outcome.durationMs, responseExcerpt: outcome.responseExcerpt, error, at: now },
  });
  if (ok) {
    await tx.webhookDelivery.update({ where: { id: delivery.id }, data: { attempts: n, status: 'succeeded', finishedAt: now, nextAttemptAt: null } });
    await tx.webhookEndpoint.update({ where: { id: endpoint.id }, data: { failureStreak: 0, failingSince: null } });
    return;
  }
  deps.logger?.info({ deliveryId: delivery.id, endpointId: endpoint.id, attempt: n, statusCode: outcome.statusCode, error }, 'webhooks: attempt failed');
  // A failed redelivery leaves a delivery still being retried pending; else it has failed.
  const next = manual ? null : nextAttemptAt(delivery.createdAt, n, now);
  const stillRetried = manual && delivery.status === 'pending';
  await tx.webhookDelivery.update({
    where: { id: delivery.id },
    data: next
      ? { attempts: n, nextAttemptAt: next }
      : stillRetried
        ? { attempts: n }
        : { attempts: n, status: 'failed', finishedAt: now, nextAttemptAt: null },
  });
  if (next) await scheduleAttempt(tx, jobs, delivery.id, n + 1, next);
  const failingSince = endpoint.failingSince ?? now;
  // Disabled once failing for 3 days, or when a delivery gives up after its 3 days of retries with
  // no success to the endpoint since its first attempt.
  const firstAttemptAt = n === 1 ? now : ((await tx.webhookAttempt.findFirst({ where: { deliveryId: delivery.id, number: 1 }, select: { at: true } }))?.at ?? now);
  const gaveUp = !manual && !next && failingSince.getTime() <= firstAttemptAt.getTime();
  const disable = endpoint.enabled && (gaveUp || shouldDisable(failingSince, now));
  await tx.webhookEndpoint.update({
    where: { id: endpoint.id },
    data: {
      failureStreak: { increment: 1 },
      failingSince,
      ...(disable ? { enabled: false, disabledAt: now, disabledReason: `Deliveries failed for 3 days (last: ${error})`.slice(0, 500) } : {}),
    },
  });
  if (disable) await recordEvent(tx, jobs, DISABLED_EVENT, { endpointId: endpoint.id }, now);
}

export function registerWebhookJobs(jobs: Pick<Jobs, 'register' | 'schedule'>, deps: WebhookDeps) {
  // The handler never throws for the endpoint's failures (it logs them and schedules the next
  // attempt); a throw is ours (the database) and the runner retries that.
  jobs.register(DELIVER_JOB, (payload: { deliveryId: string; manual?: boolean }, ctx: JobContext) => deliver(deps, jobs, payload, ctx), { maxAttempts: 5 });
}
