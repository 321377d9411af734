import { z } from 'zod';
import {
  ApplicationStatus,
  BidStatus,
  BusinessType,
  Category,
  ContractStatus,
  DataAccessType,
  DataFormat,
  DisputeReason,
  DisputeStatus,
  DueDiligenceStatus,
  PaymentMethod,
  PaymentStatus,
  PositionStatus,
  PositionType,
  PricingModel,
  PurchaseStatus,
  RenewalStatus,
  SenderType,
  TicketPriority,
  TicketStatus,
  UpdateFrequency,
} from '../../db/generated/prisma/enums.ts';
import { NOTIFICATION_KINDS } from '../../domain/notifications/notification-kinds.ts';

// Closed sets (statuses, kinds) are enums taken from the schema's own lists, so the document
// cannot drift from what the database can hold.

// The shapes of the REST answers, as the OpenAPI document prints them. Each names the fields an
// integrator can rely on; objects stay open (`loose`) so a field added later is not a breaking
// change. api/rest/openapi.test.ts checks real answers against them.

/** Decimal amounts travel as strings ("12.50") so no float rounds them. */
export const Decimal = z.string().describe('A decimal number as a string, e.g. "12.50".');
export const Instant = z.string().describe('An instant, ISO 8601 in UTC.');
const id = z.string();

export const MessageAnswer = z.object({ message: z.string() }).loose();

export const UserAnswer = z
  .object({
    id: id.describe("The user's id, as the other REST paths take it."),
    name: z.string(),
    username: z.string(),
    email: z.string().nullable().describe('Only for the user themselves and administrators.'),
    isAdmin: z.boolean(),
    dueDiligenceStatus: z.enum(DueDiligenceStatus).nullable(),
    profileImage: z.string().nullable(),
    rating: z.number().nullable(),
    reviewCount: z.number().int(),
    tradeCount: z.number().int(),
    completedSales: z.number().int(),
    emailVerified: z.boolean().nullable(),
    memberSince: Instant,
  })
  .loose()
  .meta({ id: 'User' });

export const ContractAnswer = z
  .object({
    id,
    title: z.string(),
    description: z.string(),
    category: z.enum(Category),
    categoryLabel: z.string(),
    ticker: z.string(),
    status: z.enum(ContractStatus),
    price: Decimal,
    marketPrice: Decimal,
    priceChange24h: z.object({ change: Decimal, percent: z.number() }).nullable(),
    pricingModel: z.enum(PricingModel),
    updateFrequency: z.enum(UpdateFrequency),
    recordCount: z.number().int().nullable(),
    fieldCount: z.number().int().nullable(),
    dataFormat: z.enum(DataFormat),
    dataAccessType: z.enum(DataAccessType),
    dataFields: z.array(z.string()),
    sampleData: z.unknown().describe('The sample rows the provider gave (JSON).'),
    isEnterprise: z.boolean(),
    salesCount: z.number().int(),
    highestBid: Decimal.nullable(),
    openBidCount: z.number().int(),
    createdAt: Instant,
    delayedSince: Instant.nullable().describe("When the next release became overdue against the update frequency (plus a grace margin); null while the listing keeps its promise."),
    onTimeRecord: z
      .object({ onTime: z.number().int(), periods: z.number().int() })
      .nullable()
      .describe('Of the last `periods` periods (at most 12) of the update frequency, how many the data was never overdue in; null for a static listing.'),
    providerId: id,
    provider: z
      .object({ id, name: z.string(), profileImage: z.string().nullable(), rating: z.number().nullable(), reviewCount: z.number().int(), isVerified: z.boolean() })
      .loose(),
  })
  .loose()
  .meta({ id: 'Contract' });

/** A provider's public profile (GET /api/providers/{username}): no email, no private list. */
export const ProviderProfileAnswer = z
  .object({
    id: id.describe("The provider's user id."),
    username: z.string(),
    name: z.string(),
    profileImage: z.string().nullable(),
    isVerified: z.boolean().describe('Passed due diligence.'),
    memberSince: Instant,
    rating: z.number().nullable().describe('Average review rating (1-5); null until the first review.'),
    reviewCount: z.number().int(),
    completedSales: z.number().int(),
    tradeCount: z.number().int(),
    onTimeRecord: z
      .object({ onTime: z.number().int(), periods: z.number().int() })
      .nullable()
      .describe('Their listings on sale summed; null when none of them promises updates.'),
    activeListingCount: z.number().int(),
    contracts: z.array(ContractAnswer).describe('Their newest active listings, `limit` of them (GET /api/contracts shape).'),
  })
  .loose()
  .meta({ id: 'ProviderProfile' });

