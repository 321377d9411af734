import { z } from 'zod';
import { NOTIFICATION_KINDS } from './notification-kinds.ts';

// The inputs of the notification centre (docs/decisions.md "Issue 25: notification centre").

/** Ids one markNotificationsRead call may name (the web marks a page at most). */
export const MAX_READ_IDS = 100;
export const READ_TARGET_REQUIRED = 'Give either ids (a non-empty list) or all: true';
export const CHANNEL_MESSAGE = 'channel must be one of: app, mail, both';

export const markReadInput = z
  .object({
    ids: z
      .array(z.string({ error: 'Each id must be text' }), { error: 'ids must be a list of notification ids' })
      .max(MAX_READ_IDS, `At most ${MAX_READ_IDS} ids at a time`)
      .nullish(),
    all: z.boolean({ error: 'all must be true or false' }).nullish(),
  })
  .refine((v) => (v.all === true) !== (v.ids != null && v.ids.length > 0), { message: READ_TARGET_REQUIRED, path: ['ids'] });

const KNOWN = new Set(NOTIFICATION_KINDS.map((k) => k.type));

export const preferencesInput = z.object({
  preferences: z
    .array(
      z.object({
        type: z.string({ error: 'type is required' }).refine((t) => KNOWN.has(t), { error: (issue) => `Unknown notification kind: ${String(issue.input)}` }),
        channel: z.enum(['app', 'mail', 'both'], { error: CHANNEL_MESSAGE }),
      }),
      { error: 'preferences must be a list of { type, channel }' },
    )
    .min(1, 'preferences must name at least one kind')
    .max(NOTIFICATION_KINDS.length, `At most ${NOTIFICATION_KINDS.length} preferences at a time`)
    .refine((list) => new Set(list.map((p) => p.type)).size === list.length, 'Each kind may appear once'),
});

export const unsubscribeInput = z.object({ token: z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(500, 'This unsubscribe link is not valid') });

export type PreferencesInput = z.output<typeof preferencesInput>;
