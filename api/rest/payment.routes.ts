import { Hono, type Context as HonoContext } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Yoga } from '../graphql/yoga.ts';
import { json, operation, respondWithGraphQLErrors, respondWithResult, runOperation, type MutationResult, type ClientIp } from './execute.ts';
import { jsonError } from './respond.ts';
import { DISPUTE_REASONS, MISSING_DISPUTE_DETAILS } from '../domain/payments/payments.schemas.ts';
import { z } from 'zod';
import { body, documentedAs, field, money, readBody } from './openapi/describe.ts';
import { ConfirmedPaymentAnswer, DisputeAnswer, PaymentAnswer } from './openapi/shapes.ts';

/** The routes of this file under one heading of the reference page. */
const doc = documentedAs('Payments');

const METHOD_MESSAGE = 'paymentMethod must be one of: card, bank_transfer, crypto';
const PaymentBody = body({
  contractId: field.optional(),
  paymentMethod: z.enum(['card', 'bank_transfer', 'crypto'], { error: METHOD_MESSAGE }).optional(),
  amount: money.nullish().describe('What the client expects to pay; the server\'s price decides.'),
  buyerId: field.nullish().describe('If sent, it must be the signed-in user.'),
  sellerId: field.nullish().describe("If sent, it must be the listing's provider."),
  autoRenew: z.boolean({ error: 'autoRenew must be true or false' }).nullish().describe('A subscription paid by card renews automatically before each period ends (the card is kept at the payment provider when the payment is confirmed). Omitted: off.'),
});
const monthOrYear = z.union([z.number().int(), z.string()]);
const EscrowBody = body({
  card: z
    .object({ number: field.optional(), expMonth: monthOrYear.optional(), expYear: monthOrYear.optional(), cvc: field.optional() })
    .nullish()
    .describe('For card payments (test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined).'),
});
const DisputeBody = body({
  reason: z.enum(DISPUTE_REASONS as [string, ...string[]], { error: MISSING_DISPUTE_DETAILS }).optional(),
  description: z.string({ error: MISSING_DISPUTE_DETAILS }).optional(),
  raisedBy: field.nullish().describe('If sent, it must be the signed-in user.'),
});
const SettleBody = body({
  decision: z.enum(['refund', 'release'], { error: 'decision must be refund or release' }).optional(),
  note: z.string().nullish(),
});

// REST for paying through escrow (the specification): POST /api/payments,
// POST /api/payments/{id}/escrow, GET /api/payments/contract/{contractId},
// POST /api/payments/{id}/dispute, and the administrators' POST /api/payments/{id}/settle.

const PAYMENT_FIELDS = `paymentId contractId buyerId sellerId amount fee total commission providerAmount paymentMethod status nextStatuses
  stripePaymentIntentId failureReason createdAt escrowStartedAt escrowEndsAt releasedAt refundedAt
  dispute { disputeId reason description status resolution createdAt resolvedAt }`;
const PURCHASE_FIELDS = `purchaseId buyerId contractId status amount purchaseDate accessExpiresAt downloadCount lastAccessedAt`;
const DISPUTE_FIELDS = `disputeId paymentId reason description status resolution createdAt resolvedAt raisedBy { userId }`;
const ERROR_FIELDS = `__typename ... on Error { message code reason ... on ValidationError { fieldErrors { field message } } }`;

interface PaymentNode {
  paymentId: string;
  dispute: ({ disputeId: string } & Record<string, unknown>) | null;
  [field: string]: unknown;
}
interface PurchaseNode {
  purchaseId: string;
  [field: string]: unknown;
}
interface DisputeNode {
  disputeId: string;
  raisedBy: { userId: string };
  [field: string]: unknown;
}

const WHO = operation<{ viewer: { userId: string } | null }>(`query RestPaymentWho { viewer { userId } }`);
const SELLER = operation<{ contract: { providerId: string } | null }>(`query RestPaymentSeller($id: ID!) { contract(id: $id) { providerId } }`);
const CREATE = operation<MutationResult<'createPayment', PaymentNode>>(`mutation RestCreatePayment($input: CreatePaymentInput!) {
  createPayment(input: $input) { ${ERROR_FIELDS} ... on MutationCreatePaymentSuccess { data { ${PAYMENT_FIELDS} } } } }`);
const CONFIRM = operation<MutationResult<'confirmPayment', { payment: PaymentNode; purchase: PurchaseNode; apiKey: string; apiKeyPrefix: string }>>(`mutation RestConfirmPayment($input: ConfirmPaymentInput!) {
  confirmPayment(input: $input) { ${ERROR_FIELDS} ... on MutationConfirmPaymentSuccess { data {
    payment { ${PAYMENT_FIELDS} } purchase { ${PURCHASE_FIELDS} } apiKey apiKeyPrefix } } } }`);