/** What the listing's provider and administrators see besides the public shape. */
export const ListingAnswer = ContractAnswer.extend({
  reviewNotes: z.string().nullish(),
  rejectionReason: z.string().nullish(),
  dataAccessUrl: z.string().nullish(),
  accessInstructions: z.string().nullish(),
  providerName: z.string().nullish(),
  fileName: z.string().nullish(),
  fileSize: z.number().nullish(),
  dataFileUrl: z.string().nullish(),
})
  .loose()
  .meta({ id: 'Listing', description: 'A contract; its provider and administrators also get the back-office fields (review notes, access details, the file).' });

export const BidAnswer = z
  .object({
    id,
    contractId: id,
    buyerId: id.nullable(),
    bidderName: z.string().nullable(),
    bidAmount: Decimal,
    amount: Decimal,
    message: z.string().nullable(),
    status: z.enum(BidStatus),
    createdAt: Instant,
    decidedAt: Instant.nullable(),
  })
  .loose()
  .meta({ id: 'Bid' });

const PurchaseCore = z.object({
  id,
  buyerId: id,
  contractId: id,
  status: z.enum(PurchaseStatus),
  amount: Decimal,
  purchaseDate: Instant.nullable(),
  accessExpiresAt: Instant.nullable(),
  downloadCount: z.number().int(),
  lastAccessedAt: Instant.nullable(),
});

export const PurchaseAnswer = PurchaseCore.extend({
  hasAccess: z.boolean().describe('Whether the data opens now: paid, not refunded, within the access period.'),
  accessExpired: z.boolean().describe('The access period is over (renew to open the data again).'),
  autoRenew: z.boolean().describe('A subscription the buyer chose to renew automatically with the card kept at checkout.'),
  renewalStatus: z.enum(RenewalStatus).describe('Where renewing stands: cancelled and failed subscriptions keep access until the end of the paid period.'),
  renewsAt: Instant.nullable().describe('When the next renewal attempt charges the kept card; null when it does not renew.'),
  contract: z.object({ id, title: z.string(), category: z.string(), dataFormat: z.string() }).loose(),
  provider: z.object({ id, name: z.string(), profileImage: z.string().nullable() }).loose().describe("The listing's provider (the seller)."),
})
  .loose()
  .meta({ id: 'Purchase' });

export const DataAccessAnswer = PurchaseAnswer.extend({
  apiKey: z.string().nullable().describe('The full key: only in the answer that issued it (a purchase that had no key yet, or a rotation); null otherwise. Reading access never changes a key.'),
  apiKeyPrefix: z.string().nullable(),
  downloadPath: z.string().nullable(),
  streamPath: z.string().nullable(),
})
  .loose()
  .meta({ id: 'DataAccess' });

export const DisputeAnswer = z
  .object({ id, reason: z.enum(DisputeReason), description: z.string().nullable(), status: z.enum(DisputeStatus), resolution: z.string().nullable(), createdAt: Instant, resolvedAt: Instant.nullable() })
  .loose()
  .meta({ id: 'Dispute' });

export const PaymentAnswer = z
  .object({
    id,
    contractId: id,
    buyerId: id,
    sellerId: id,
    amount: Decimal,
    fee: Decimal,
    total: Decimal,
    commission: Decimal,
    providerAmount: Decimal,
    paymentMethod: z.enum(PaymentMethod),
    status: z.enum(PaymentStatus),
    nextStatuses: z.array(z.enum(PaymentStatus)).describe('The statuses this payment may move to from here.'),
    failureReason: z.string().nullable(),
    createdAt: Instant,
    escrowStartedAt: Instant.nullable(),
    escrowEndsAt: Instant.nullable(),
    releasedAt: Instant.nullable(),
    refundedAt: Instant.nullable(),
    dispute: DisputeAnswer.nullable(),
  })
  .loose()
  .meta({ id: 'Payment' });

export const ConfirmedPaymentAnswer = PaymentAnswer.extend({
  purchase: PurchaseCore.loose(),
  apiKey: z.string().describe('The buyer\'s data key, shown once.'),
  apiKeyPrefix: z.string(),
}).loose();

