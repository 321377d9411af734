import { BREAK, GraphQLError, Kind, TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Context } from '../context.ts';
import { insufficientScopeChallenge, insufficientScopeMessage, invalidTokenChallenge, SESSION_ONLY, SESSION_REQUIRED_MESSAGE, type Scope } from '../domain/tokens/tokens.rules.ts';

// What a personal API token may reach (docs/decisions.md "Issue 27: API tokens"): every root field
// of Query, Mutation and Subscription is classified here, checked before execution for HTTP,
// graphql-ws and the REST layer alike (REST runs its documents through the same envelope). A root
// field missing from the table is refused to tokens (fail-closed); a test asserts every field of the
// schema is in it. Cookie sessions (tokenScopes null) are not concerned.

/** `viewer` itself: what each field selected under it needs instead (VIEWER_FIELD_SCOPES). */
const BY_VIEWER_FIELD = 'by-viewer-field' as const;
/** Reachable by any valid token (public reads such as the schema's own). */
const ANY = 'any' as const;

export type Requirement = Scope | typeof SESSION_ONLY | typeof BY_VIEWER_FIELD | typeof ANY;

export const ROOT_FIELD_SCOPES: Record<string, Requirement> = {
  // Queries
  'Query.activeTicketCount': 'admin',
  'Query.applications': 'admin',
  'Query.categories': 'market:read',
  'Query.complianceSummary': 'admin',
  'Query.contract': 'market:read',
  'Query.contracts': 'market:read',
  'Query.conversation': 'messages',
  'Query.demoAdminCredentials': SESSION_ONLY,
  'Query.diligenceOptions': 'listings',
  'Query.disputedPayments': 'admin',
  'Query.eventFeed': 'webhooks',
  'Query.webhookEndpoint': 'webhooks',
  'Query.webhookEventTypes': 'webhooks',
  'Query.listingRevisionsForReview': 'admin',
  'Query.listingsForReview': 'admin',
  'Query.marketStats': 'market:read',
  'Query.myPaymentForContract': 'trade',
  'Query.myTickets': 'messages',
  // Any type by id: a token could read around its scopes through it.
  'Query.node': SESSION_ONLY,
  'Query.nodes': SESSION_ONLY,
  'Query.payment': 'trade',
  'Query.platformEarnings': 'admin',
  // A provider's public profile: a User, so what is selected under it is checked as under `viewer` too.
  'Query.provider': 'market:read',
  'Query.supportTicket': 'messages',
  'Query.supportTickets': 'admin',
  'Query.viewer': BY_VIEWER_FIELD,
  'Query.viewerPendingEmailChange': SESSION_ONLY,
  'Query.viewerSessions': SESSION_ONLY,
  'Query.viewerTwoFactor': SESSION_ONLY,
  // Mutations
  'Mutation.acceptBid': 'trade',
  'Mutation.adminLogin': SESSION_ONLY,
  'Mutation.cancelEmailChange': SESSION_ONLY,
  'Mutation.cancelSubscription': 'trade',
  'Mutation.changePassword': SESSION_ONLY,
  'Mutation.closePosition': 'trade',
  'Mutation.completeTwoFactorLogin': SESSION_ONLY,
  'Mutation.confirmEmailChange': SESSION_ONLY,
  'Mutation.confirmListingUpdate': 'listings',
  'Mutation.confirmPayment': 'trade',
  'Mutation.confirmTwoFactorEnrolment': SESSION_ONLY,
  'Mutation.createApiToken': SESSION_ONLY,
  'Mutation.createListing': 'listings',
  'Mutation.createWebhookEndpoint': 'webhooks',
  'Mutation.deleteWebhookEndpoint': 'webhooks',
  'Mutation.enableWebhookEndpoint': 'webhooks',
  'Mutation.sendWebhookTest': 'webhooks',
  'Mutation.redeliverWebhookDelivery': 'webhooks',
  'Mutation.createPayment': 'trade',
  'Mutation.createPurchase': 'trade',
  'Mutation.createSupportTicket': 'messages',
  'Mutation.declineBid': 'trade',
  'Mutation.deleteAccount': SESSION_ONLY,
  'Mutation.delistListing': 'listings',
  'Mutation.disableTwoFactor': SESSION_ONLY,
  'Mutation.endOtherSessions': SESSION_ONLY,
  'Mutation.endSession': SESSION_ONLY,
  'Mutation.login': SESSION_ONLY,
  'Mutation.logout': SESSION_ONLY,
  'Mutation.markConversationRead': 'messages',
  'Mutation.markNotificationsRead': 'account:write',
  'Mutation.openConversation': 'messages',
  'Mutation.openDispute': 'trade',
  'Mutation.openPosition': 'trade',
  'Mutation.pauseListing': 'listings',
  'Mutation.placeBid': 'trade',
  'Mutation.publishRelease': 'listings',
  'Mutation.regenerateRecoveryCodes': SESSION_ONLY,
  'Mutation.register': SESSION_ONLY,
  'Mutation.removeAvatar': 'account:write',
  'Mutation.requestDataAccess': 'data:read',
  'Mutation.requestEmailChange': SESSION_ONLY,
  'Mutation.requestPasswordReset': SESSION_ONLY,
  'Mutation.resendVerification': SESSION_ONLY,
  'Mutation.resetPassword': SESSION_ONLY,
  'Mutation.resumeListing': 'listings',
  'Mutation.reviewApplication': 'admin',
  'Mutation.reviewListing': 'admin',
  'Mutation.reviewListingRevision': 'admin',
  'Mutation.reviewProvider': 'trade',
  'Mutation.revokeApiToken': SESSION_ONLY,
  // The purchase's X-API-Key is a credential too: replaced from a session only.
  'Mutation.rotateApiKey': SESSION_ONLY,
  'Mutation.sendMessage': 'messages',
  'Mutation.sendSupportMessage': 'messages',
  'Mutation.setPurchaseAutoRenew': 'trade',
  'Mutation.settleDispute': 'admin',
  'Mutation.startTwoFactorEnrolment': SESSION_ONLY,
  'Mutation.submitApplication': 'listings',
  'Mutation.unsubscribeNotificationMail': SESSION_ONLY,
  'Mutation.updateBillingDetails': 'account:write',
  'Mutation.updateListing': 'listings',
  'Mutation.updateNotificationPreferences': 'account:write',
  'Mutation.updateProfile': 'account:write',
  'Mutation.updateSupportTicket': 'admin',
  'Mutation.verifyEmail': SESSION_ONLY,
  'Mutation.withdrawBid': 'trade',
  // Subscriptions
  'Subscription.activeTicketCount': 'admin',
  'Subscription.conversationRead': 'messages',
  'Subscription.marketStats': 'market:read',
  'Subscription.messageReceived': 'messages',
  'Subscription.notificationAdded': 'account:read',
  'Subscription.paymentUpdated': 'trade',
  'Subscription.positionUpdated': 'trade',
  'Subscription.supportMessageAdded': 'messages',
  'Subscription.supportQueueChanged': 'admin',
  'Subscription.supportTicketUpdated': 'messages',
  'Subscription.unreadCountChanged': 'messages',
  'Subscription.unreadNotificationCountChanged': 'account:read',
};

