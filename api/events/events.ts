/**
 * The domain events: what changed, raised by the domain services after their transaction commits,
 * heard by GraphQL subscriptions (and later by other services) on every server instance.
 *
 * Each entry is the argument list of `publish`: `[]` for a market-wide signal, or
 * `[routingId, payload]` where subscribers listen to one id (`subscribe('priceTick', contractId)`).
 * Payloads travel as JSON through Redis when several instances run, so they hold only JSON values:
 * money as decimal strings, times as ISO strings, ids; subscribers load anything else fresh.
 */
export type DomainEvents = {
  /** Figures of the market (users, listings, volume) may have changed. */
  marketStatsChanged: [];
  /** A contract's market price moved (a PriceTick row was written). */
  priceTick: [contractId: string, PriceTickEvent];
  /** A contract's listing changed: created, edited, reviewed, taken off the market. */
  contractChanged: [contractId: string, ContractChangedEvent];
  /** A bid was placed on the contract. */
  bidPlaced: [contractId: string, BidEvent];
  /** A bid on the contract was accepted, declined, withdrawn or settled. */
  bidChanged: [contractId: string, BidEvent];
  /** An administrator approved or rejected a listing of this provider. */
  listingReviewed: [providerId: string, ListingReviewedEvent];
  /** A support ticket was opened, answered or moved (its watchers: the widget, the admin's detail). */
  ticketUpdated: [ticketId: string, TicketUpdatedEvent];
  /** The same, for the administrators' queue (every ticket). */
  supportQueueChanged: [TicketUpdatedEvent];
  /** A message was sent; raised once for each of the two participants (routed by their user id). */
  messageSent: [userId: string, MessageSentEvent];
  /** A participant read a conversation; raised for each of its participants (read marks). */
  conversationRead: [userId: string, ConversationReadEvent];
  /** The user's count of unread messages may have changed (the header badge). */
  unreadCountChanged: [userId: string, { userId: string }];
  /** A position of the user opened, closed, or its contract's market price moved (its P/L). */
  positionUpdated: [userId: string, PositionUpdatedEvent];
  /** Sessions ended (logout, a new password): every instance closes their sockets. */
  sessionEnded: [SessionEndedEvent];
  /** A payment moved: escrowed, failed, disputed, released or refunded (its buyer, seller and admins follow it). */
  paymentUpdated: [paymentId: string, PaymentUpdatedEvent];
  /** A user's public face changed outside updateProfile: an uploaded or removed avatar, a deleted account. */
  profileChanged: [userId: string];
  /** A buyer disputed a payment (every dispute: the compliance queue, notifications). */
  disputeOpened: [DisputeEvent];
  /** An administrator settled a dispute: refunded or released. */
  disputeSettled: [DisputeEvent];
  /** A notification was stored for the user's bell (raised after the fan-out committed). */
  notificationAdded: [userId: string, NotificationAddedEvent];
  /** Notifications of the user were marked read (their other tabs and devices update the count). */
  notificationsRead: [userId: string, { userId: string }];
};

export type DomainEventName = keyof DomainEvents;

export interface PriceTickEvent {
  contractId: string;
  price: string;
  source: 'listing' | 'price_change' | 'sale' | 'bid_accepted';
  at: string;
}

export interface PositionUpdatedEvent {
  positionId: string;
  contractId: string;
  status: 'open' | 'closed';
  /** opened, closed (by hand, stop-loss or take-profit), or marked at a new market price */
  change: 'opened' | 'closed' | 'marked';
  closeReason: 'manual' | 'stop_loss' | 'take_profit' | null;
}

export interface ContractChangedEvent {
  contractId: string;
  status: string;
}

export interface BidEvent {
  bidId: string;
  contractId: string;
  status: string;
  amount: string;
}

export interface ListingReviewedEvent {
  contractId: string;
  providerId: string;
  status: string;
}

export interface TicketUpdatedEvent {
  ticketId: string;
  status: string;
  userId: string | null;
  change: 'created' | 'message' | 'updated';
  /** The new message, when `change` is 'message'. */
  messageId: string | null;
}

export interface MessageSentEvent {
  messageId: string;
  conversationId: string;
  senderId: string;
  recipientId: string;
}

export interface ConversationReadEvent {
  conversationId: string;
  readerId: string;
  readAt: string;
}

/** One session that ended, or every session of a user but the one that ended them. */
export type SessionEndedEvent = { sessionId: string } | { userId: string; exceptSessionId: string | null };

export interface PaymentUpdatedEvent {
  paymentId: string;
  contractId: string;
  buyerId: string;
  sellerId: string;
  from: string;
  status: 'escrowed' | 'failed' | 'disputed' | 'released' | 'refunded';
}

export interface DisputeEvent {
  disputeId: string;
  paymentId: string;
  contractId: string;
  buyerId: string;
  sellerId: string;
  status: 'open' | 'refunded' | 'released';
  reason: string;
}

export interface NotificationAddedEvent {
  notificationId: string;
  userId: string;
  /** The event type, e.g. `bid.accepted`. */
  type: string;
}

/** What a domain service needs: raise an event (after its transaction committed). */
export interface EventPublisher {
  publish<K extends DomainEventName>(event: K, ...args: DomainEvents[K]): void;
}