export const ApplicationAnswer = z
  .object({
    id,
    userId: id,
    status: z.enum(ApplicationStatus),
    legalBusinessName: z.string().nullable(),
    businessType: z.enum(BusinessType).nullable(),
    businessEmail: z.string().nullable(),
    applicantName: z.string().optional(),
  })
  .loose()
  .meta({ id: 'DueDiligenceApplication' });

export const ConversationAnswer = z
  .object({
    id,
    contractId: id.nullable(),
    contractTitle: z.string().nullable(),
    unreadCount: z.number().int(),
    lastMessageAt: Instant,
  })
  .loose()
  .meta({ id: 'Conversation' });

export const ChatMessageAnswer = z
  .object({ id, conversationId: id, senderId: id, recipientId: id, content: z.string(), sentAt: Instant, readAt: Instant.nullable(), isRead: z.boolean() })
  .loose()
  .meta({ id: 'Message' });

export const TicketAnswer = z
  .object({
    id,
    subject: z.string(),
    name: z.string(),
    email: z.string(),
    priority: z.enum(TicketPriority),
    status: z.enum(TicketStatus),
    userId: id.nullable(),
    assignedTo: id.nullable(),
    createdAt: Instant,
    updatedAt: Instant,
    resolvedAt: Instant.nullable(),
  })
  .loose()
  .meta({ id: 'SupportTicket' });

export const TicketMessageAnswer = z
  .object({ id, ticketId: id, senderType: z.enum(SenderType), senderName: z.string().nullable(), message: z.string(), isFromAdmin: z.boolean(), createdAt: Instant })
  .loose()
  .meta({ id: 'SupportMessage' });

export const PositionAnswer = z
  .object({
    id,
    contractId: id,
    positionType: z.enum(PositionType),
    status: z.enum(PositionStatus),
    entryPrice: Decimal,
    currentPrice: Decimal,
    quantity: Decimal,
    leverage: z.number().int().min(1).max(5),
    margin: Decimal,
    stopLoss: Decimal.nullable(),
    takeProfit: Decimal.nullable(),
    exitPrice: Decimal.nullable(),
    pnl: Decimal,
    pnlPercent: Decimal,
    openedAt: Instant,
    closedAt: Instant.nullable(),
  })
  .loose()
  .meta({ id: 'Position' });

export const ReviewAnswer = z.object({ id, rating: z.number().int().min(1).max(5), createdAt: Instant }).loose().meta({ id: 'Review' });

export const NotificationAnswer = z
  .object({
    id,
    type: z.string().describe('The kind, e.g. bid.accepted.'),
    title: z.string(),
    body: z.string(),
    link: z.string().nullable().describe('A path of the web app it leads to.'),
    isRead: z.boolean(),
    readAt: Instant.nullable(),
    createdAt: Instant,
  })
  .loose()
  .meta({ id: 'Notification' });

const Channel = z.enum(['app', 'mail', 'both']);
/** The kinds of notification the preferences list (api/domain/notifications/notification-kinds.ts). */
const NotificationKindName = z.enum(NOTIFICATION_KINDS.map((k) => k.type) as [string, ...string[]]);

export const NotificationPreferenceAnswer = z
  .object({
    type: NotificationKindName,
    label: z.string(),
    channel: Channel.describe('The choice, else the default.'),
    defaultChannel: Channel,
    locked: z.boolean().describe('A security kind: always mailed (mail or both only).'),
  })
  .meta({ id: 'NotificationPreference' });

const FieldChangeAnswer = z.object({ name: z.string(), type: z.string().nullable(), from: z.string().nullable(), to: z.string().nullable() }).loose();

export const ReleaseAnswer = z
  .object({
    id,
    contractId: id,
    sequence: z.number().int().describe('1, 2, 3 ... in publishing order.'),
    version: z.string().describe('The provider\'s label: `?release=` on /api/data/download and /api/data/stream.'),
    publishedAt: Instant,
    notes: z.string().nullable(),
    size: z.number().int().nullable().describe('Bytes.'),
    sha256: z.string().nullable().describe('Also the ETag of its download.'),
    recordCount: z.number().int().nullable(),
    schemaChange: z.boolean().describe('A field was removed or retyped against the previous release.'),
    schemaDiff: z
      .object({ added: z.array(FieldChangeAnswer), removed: z.array(FieldChangeAnswer), retyped: z.array(FieldChangeAnswer), nullShareJumped: z.array(FieldChangeAnswer) })
      .loose()
      .nullable()
      .describe('Against the previous release; null for release 1 and files without a profile.'),
  })
  .loose()
  .meta({ id: 'Release' });