/**
 * The fields of a User, wherever a document selects them (`viewer { ... }` first of all): a person's
 * own lists are reached there, so each is scoped like the root field of its area. Public profile
 * facts need no scope. Missing: refused.
 */
export const VIEWER_FIELD_SCOPES: Record<string, Exclude<Requirement, typeof BY_VIEWER_FIELD>> = {
  __typename: ANY,
  id: ANY,
  userId: ANY,
  name: ANY,
  username: ANY,
  avatarUrl: ANY,
  profileImage: ANY,
  isAdmin: ANY,
  isVerifiedProvider: ANY,
  memberSince: ANY,
  rating: ANY,
  reviewCount: ANY,
  tradeCount: ANY,
  completedSales: ANY,
  onTimeRecord: ANY,
  reviewsReceived: ANY,
  activeListings: 'market:read',
  email: 'account:read',
  emailVerified: 'account:read',
  billingDetails: 'account:read',
  notificationPreferences: 'account:read',
  notifications: 'account:read',
  unreadNotificationCount: 'account:read',
  dashboardSummary: 'account:read',
  recentActivity: 'account:read',
  statementMonths: 'account:read',
  dueDiligenceStatus: 'listings',
  latestApplication: 'listings',
  listings: 'listings',
  sales: 'listings',
  dailyAmounts: 'listings',
  bidsPlaced: 'trade',
  payments: 'trade',
  positions: 'trade',
  purchases: 'data:read',
  conversations: 'messages',
  unreadMessageCount: 'messages',
  apiTokens: SESSION_ONLY,
  webhookEndpoints: 'webhooks',
};

export type Refusal = { scope: Scope } | { sessionOnly: true; field: string };

/**
 * The first requirement of `document`'s operation that `scopes` does not meet, or null: each root
 * field's own, then, in a query or a subscription, for every field of a User it selects (under
 * `viewer`, a provider's profile, a contract's provider), what it needs under `viewer`. A person's
 * own lists and private fields are reached through any User that is them, so a token reads them
 * only with their area's scope wherever it meets them.
 */
