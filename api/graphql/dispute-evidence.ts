import { builder } from './builder.ts';
import { DisputeEvidenceRole } from '../db/generated/prisma/enums.ts';
import { isAdmin } from '../domain/policies.ts';
import {
  ALLOWED_EVIDENCE,
  EVIDENCE_EXTENSIONS,
  evidenceClosesAt,
  evidenceRoleOf,
  mayAddEvidence,
  MAX_EVIDENCE_FILE_BYTES,
  MAX_EVIDENCE_FILES_PER_SUBMISSION,
  MAX_STATEMENT_CHARS,
} from '../domain/payments/dispute-evidence.rules.ts';
import { disputeConversation, evidenceFileUrl } from '../domain/payments/dispute-evidence.service.ts';

// A dispute's evidence (docs/decisions.md "Issue 26: dispute evidence"): read here by whoever may
// read the dispute (its buyer, its seller, administrators: the Dispute type's scope); added over
// REST (`POST /api/payments/{id}/dispute/evidence`, multipart: files are byte streams). The
// conversation between the parties is the administrator's, beside the evidence and the access log.

export const DisputeEvidenceRoleEnum = builder.enumType(DisputeEvidenceRole, { name: 'DisputeEvidenceRole' });

builder.prismaObject('DisputeEvidenceFile', {
  include: { evidence: { select: { id: true, dispute: { select: { paymentId: true } } } } },
  fields: (t) => ({
    fileId: t.exposeString('id'),
    fileName: t.exposeString('fileName'),
    contentType: t.exposeString('contentType', { description: 'The type its bytes were recognised as.' }),
    size: t.exposeInt('size'),
    sha256: t.exposeString('sha256'),
    url: t.string({ description: 'Where to download it (the buyer, the seller, administrators).', resolve: (f) => evidenceFileUrl(f.evidence.dispute.paymentId, f.evidence.id, f.id) }),
  }),
});

builder.prismaObject('DisputeEvidence', {
  fields: (t) => ({
    evidenceId: t.exposeString('id'),
    role: t.expose('role', { type: DisputeEvidenceRoleEnum, description: 'The side it speaks for: the buyer or the provider.' }),
    statement: t.exposeString('statement', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    author: t.relation('author'),
    files: t.relation('files', { query: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } }),
  }),
});

const EvidenceRulesType = builder.objectRef<Record<string, never>>('DisputeEvidenceRules').implement({
  description: 'What a submission of evidence may hold.',
  fields: (t) => ({
    maxFileBytes: t.int({ resolve: () => MAX_EVIDENCE_FILE_BYTES }),
    maxFilesPerSubmission: t.int({ resolve: () => MAX_EVIDENCE_FILES_PER_SUBMISSION }),
    maxStatementChars: t.int({ resolve: () => MAX_STATEMENT_CHARS }),
    allowed: t.string({ description: 'The kinds of file taken, in words.', resolve: () => ALLOWED_EVIDENCE }),
    accept: t.string({ description: 'The file input’s accept attribute.', resolve: () => Object.keys(EVIDENCE_EXTENSIONS).map((ext) => `.${ext}`).join(',') }),
  }),
});

type DisputeMessage = Awaited<ReturnType<typeof disputeConversation>>[number] & { fromBuyer: boolean };

const DisputeMessageType = builder.objectRef<DisputeMessage>('DisputeMessage').implement({
  description: 'A message between the buyer and the provider about the disputed listing.',
  fields: (t) => ({
    messageId: t.exposeString('id'),
    senderName: t.string({ resolve: (m) => m.sender.name }),
    fromBuyer: t.exposeBoolean('fromBuyer', { description: 'Sent by the buyer (else by the provider).' }),
    content: t.exposeString('content'),
    sentAt: t.expose('sentAt', { type: 'DateTime' }),
  }),
});

builder.prismaObjectFields('Payment', (t) => ({
  evidenceRules: t.field({ type: EvidenceRulesType, description: 'What evidence of a dispute of this payment may be (the same for every payment).', resolve: () => ({}) }),
}));

const PARTIES = { payment: { select: { buyerId: true, sellerId: true } } } as const;

builder.prismaObjectFields('Dispute', (t) => ({
  evidence: t.relation('evidence', {
    description: 'Statements and files of both sides, oldest first.',
    query: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
  }),
  evidenceClosesAt: t.field({ type: 'DateTime', description: 'Until when evidence may be added (while the dispute is open).', resolve: (d) => evidenceClosesAt(d.createdAt) }),
  viewerEvidenceRole: t.field({
    type: DisputeEvidenceRoleEnum,
    nullable: true,
    description: 'The side the viewer adds evidence for (null for administrators and anyone else).',
    select: PARTIES,
    resolve: (d, _args, ctx) => (ctx.viewer ? evidenceRoleOf(ctx.viewer.id, d.payment) : null),
  }),
  viewerMayAddEvidence: t.boolean({
    description: 'Whether the viewer, a party, may add evidence now: the dispute is open and its evidence window has not passed.',
    select: { ...PARTIES, status: true, createdAt: true },
    resolve: (d, _args, ctx) => !!ctx.viewer && evidenceRoleOf(ctx.viewer.id, d.payment) !== null && mayAddEvidence(d, new Date()),
  }),
  conversation: t.field({
    type: [DisputeMessageType],
    nullable: true,
    description: 'Administrators: the latest 100 messages between the buyer and the provider about the listing, oldest first (null for anyone else).',
    select: { payment: { select: { buyerId: true, sellerId: true, contractId: true } } },
    resolve: async (d, _args, ctx) => {
      if (!isAdmin(ctx.viewer)) return null;
      const messages = await disputeConversation(ctx.db, d.payment);
      return messages.map((m) => ({ ...m, fromBuyer: m.senderId === d.payment.buyerId }));
    },
  }),
}));
