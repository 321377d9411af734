import type { Db } from '../../db/database.ts';
import type { Prisma, User } from '../../db/generated/prisma/client.ts';
import { isRecordId } from '../../db/ids.ts';
import type { EventPublisher } from '../../events/events.ts';
import type { Jobs } from '../../jobs/job-runner.ts';
import { recordEvent } from '../notifications/record-event.ts';
import type { RateLimiter } from '../../rate-limiter.ts';
import { AuthenticationError, NotFoundError, RateLimitedError, ValidationError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { canSeeContract } from '../policies.ts';
import { isParticipant, messagingRefusal, otherParticipant } from './messaging.rules.ts';
import { RECIPIENT_REQUIRED, openConversationInput, sendMessageInput } from './messaging.schemas.ts';

type Tx = Prisma.TransactionClient;

export interface MessagingDeps {
  db: Db;
  events: EventPublisher;
  /** Records message.received (and a provider's answer to a dispute) in the message's transaction. */
  jobs: Pick<Jobs, 'schedule'>;
}

/** How many messages one user may send per window; absent: no limit (in-process tests of the service). */
export interface MessageLimit {
  limiter: RateLimiter;
  perUser: number;
  windowMs: number;
}

export const MESSAGE_LIMIT_MESSAGE = 'Too many messages. Please try again later.';

const CONVERSATION_NOT_FOUND = 'Conversation not found';
const NOT_TO_YOURSELF = 'You cannot send a message to yourself';

/** The conversations `userId` takes part in (a Prisma filter): nobody else's are ever listed or read. */
export const conversationsOf = (userId: string): Prisma.ConversationWhereInput => ({ participants: { some: { userId } } });

/** Messages to the user not read yet: the header badge and the dashboard's Messages count. */
export function unreadMessageCount(db: Db, userId: string): Promise<number> {
  return db.message.count({ where: { recipientId: userId, readAt: null } });
}

/**
 * A conversation the viewer takes part in, with its participants; NOT_FOUND for anyone else, as for
 * an id that names nothing (a conversation's existence is private to its two participants).
 */
export async function conversationOfViewer(db: Db | Tx, viewer: User | null, conversationId: string) {
  if (!viewer) throw new AuthenticationError();
  const conversation = isRecordId(conversationId)
    ? await db.conversation.findUnique({ where: { id: conversationId }, include: { participants: { select: { userId: true } } } })
    : null;
  if (!conversation || !isParticipant(conversation.participants.map((p) => p.userId), viewer.id)) throw new NotFoundError(CONVERSATION_NOT_FOUND);
  return conversation;
}

/**
 * The conversation of the viewer with a contract's provider (about that contract) or with a user,
 * started when there is none yet. A user-addressed conversation is the pair's most recently active
 * one, whatever it is about (docs/decisions.md "Messaging").
 */
export async function openConversation(deps: Omit<MessagingDeps, 'jobs'>, viewer: User | null, rawInput: unknown) {
  if (!viewer) throw new AuthenticationError();
  const input = parseInput(openConversationInput, rawInput);
  let otherId: string;
  let contractId: string | null = null;
  if (input.contractId) {
    const contract = isRecordId(input.contractId)
      ? await deps.db.contract.findUnique({ where: { id: input.contractId }, select: { id: true, providerId: true, status: true } })
      : null;
    // A listing the viewer may not see answers as an unknown id: the conversation would name its title and provider.
    if (!contract || !canSeeContract(viewer, contract)) throw new NotFoundError('Contract not found');
    if (messagingRefusal(viewer.id, contract.providerId)) throw new ValidationError('You are the provider of this contract', [{ field: 'contractId', message: 'You are the provider of this contract' }]);
    otherId = contract.providerId;
    contractId = contract.id;
  } else {
    const user = await findUser(deps.db, input.userId!);
    if (!user) throw new NotFoundError('User not found');
    if (messagingRefusal(viewer.id, user.id)) throw new ValidationError(NOT_TO_YOURSELF, [{ field: 'userId', message: NOT_TO_YOURSELF }]);
    otherId = user.id;
  }
  return deps.db.$transaction((tx) => findOrStartConversation(tx, viewer.id, otherId, contractId));
}

/**
 * Sends a message: into the given conversation (to its other participant), or to `recipientId` in
 * the pair's conversation (started if needed). Content is trimmed and must not be blank. The
 * sender has read everything up to their own message. Both participants hear `messageSent`; the
 * recipient's unread count changes.
 */
export async function sendMessage(deps: MessagingDeps, viewer: User | null, rawInput: unknown, limit?: MessageLimit) {
  if (!viewer) throw new AuthenticationError();
  const input = parseInput(sendMessageInput, rawInput);
  let conversationId: string | null = null;
  let recipientId: string;
  if (input.conversationId) {
    const conversation = await conversationOfViewer(deps.db, viewer, input.conversationId);
    const other = otherParticipant(conversation.participants.map((p) => p.userId), viewer.id);
    if (!other) throw new NotFoundError(CONVERSATION_NOT_FOUND);
    if (input.recipientId && input.recipientId !== other) {
      throw new ValidationError('The recipient is not in this conversation', [{ field: 'recipientId', message: 'The recipient is not in this conversation' }]);
    }
    conversationId = conversation.id;
    recipientId = other;
  } else {
    if (!input.recipientId) throw new ValidationError(RECIPIENT_REQUIRED, [{ field: 'recipientId', message: RECIPIENT_REQUIRED }]);
    const recipient = await findUser(deps.db, input.recipientId);
    if (!recipient) throw new NotFoundError('Recipient not found');
    if (messagingRefusal(viewer.id, recipient.id)) throw new ValidationError(NOT_TO_YOURSELF, [{ field: 'recipientId', message: NOT_TO_YOURSELF }]);
    recipientId = recipient.id;
  }
  // Counted once the message would be sent (docs/decisions.md "Bids: withdrawing, superseding, limits").
  if (limit) {
    const hit = await limit.limiter.hit(`message:user:${viewer.id}`, limit.perUser, limit.windowMs);
    if (!hit.allowed) throw new RateLimitedError(hit.retryAfterSeconds, MESSAGE_LIMIT_MESSAGE);
  }
  const message = await deps.db.$transaction(async (tx) => {
    const id = conversationId ?? (await findOrStartConversation(tx, viewer.id, recipientId, null)).id;
    const created = await tx.message.create({ data: { conversationId: id, senderId: viewer.id, recipientId, content: input.content } });
    await tx.conversation.update({ where: { id }, data: { lastMessageAt: created.sentAt } });
    await tx.conversationParticipant.update({ where: { conversationId_userId: { conversationId: id, userId: viewer.id } }, data: { lastReadAt: created.sentAt } });
    await recordEvent(tx, deps.jobs, 'message.received', { messageId: created.id, conversationId: id });
    await recordDisputeAnswers(tx, deps.jobs, created);
    return created;
  });
  const event = { messageId: message.id, conversationId: message.conversationId, senderId: message.senderId, recipientId: message.recipientId };
  deps.events.publish('messageSent', recipientId, event);
  deps.events.publish('messageSent', viewer.id, event);
  deps.events.publish('unreadCountChanged', recipientId, { userId: recipientId });
  return message;
}

/**
 * The viewer has read the conversation (opening a thread does this): their participant row records
 * when, and every message to them in it gets its read time. The other participant hears
 * `conversationRead` (their read marks), the viewer's unread count changes.
 */
export async function markConversationRead(deps: Omit<MessagingDeps, 'jobs'>, viewer: User | null, conversationId: string) {
  const conversation = await conversationOfViewer(deps.db, viewer, conversationId);
  const reader = viewer!;
  const now = new Date();
  const marked = await deps.db.$transaction(async (tx) => {
    const { count } = await tx.message.updateMany({ where: { conversationId: conversation.id, recipientId: reader.id, readAt: null }, data: { readAt: now } });
    await tx.conversationParticipant.update({ where: { conversationId_userId: { conversationId: conversation.id, userId: reader.id } }, data: { lastReadAt: now } });
    return count;
  });
  if (marked > 0) {
    const event = { conversationId: conversation.id, readerId: reader.id, readAt: now.toISOString() };
    for (const p of conversation.participants) deps.events.publish('conversationRead', p.userId, event);
    deps.events.publish('unreadCountChanged', reader.id, { userId: reader.id });
  }
  return { conversationId: conversation.id, marked };
}

/**
 * Disputes have no statement step of their own: the provider answers a buyer's dispute by writing
 * to them (docs/decisions.md "Issue 25: notification events"). Their first message to the buyer
 * after an open dispute of theirs was raised records dispute.answered, once per dispute.
 */
async function recordDisputeAnswers(tx: Tx, jobs: Pick<Jobs, 'schedule'>, message: { id: string; conversationId: string; senderId: string; recipientId: string; sentAt: Date }) {
  const disputes = await tx.dispute.findMany({
    where: { status: 'open', raisedById: message.recipientId, payment: { sellerId: message.senderId, buyerId: message.recipientId } },
    select: { id: true, paymentId: true, createdAt: true },
  });
  for (const d of disputes) {
    const earlier = await tx.message.count({ where: { senderId: message.senderId, recipientId: message.recipientId, sentAt: { gte: d.createdAt }, id: { not: message.id } } });
    if (earlier === 0) await recordEvent(tx, jobs, 'dispute.answered', { disputeId: d.id, paymentId: d.paymentId, messageId: message.id, conversationId: message.conversationId });
  }
}

async function findUser(db: Db, id: string) {
  return isRecordId(id) ? db.user.findUnique({ where: { id }, select: { id: true } }) : null;
}

/**
 * The pair's conversation (about `contractId` when given; otherwise their most recently active
 * one), or a new one. Both users' rows are locked first, in id order, so two first messages at
 * once start one conversation, not two.
 */
async function findOrStartConversation(tx: Tx, userId: string, otherId: string, contractId: string | null) {
  const [first, second] = [userId, otherId].sort();
  await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${first} FOR UPDATE`;
  await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${second} FOR UPDATE`;
  const existing = await tx.conversation.findFirst({
    where: {
      AND: [conversationsOf(userId), conversationsOf(otherId)],
      ...(contractId ? { contractId } : {}),
    },
    orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }],
  });
  if (existing) return existing;
  return tx.conversation.create({
    data: { contractId, participants: { create: [{ userId }, { userId: otherId }] } },
  });
}