export function refusalOf(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined, scopes: ReadonlySet<Scope>): Refusal | null {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
  // Execution itself refuses a document without a single operation to run.
  if (!operation) return null;
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  const root = operation.operation === 'query' ? 'Query' : operation.operation === 'mutation' ? 'Mutation' : 'Subscription';
  for (const field of fieldsOf(operation.selectionSet, fragments)) {
    if (field.name.startsWith('__')) continue;
    const requirement: Requirement | undefined = ROOT_FIELD_SCOPES[`${root}.${field.name}`];
    if (requirement === BY_VIEWER_FIELD) continue;
    const refusal = check(requirement, scopes, `${root}.${field.name}`);
    if (refusal) return refusal;
  }
  // A mutation's answer is what the caller just wrote, within the mutation's own scope (its REST
  // route reads back the billing details it saved with account:write); reads are walked.
  return operation.operation === 'mutation' ? null : userFieldRefusal(schema, operation, fragments, scopes);
}

/** The first field of a User selected by `operation` (through its fragments) that `scopes` does not meet. */
function userFieldRefusal(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Map<string, FragmentDefinitionNode>, scopes: ReadonlySet<Scope>): Refusal | null {
  const typeInfo = new TypeInfo(schema);
  let refusal: Refusal | null = null;
  const onField = {
    Field(node: FieldNode) {
      if (typeInfo.getParentType()?.name !== 'User') return;
      refusal = check(VIEWER_FIELD_SCOPES[node.name.value], scopes, `User.${node.name.value}`);
      if (refusal) return BREAK;
    },
  };
  // the operation, then each fragment it may spread (a fragment's own type condition sets its types)
  for (const part of [operation, ...fragments.values()]) {
    visit(part, visitWithTypeInfo(typeInfo, onField));
    if (refusal) return refusal;
  }
  return null;
}

function check(requirement: Requirement | undefined, scopes: ReadonlySet<Scope>, field: string): Refusal | null {
  if (requirement === ANY) return null;
  if (requirement === undefined || requirement === SESSION_ONLY || requirement === BY_VIEWER_FIELD) return { sessionOnly: true, field };
  return scopes.has(requirement) ? null : { scope: requirement };
}

/** The fields of a selection set, through inline fragments and fragment spreads (each once). */
function fieldsOf(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, seen = new Set<string>()): { name: string; selectionSet?: SelectionSetNode }[] {
  const out: { name: string; selectionSet?: SelectionSetNode }[] = [];
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) out.push({ name: s.name.value, selectionSet: s.selectionSet });
    else if (s.kind === Kind.INLINE_FRAGMENT) out.push(...fieldsOf(s.selectionSet, fragments, seen));
    else if (!seen.has(s.name.value)) {
      seen.add(s.name.value);
      const f = fragments.get(s.name.value);
      if (f) out.push(...fieldsOf(f.selectionSet, fragments, seen));
    }
  }
  return out;
}

/** The error answered for a request whose token was refused, or that reaches past its scopes. */
export function tokenError(ctx: Pick<Context, 'tokenScopes' | 'tokenRejection'>, schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): GraphQLError | null {
  if (ctx.tokenScopes === null) return null;
  if (ctx.tokenRejection !== null) {
    return new GraphQLError(ctx.tokenRejection, {
      extensions: { code: 'UNAUTHENTICATED', reason: 'INVALID_API_TOKEN', http: { status: 401, headers: { 'WWW-Authenticate': invalidTokenChallenge(ctx.tokenRejection) } } },
    });
  }
  const refusal = refusalOf(schema, document, operationName, ctx.tokenScopes);
  if (!refusal) return null;
  if ('scope' in refusal) {
    return new GraphQLError(insufficientScopeMessage(refusal.scope), {
      extensions: {
        code: 'FORBIDDEN',
        reason: 'INSUFFICIENT_SCOPE',
        scope: refusal.scope,
        http: { status: 403, headers: { 'WWW-Authenticate': insufficientScopeChallenge(refusal.scope) } },
      },
    });
  }
  return new GraphQLError(`${SESSION_REQUIRED_MESSAGE} (${refusal.field})`, {
    extensions: { code: 'FORBIDDEN', reason: 'SESSION_REQUIRED', http: { status: 403 } },
  });
}

/** The check, before any resolver runs: queries, mutations and each subscription. */
export function useTokenScopes(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const error = tokenError(args.contextValue as unknown as Context, args.schema, args.document, args.operationName);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const error = tokenError(args.contextValue as unknown as Context, args.schema, args.document, args.operationName);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
  };
}
