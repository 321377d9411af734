import { builder } from './builder.ts';
import { selectable } from './prisma-query.ts';
import { plainId } from './global-ids.ts';
import { ApiKeyAction } from '../db/generated/prisma/enums.ts';
import { accessState, externalAccessOf, type ExternalAccess } from '../domain/delivery/delivery.rules.ts';
import { rotateApiKey } from '../domain/delivery/api-keys.ts';
import { recordRotation, requestDataAccess, type DataAccessResult } from '../domain/delivery/delivery.service.ts';
import { isOwnerOrAdmin, isSelf } from '../domain/policies.ts';
import { AuthenticationError, NotFoundError, PermissionError } from '../domain/errors.ts';

// Delivery of purchased data (docs/decisions.md, "Commerce (server side): API keys and data delivery"): the access fields of a purchase, its
// access log, the access call (a key's prefix; a new key only for a purchase that has none) and rotate.

export const ApiKeyActionEnum = builder.enumType(ApiKeyAction, { name: 'ApiKeyAction' });

// One use of the purchase's data: the buyer's evidence, the provider's view of who took the data,
// an administrator's evidence in a dispute.
builder.prismaObject('ApiKeyUsage', {
  name: 'AccessLogEntry',
  fields: (t) => ({
    time: t.expose('createdAt', { type: 'DateTime' }),
    action: t.expose('action', { type: ApiKeyActionEnum }),
    bytes: t.float({ description: 'Bytes actually sent (a download cut short counts what went out).', resolve: (u) => Number(u.bytes) }),
    outcome: t.exposeString('outcome', { description: 'ok, issued (a key was shown), denied, aborted (the client went away) or error' }),
    statusCode: t.exposeInt('statusCode'),
    // The buyer's address is theirs and the administrators' evidence, not the provider's business.
    ip: t.string({
      nullable: true,
      select: { ip: true, purchase: { select: { buyerId: true } } },
      resolve: (u, _args, ctx) => (isOwnerOrAdmin(ctx.viewer, u.purchase?.buyerId) ? u.ip : null),
    }),
  }),
});

const accessSelect = { status: true, accessExpiresAt: true, payment: { select: { status: true } } } as const;

// Only those who may read the purchase reach these fields (its buyer, the provider, administrators).
builder.prismaObjectFields('Purchase', (t) => ({
  hasAccess: t.boolean({
    description: 'Whether the API key opens the data now (paid, not refunded, within the access period).',
    select: accessSelect,
    resolve: (p) => accessState(p, p.payment, new Date()).hasAccess,
  }),
  accessExpired: t.boolean({ select: accessSelect, resolve: (p) => accessState(p, p.payment, new Date()).accessExpired }),
  apiKeyPrefix: t.string({
    nullable: true,
    description: "The start of the current API key (the buyer's only); the full key is shown once, when it is issued.",
    select: { buyerId: true, apiKeys: { where: { revokedAt: null }, orderBy: { createdAt: 'desc' }, take: 1, select: { prefix: true } } },
    resolve: (p, _args, ctx) => (isSelf(ctx.viewer, p.buyerId) ? (p.apiKeys[0]?.prefix ?? null) : null),
  }),
  downloadPath: t.string({ description: 'GET with the X-API-Key header: the file as uploaded, with HTTP Range.', select: { contractId: true }, resolve: (p) => `/api/data/download/${p.contractId}` }),
  streamPath: t.string({ description: 'GET with the X-API-Key header: rows as NDJSON for CSV and JSON data, else the bytes.', select: { contractId: true }, resolve: (p) => `/api/data/stream/${p.contractId}` }),
  accessPath: t.string({ description: "The buyer's request access call (REST).", select: { id: true }, resolve: (p) => `/api/data/access/${p.id}` }),
  accessLog: t.relatedConnection('usages', {
    cursor: 'id',
    totalCount: true,
    description: 'Every use of the data (download, stream, access), newest first.',
    query: () => ({ orderBy: [{ createdAt: 'desc' as const }, { id: 'desc' as const }] }),
  }),
}));

const ExternalAccessRef = builder.objectRef<ExternalAccess>('ExternalAccess').implement({
  description: "The provider's own link to the data and how to use it.",
  fields: (t) => ({
    url: t.exposeString('url'),
    instructions: t.exposeString('instructions', { nullable: true }),
  }),
});

// The link is the data itself for a link listing, so it shows only while access is live (the
// listing's own dataAccessUrl field stays back-office only).
builder.prismaObjectFields('Purchase', (t) => ({
  externalAccess: t.field({
    type: ExternalAccessRef,
    nullable: true,
    description: "A link listing's URL and access instructions, while access is live (what the download answers for such a listing).",
    select: { ...accessSelect, contract: { select: { dataAccessType: true, dataAccessUrl: true, accessInstructions: true } } },
    resolve: (p) => externalAccessOf(p.contract, accessState(p, p.payment, new Date())),
  }),
}));

export const DataAccessRef = builder.objectRef<DataAccessResult>('DataAccess').implement({
  description: 'A purchase with its access; apiKey is the full key only in the answer that issued it.',
  fields: (t) => ({
    purchase: t.prismaField({
      type: 'Purchase',
      resolve: (query, parent, _args, ctx) => ctx.db.purchase.findUniqueOrThrow({ ...selectable(query), where: { id: parent.purchaseId } }),
    }),
    apiKey: t.string({ nullable: true, description: 'Shown in full this once; store it now.', resolve: (p) => p.apiKey }),
    apiKeyPrefix: t.string({ nullable: true, resolve: (p) => p.apiKeyPrefix }),
  }),
});

const PurchaseAccessInput = builder.inputType('PurchaseAccessInput', {
  fields: (t) => ({ purchaseId: t.id({ required: true }) }),
});

builder.mutationField('requestDataAccess', (t) =>
  t.field({
    type: DataAccessRef,
    errors: { types: [AuthenticationError, PermissionError, NotFoundError] },
    authScopes: { loggedIn: true },
    description:
      "The buyer's access to a purchase. Reading access never changes a key: it answers the live key's prefix; only a purchase with no key yet gets one, shown in full in that answer. rotateApiKey replaces a key.",
    args: { input: t.arg({ type: PurchaseAccessInput, required: true }) },
    resolve: (_root, { input }, ctx) => requestDataAccess(ctx.db, ctx.viewer!, plainId(String(input.purchaseId), 'Purchase'), ctx.clientIp),
  }),
);

builder.mutationField('rotateApiKey', (t) =>
  t.field({
    type: DataAccessRef,
    errors: { types: [AuthenticationError, PermissionError, NotFoundError] },
    authScopes: { loggedIn: true },
    description: 'Revokes the purchase’s API key and issues a new one, shown in full this once.',
    args: { input: t.arg({ type: PurchaseAccessInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const purchaseId = plainId(String(input.purchaseId), 'Purchase');
      const issued = await rotateApiKey(ctx.db, ctx.viewer!, purchaseId);
      await recordRotation(ctx.db, purchaseId, issued.id, ctx.clientIp);
      return { purchaseId, apiKey: issued.key, apiKeyPrefix: issued.prefix, state: { hasAccess: true, accessExpired: false, denial: null } };
    },
  }),
);
