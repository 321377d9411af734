import type { Jobs, JsonObject } from '../../jobs/job-runner.ts';
import type { Tx } from '../transitions/transition.ts';

/** The job that tells the people concerned of one recorded event (notifications.jobs.ts). */
export const FANOUT_JOB = 'event.fanout';

/**
 * The one way a service says that something happened: a DomainEvent row of the product's
 * vocabulary (`bid.accepted`...), written in the service's own transaction, and a job, in the same
 * transaction, that fans it out. A rolled-back change raises nothing; a committed one is told even
 * when the process dies right after (the job survives it). `data` holds the ids a reader needs.
 */
export async function recordEvent(tx: Tx, jobs: Pick<Jobs, 'schedule'>, type: string, data: JsonObject, now = new Date()): Promise<string> {
  const event = await tx.domainEvent.create({ data: { type, data, createdAt: now }, select: { id: true } });
  await jobs.schedule(tx, { kind: FANOUT_JOB, key: `${FANOUT_JOB}:${event.id}`, runAt: now, payload: { eventId: event.id } });
  return event.id;
}
