import { z } from 'zod';
import { MAX_MESSAGE_LENGTH } from './messaging.rules.ts';

export const CONTENT_REQUIRED = 'Message content is required';
export const RECIPIENT_REQUIRED = 'Recipient is required';

// Content is trimmed: whitespace around a message is not part of it, and a blank one is not sent.
const content = z
  .string({ error: CONTENT_REQUIRED })
  .trim()
  .min(1, CONTENT_REQUIRED)
  .max(MAX_MESSAGE_LENGTH, `A message can be at most ${MAX_MESSAGE_LENGTH} characters`);

const optionalId = z
  .string()
  .trim()
  .nullish()
  .transform((v) => v || null);

export const sendMessageInput = z.object({
  content,
  recipientId: optionalId,
  conversationId: optionalId,
});

export const openConversationInput = z
  .object({ contractId: optionalId, userId: optionalId })
  .refine((v) => !!v.contractId !== !!v.userId, { message: 'Give either a contractId or a userId', path: ['contractId'] });

export type SendMessageInput = z.output<typeof sendMessageInput>;
export type OpenConversationInput = z.output<typeof openConversationInput>;
