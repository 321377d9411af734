import type { Db } from '../../db/database.ts';
import type { EventPublisher } from '../../events/events.ts';
import type { Jobs } from '../../jobs/job-runner.ts';
import { deliverNotices } from './notifications.jobs.ts';
import type { Notice } from './notices/notice.ts';

/**
 * Tells a person of a change to the security of their account (password changed, two-factor
 * turned off, email changing): in the bell and always by mail, whatever their preferences, so a
 * stranger who took the account cannot hide it. Written in its own transaction once the change
 * committed; the mail goes out through the mail job.
 */
export async function tellSecurityChange(deps: { db: Db; jobs: Pick<Jobs, 'schedule'>; events: EventPublisher }, notice: Notice, now = new Date()) {
  const publish = await deps.db.$transaction((tx) => deliverNotices(tx, deps.jobs, 'account.security', null, [notice], now));
  publish(deps.events);
}
