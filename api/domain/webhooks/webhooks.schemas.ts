import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from './webhooks.rules.ts';

export const EVENT_TYPES_MESSAGE = `eventTypes must list event types (${WEBHOOK_EVENT_TYPES.slice(0, 3).join(', ')}...) or be ["*"] for all`;

export const createEndpointInput = z.object({
  url: z.string({ error: 'url is required' }).trim().min(1, 'url is required').max(2048, 'url must be at most 2048 characters'),
  eventTypes: z
    .array(z.string({ error: EVENT_TYPES_MESSAGE }), { error: EVENT_TYPES_MESSAGE })
    .min(1, EVENT_TYPES_MESSAGE)
    .max(WEBHOOK_EVENT_TYPES.length + 1, EVENT_TYPES_MESSAGE)
    .refine((types) => types.every((t) => t === '*' || WEBHOOK_EVENT_TYPES.includes(t)), { message: EVENT_TYPES_MESSAGE }),
  description: z.string({ error: 'description must be text' }).trim().max(200, 'description must be at most 200 characters').nullish(),
});

export const eventFeedInput = z.object({
  after: z.string().max(200).nullish(),
  types: z
    .array(z.string())
    .max(50, 'types: at most 50')
    .refine((types) => types.every((t) => WEBHOOK_EVENT_TYPES.includes(t)), { message: 'types must be event types of the vocabulary (GET /api/webhooks/event-types lists them)' })
    .nullish(),
  limit: z.number().int().min(1, 'limit must be 1 to 100').max(100, 'limit must be 1 to 100').nullish(),
});
