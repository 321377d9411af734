import { Hono } from 'hono';
import { z } from 'zod';
import type { JobRunner } from '../jobs/job-runner.ts';
import { jsonError, readJsonObject, BadRequestBody } from '../rest/respond.ts';

/**
 * The journeys' clock (TEST_HOOKS=1, never in production: api/config.ts refuses it there).
 *
 *   POST /api/test/jobs/run { at, kinds?, keyPrefixes? }   runs the timed work due at `at` as if
 *   the clock said so: a renewal a month away, a release overdue by a day.
 *
 * Why a narrowed pass and not a moved server clock: the journeys share one server and its demo
 * data, and running every job of the month ahead would release other journeys' escrow and expire
 * their access. A journey names the jobs of its own purchase or listing (their keys), so only they
 * run, with `now` = `at` in their handlers as in production.
 */
const RunBody = z.object({
  at: z.iso.datetime({ offset: true }),
  kinds: z.array(z.string().min(1).max(100)).max(20).optional(),
  keyPrefixes: z.array(z.string().min(1).max(200)).max(20).optional(),
}).refine((body) => body.kinds?.length || body.keyPrefixes?.length, 'name the jobs to run: kinds or keyPrefixes');

export function testClockRoutes(jobs: Pick<JobRunner, 'runDue'>) {
  const routes = new Hono();
  routes.post('/test/jobs/run', async (c) => {
    let body: z.infer<typeof RunBody>;
    try {
      const parsed = RunBody.safeParse(await readJsonObject(c));
      if (!parsed.success) return jsonError(c, 'INVALID_INPUT', parsed.error.issues.map((issue) => issue.message).join('; '));
      body = parsed.data;
    } catch (error) {
      if (error instanceof BadRequestBody) return jsonError(c, error.code, error.message);
      throw error;
    }
    const counts = await jobs.runDue(new Date(body.at), { kinds: body.kinds, keyPrefixes: body.keyPrefixes });
    return c.json(counts);
  });
  return routes;
}