const OF_CONTRACT = operation<{ myPaymentForContract: PaymentNode | null }>(`query RestPaymentOfContract($contractId: ID!) {
  myPaymentForContract(contractId: $contractId) { ${PAYMENT_FIELDS} } }`);
const DISPUTE = operation<MutationResult<'openDispute', DisputeNode>>(`mutation RestOpenDispute($input: OpenDisputeInput!) {
  openDispute(input: $input) { ${ERROR_FIELDS} ... on MutationOpenDisputeSuccess { data { ${DISPUTE_FIELDS} payment { ${PAYMENT_FIELDS} } } } } }`);
const SETTLE = operation<MutationResult<'settleDispute', PaymentNode>>(`mutation RestSettleDispute($input: SettleDisputeInput!) {
  settleDispute(input: $input) { ${ERROR_FIELDS} ... on MutationSettleDisputeSuccess { data { ${PAYMENT_FIELDS} } } } }`);

export function restPayment(node: PaymentNode) {
  const { paymentId, dispute, ...rest } = node;
  const restDispute = dispute ? (({ disputeId, ...d }) => ({ id: disputeId, ...d }))(dispute) : null;
  return { id: paymentId, ...rest, dispute: restDispute };
}

function restPurchase(node: PurchaseNode) {
  const { purchaseId, ...rest } = node;
  return { id: purchaseId, ...rest };
}

function restDispute(node: DisputeNode & { payment?: PaymentNode }) {
  const { disputeId, raisedBy, payment, ...rest } = node;
  return { id: disputeId, raisedBy: raisedBy.userId, ...rest, ...(payment ? { payment: restPayment(payment) } : {}) };
}

const idOf = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const moneyText = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v : undefined);
// Card fields as typed in a form ("04", "2031") or as numbers; anything else is left for the schema to refuse.
const intOf = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,4}$/.test(v.trim()) ? Number(v.trim()) : v);


