import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { z } from 'zod';
import type { Yoga } from '../graphql/yoga.ts';
import { json, operation, respondWithGraphQLErrors, runOperation, type ClientIp } from './execute.ts';
import { jsonError } from './respond.ts';
import { documentedAs, queryOf } from './openapi/describe.ts';
import { Instant } from './openapi/shapes.ts';

const doc = documentedAs('Webhooks');

// The event feed (docs/decisions.md "Issue 27: webhooks and the event feed"): the caller's events,
// the same ones webhooks send, oldest first after a cursor, so a program that was down catches up.
//   GET /api/events[?after=<cursor>&types=a,b&limit=]   { events, nextCursor, hasMore } + Link

interface FeedPage {
  events: Array<{ eventId: string; type: string; createdAt: string; data: unknown }>;
  nextCursor: string | null;
  hasMore: boolean;
}

const FEED = operation<{ eventFeed: FeedPage | null }, { after: string | null; types: string[] | null; first: number | null }>(`query RestEventFeed($after: String, $types: [String!], $first: Int) {
  eventFeed(after: $after, types: $types, first: $first) { nextCursor hasMore events { eventId type createdAt data } } }`);

const EventAnswer = z
  .object({
    id: z.string().describe('Also the DataPit-Event-Id of its webhook deliveries.'),
    type: z.string().describe('In the one vocabulary of events, e.g. bid.accepted.'),
    createdAt: Instant,
    data: z.record(z.string(), z.unknown()).describe('The ids a reader needs (bidId, contractId, paymentId...).'),
  })
  .meta({ id: 'Event' });

const FeedQuery = z.object({
  after: z.string().max(200, 'after: a cursor is short').optional().describe('The nextCursor of the last page read; none: from the first event.'),
  types: z.string().max(2000).optional().describe('Only these event types, comma-separated (GET /api/webhooks/event-types lists them).'),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'limit must be a whole number from 1 to 100')
    .optional()
    .describe('Page size, 1 to 100 (default 50).'),
});

export function eventRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  r.get('/events', doc({
    access: 'signed-in',
    tokenScopes: ['webhooks'],
    summary: "The signed-in user's events, oldest first after a cursor",
    description:
      'The events that concerned the caller (the ones their webhooks receive), oldest first. Keep `nextCursor` and pass it as `after` next time: a program that was down reads on from there and misses nothing. `hasMore` says whether to read on now; `Link` (rel="next") is the next page.',
    answers: {
      200: {
        description: 'A page of events',
        schema: z.object({ events: z.array(EventAnswer), nextCursor: z.string().nullable().describe('Pass as `after` to read on.'), hasMore: z.boolean() }),
        headers: { Link: { description: 'RFC 8288 link to the `next` page, when hasMore.', schema: { type: 'string' } } },
      },
    },
  }), queryOf(FeedQuery), async (c) => {
    const q = c.req.valid('query');
    const types = q.types ? q.types.split(',').map((t) => t.trim()).filter(Boolean) : null;
    const first = q.limit === undefined ? null : Number(q.limit);
    const result = await runOperation(yoga, c, clientIp(c), FEED, { after: q.after ?? null, types, first });
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    const page = result.data?.eventFeed;
    if (!page) return jsonError(c, 'LOGIN_REQUIRED', 'Authentication required');
    if (page.hasMore && page.nextCursor) {
      const url = new URL(c.req.url);
      url.searchParams.set('after', page.nextCursor);
      c.header('link', `<${url.pathname}?${url.searchParams}>; rel="next"`);
    }
    return json(c, { events: page.events.map(({ eventId, ...rest }) => ({ id: eventId, ...rest })), nextCursor: page.nextCursor, hasMore: page.hasMore });
  });

  return r;
}
