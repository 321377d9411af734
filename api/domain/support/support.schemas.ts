import { z } from 'zod';
import { TicketPriority, TicketStatus } from '../../db/generated/prisma/enums.ts';

const values = <T extends Record<string, string>>(e: T) => Object.values(e) as [T[keyof T], ...T[keyof T][]];

export const PRIORITY_MESSAGE = 'Priority must be one of: low, medium, high, urgent';
export const STATUS_MESSAGE = 'Status must be one of: open, in_progress, resolved, closed';

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

/** The widget's form: every field but priority is required; priority is medium unless chosen. */
export const ticketInput = z.object({
  name: text(200),
  email: text(320),
  subject: text(300),
  message: text(10_000),
  priority: z.enum(values(TicketPriority), { error: PRIORITY_MESSAGE }).default('medium'),
});

export const messageInput = z.object({ message: text(10_000), senderName: text(200).optional().nullable() });

export const statusInput = z.enum(values(TicketStatus), { error: STATUS_MESSAGE });

export const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