export function paymentRoutes(yoga: Yoga, clientIp: ClientIp) {
  const r = new Hono<{ Bindings: HttpBindings }>();

  /** 401 when logged out, 403 when `claimed` names another user than the session's. */
  async function refuseOtherUser(c: HonoContext<{ Bindings: HttpBindings }>, claimed: unknown, field: string) {
    const me = await runOperation(yoga, c, clientIp(c), WHO);
    const userId = me.data?.viewer?.userId;
    if (!userId) return jsonError(c, 'LOGIN_REQUIRED', 'Authentication required');
    if (claimed !== undefined && claimed !== null && String(claimed) !== userId) return jsonError(c, 'NOT_ALLOWED', `${field} must be the logged-in user`);
    return null;
  }

  // POST /api/payments { contractId, buyerId, sellerId, amount, paymentMethod } (+ Idempotency-Key).
  r.post('/', doc({
    access: 'signed-in',
    tokenScopes: ['trade'],
    summary: 'Start a payment for a contract (honours Idempotency-Key)',
    description: 'Send an `Idempotency-Key` header: a retry with the same key answers the same payment instead of a second one. A token that sends `sellerId` also needs `market:read` (the listing is read to check it).',
    body: PaymentBody,
    example: { contractId: '0196c4a0-0000-7000-8000-000000000001', paymentMethod: 'card' },
    answers: { 201: PaymentAnswer },
    errors: [403, 404, 409],
  }), async (c) => {
    const body = await readBody(c, PaymentBody);
    const denied = await refuseOtherUser(c, body.buyerId, 'buyerId');
    if (denied) return denied;
    const contractId = idOf(body.contractId);
    if (body.sellerId !== undefined && body.sellerId !== null && contractId) {
      // A seller the client names must be the listing's provider (the server's record decides).
      const seller = await runOperation(yoga, c, clientIp(c), SELLER, { id: contractId });
      // A refusal (a token without market:read) is answered, never taken for "no provider to check".
      if (seller.errors?.length) return respondWithGraphQLErrors(c, seller.errors, seller.data);
      const providerId = seller.data?.contract?.providerId;
      if (providerId && providerId !== String(body.sellerId)) return jsonError(c, 'INVALID_INPUT', 'sellerId is not the provider of this contract');
    }
    const method = body.paymentMethod;
    if (!method) return jsonError(c, 'INVALID_INPUT', METHOD_MESSAGE);
    const input = { contractId, paymentMethod: method, amount: moneyText(body.amount) ?? null, idempotencyKey: c.req.header('idempotency-key') ?? null, autoRenew: body.autoRenew ?? null };
    const result = await runOperation(yoga, c, clientIp(c), CREATE, { input });
    return respondWithResult(c, result, 'createPayment', (data) => json(c, restPayment(data), 201));
  });

  // GET /api/payments/contract/{contractId}: the caller's own latest payment for the contract.
  r.get('/contract/:contractId', doc({
    access: 'signed-in',
    tokenScopes: ['trade'],
    summary: "The signed-in buyer's payment for a contract",
    answers: { 200: PaymentAnswer },
    errors: [404],
  }), async (c) => {
    const result = await runOperation(yoga, c, clientIp(c), OF_CONTRACT, { contractId: c.req.param('contractId') });
    if (result.errors?.length) return respondWithGraphQLErrors(c, result.errors, result.data);
    const payment = result.data?.myPaymentForContract;
    return payment ? json(c, restPayment(payment)) : jsonError(c, 'NOT_FOUND', 'Payment not found');
  });

  // POST /api/payments/{id}/escrow { stripePaymentIntentId?, card?: { number, expMonth, expYear, cvc } }.
  // The intent is the server's provider's, never the browser's: a stripePaymentIntentId sent by the
  // client is accepted for compatibility and ignored.
  r.post('/:id/escrow', doc({
    access: 'signed-in',
    tokenScopes: ['trade'],
    summary: 'Pay: the amount is held in escrow for 24 hours and the data key is issued',
    body: EscrowBody,
    example: { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' } },
    answers: { 200: ConfirmedPaymentAnswer },
    errors: [402, 404, 409],
  }), async (c) => {
    const { card } = await readBody(c, EscrowBody);
    const input = {
      paymentId: c.req.param('id'),
      card: card ? { number: String(card.number ?? ''), expMonth: intOf(card.expMonth), expYear: intOf(card.expYear), cvc: String(card.cvc ?? '') } : null,
    };
    const result = await runOperation(yoga, c, clientIp(c), CONFIRM, { input });
    return respondWithResult(c, result, 'confirmPayment', (data) => {
      // The data key in full, this once: kept by no cache, nor as an Idempotency-Key's answer (api/rest/idempotency.ts).
      if (data.apiKey) c.header('cache-control', 'no-store');
      return json(c, { ...restPayment(data.payment), purchase: restPurchase(data.purchase), apiKey: data.apiKey, apiKeyPrefix: data.apiKeyPrefix });
    });
  });

  // POST /api/payments/{id}/dispute { raisedBy, reason, description }.
  r.post('/:id/dispute', doc({
    access: 'signed-in',
    tokenScopes: ['trade'],
    summary: 'Open a dispute within the escrow window',
    body: DisputeBody,
    example: { reason: 'data_quality', description: 'A third of the rows have no timestamp.' },
    answers: { 201: DisputeAnswer },
    errors: [403, 404, 409],
  }), async (c) => {
    const body = await readBody(c, DisputeBody);
    const denied = await refuseOtherUser(c, body.raisedBy, 'raisedBy');
    if (denied) return denied;
    const reason = body.reason ?? '';
    const description = body.description ?? '';
    if (!reason || !description.trim()) return jsonError(c, 'INVALID_INPUT', MISSING_DISPUTE_DETAILS);
    const result = await runOperation(yoga, c, clientIp(c), DISPUTE, { input: { paymentId: c.req.param('id'), reason, description } });
    return respondWithResult(c, result, 'openDispute', (data) => json(c, restDispute(data), 201));
  });

  // POST /api/payments/{id}/settle { decision: refund | release, note } (administrators).
  r.post('/:id/settle', doc({
    access: 'admin',
    tokenScopes: ['admin'],
    summary: 'Settle a dispute: refund the buyer or release to the provider',
    body: SettleBody,
    example: { decision: 'refund', note: 'Rows missing as described' },
    answers: { 200: PaymentAnswer },
    errors: [404, 409],
  }), async (c) => {
    const body = await readBody(c, SettleBody);
    const decision = body.decision;
    if (!decision) return jsonError(c, 'INVALID_INPUT', 'decision must be refund or release');
    const note = body.note ?? null;
    const result = await runOperation(yoga, c, clientIp(c), SETTLE, { input: { paymentId: c.req.param('id'), decision, note } });
    return respondWithResult(c, result, 'settleDispute', (data) => json(c, restPayment(data)));
  });

  return r;
}
