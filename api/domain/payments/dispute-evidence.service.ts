import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/database.ts';
import type { User } from '../../db/generated/prisma/client.ts';
import { isRecordId } from '../../db/ids.ts';
import type { Jobs } from '../../jobs/job-runner.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { AuthenticationError, ConflictError, DomainError, NotFoundError, PermissionError, ValidationError } from '../errors.ts';
import { storedFileName } from '../listings/upload.service.ts';
import { recordEvent } from '../notifications/record-event.ts';
import { canSeePayment } from '../policies.ts';
import { lockPayment, nowOf, PAYMENT_TRANSACTION } from './payments.deps.ts';
import { inspectUpload } from '../../storage/inspect-upload.ts';
import {
  ALLOWED_EVIDENCE,
  EVIDENCE_CONTENT_TYPES,
  EVIDENCE_HEAD_BYTES,
  evidenceContentMatches,
  evidenceKindOfName,
  evidenceRoleOf,
  mayAddEvidence,
  MAX_EVIDENCE_FILE_BYTES,
  MAX_EVIDENCE_FILES_PER_SIDE,
  MAX_EVIDENCE_FILES_PER_SUBMISSION,
  MAX_EVIDENCE_SUBMISSIONS_PER_SIDE,
  MAX_STATEMENT_CHARS,
  type EvidenceRole,
} from './dispute-evidence.rules.ts';

// A dispute's evidence (docs/decisions.md "Issue 26: dispute evidence"): the buyer and the
// provider each add statements and files while the dispute is open and within its window. Files
// stream into the storage one after another with constant memory, each checked on its bytes as it
// arrives; the rows are written only once every file of the submission is stored, so a submission
// refused anywhere (a wrong type, too big, too many, the window closed meanwhile) keeps nothing.

export interface EvidenceDeps {
  db: Db;
  storage: FileStorage;
  jobs: Pick<Jobs, 'schedule'>;
  clock?: () => Date;
}

const MB = 1024 * 1024;

export class EvidenceFileTooLargeError extends DomainError {
  constructor() {
    super('TOO_LARGE', `An evidence file is too large: at most ${MAX_EVIDENCE_FILE_BYTES / MB} MB each`);
  }
}

export const tooManyFiles = (room: number) =>
  new ValidationError(room <= 0 ? `No more files can be added to this dispute: each side may add ${MAX_EVIDENCE_FILES_PER_SIDE}` : `Too many files: at most ${Math.min(room, MAX_EVIDENCE_FILES_PER_SUBMISSION)} more can be added now`, [], 'TOO_MANY_FILES');

/** The dispute of a payment, with what deciding who may add to it needs. */
async function disputeFor(db: Db, viewer: User | null, paymentId: string) {
  if (!viewer) throw new AuthenticationError('Log in to add evidence to a dispute');
  const payment = isRecordId(paymentId) ? await db.payment.findUnique({ where: { id: paymentId }, select: { id: true, buyerId: true, sellerId: true, contractId: true, dispute: true } }) : null;
  if (!payment || !canSeePayment(viewer, payment)) throw new NotFoundError('Payment not found');
  return payment;
}

/** Says why evidence may not be added now, or nothing. */
function assertOpen(dispute: { status: string; createdAt: Date } | null, now: Date): asserts dispute {
  if (!dispute) throw new ConflictError('This payment has no dispute to add evidence to', 'INVALID_TRANSITION');
  if (dispute.status !== 'open') throw new ConflictError('This dispute is settled: no more evidence can be added', 'INVALID_TRANSITION');
  if (!mayAddEvidence(dispute, now)) throw new ConflictError('The time to add evidence to this dispute has passed', 'EVIDENCE_WINDOW_CLOSED');
}

interface StoredFile {
  id: string;
  storageKey: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
}

/**
 * One submission of evidence: started once the caller is known to be a party of an open dispute
 * (before any byte of the body is read), its files added as they arrive, then committed or
 * abandoned. Abandoning removes every file it stored.
 */
export class EvidenceSubmission {
  private readonly stored: StoredFile[] = [];
  private constructor(
    private readonly deps: EvidenceDeps,
    readonly author: User,
    readonly role: EvidenceRole,
    readonly payment: { id: string; contractId: string },
    readonly disputeId: string,
    /** Files this submission may still take. */
    private room: number,
  ) {}

  /** Checks who is asking and that the dispute takes evidence now; reads nothing of the body. */
  static async start(deps: EvidenceDeps, viewer: User | null, paymentId: string): Promise<EvidenceSubmission> {
    const payment = await disputeFor(deps.db, viewer, paymentId);
    const role = evidenceRoleOf(viewer!.id, payment);
    if (!role) throw new PermissionError('Only the buyer and the provider of this payment add evidence to its dispute', 'NOT_ALLOWED');
    assertOpen(payment.dispute, nowOf(deps));
    const filesSoFar = await deps.db.disputeEvidenceFile.count({ where: { evidence: { disputeId: payment.dispute.id, role } } });
    const room = Math.min(MAX_EVIDENCE_FILES_PER_SUBMISSION, MAX_EVIDENCE_FILES_PER_SIDE - filesSoFar);
    return new EvidenceSubmission(deps, viewer!, role, payment, payment.dispute.id, room);
  }

  get files(): readonly StoredFile[] {
    return this.stored;
  }

  /**
   * Streams one file into the storage, refusing it (and reading no more of it) as soon as it is
   * too big or its first bytes are not what its name says. Files of a submission are added one at a time.
   */
  async addFile(fileName: string, source: Readable): Promise<void> {
    if (this.stored.length >= this.room) {
      source.resume();
      throw tooManyFiles(this.room);
    }
    const named = evidenceKindOfName(fileName);
    if (!named) {
      source.resume();
      throw new ValidationError(`"${storedFileName(fileName)}" is not a file evidence may be: send ${ALLOWED_EVIDENCE}`, [], 'EVIDENCE_FILE_TYPE');
    }
    const inspected = inspectUpload(source, {
      headBytes: EVIDENCE_HEAD_BYTES,
      checkHead: (head) => {
        if (!evidenceContentMatches(named.kind, head)) throw new ValidationError(`The content of "${storedFileName(fileName)}" is not a .${named.ext} file: send ${ALLOWED_EVIDENCE}`, [], 'EVIDENCE_FILE_TYPE');
      },
      refuseSize: (size) => (size > MAX_EVIDENCE_FILE_BYTES ? new EvidenceFileTooLargeError() : null),
      tooLarge: () => new EvidenceFileTooLargeError(),
      empty: () => new ValidationError(`"${storedFileName(fileName)}" is empty`, [], 'EVIDENCE_FILE_TYPE'),
    });
    const id = crypto.randomUUID();
    const storageKey = `evidence/${this.disputeId}/${id}.${named.ext}`;
    await this.deps.storage.write(storageKey, inspected.stream);
    this.stored.push({ id, storageKey, fileName: storedFileName(fileName), contentType: EVIDENCE_CONTENT_TYPES[named.kind], size: inspected.size(), sha256: inspected.sha256() });
  }

  /** Removes the files stored so far (a refused or interrupted submission). */
  async abandon(): Promise<void> {
    for (const file of this.stored.splice(0)) await this.deps.storage.delete(file.storageKey).catch(() => {});
  }

  /**
   * Writes the submission: its statement and files, under the payment's lock, after checking again
   * that the dispute is open and the side's limits (two submissions at once count one after the
   * other). Tells the other side (dispute.evidence). Refused: its files are removed.
   */
  async commit(rawStatement: string | null | undefined) {
    const statement = rawStatement?.trim() || null;
    try {
      if (statement && statement.length > MAX_STATEMENT_CHARS) throw new ValidationError(`The statement is too long: at most ${MAX_STATEMENT_CHARS} characters`, [{ field: 'statement', message: 'Too long' }]);
      if (!statement && this.stored.length === 0) throw new ValidationError('Send a statement or at least one file', [{ field: 'statement', message: 'Required without files' }]);
      const now = nowOf(this.deps);
      return await this.deps.db.$transaction(async (tx) => {
        await lockPayment(tx, this.payment.id);
        const dispute = await tx.dispute.findUnique({ where: { id: this.disputeId } });
        assertOpen(dispute, now);
        const side = { disputeId: this.disputeId, role: this.role };
        const [submissions, files] = await Promise.all([tx.disputeEvidence.count({ where: side }), tx.disputeEvidenceFile.count({ where: { evidence: side } })]);
        if (submissions >= MAX_EVIDENCE_SUBMISSIONS_PER_SIDE) throw new ValidationError(`Each side may add evidence ${MAX_EVIDENCE_SUBMISSIONS_PER_SIDE} times to a dispute`, [], 'TOO_MANY_FILES');
        if (files + this.stored.length > MAX_EVIDENCE_FILES_PER_SIDE) throw tooManyFiles(MAX_EVIDENCE_FILES_PER_SIDE - files);
        const evidence = await tx.disputeEvidence.create({
          data: {
            disputeId: this.disputeId,
            authorId: this.author.id,
            role: this.role,
            statement,
            createdAt: now,
            // a millisecond apart: the files list in the order they were sent
            files: { create: this.stored.map((f, i) => ({ ...f, createdAt: new Date(now.getTime() + i) })) },
          },
          include: { files: { orderBy: { createdAt: 'asc' } } },
        });
        await recordEvent(tx, this.deps.jobs, 'dispute.evidence', { disputeId: this.disputeId, paymentId: this.payment.id, contractId: this.payment.contractId, evidenceId: evidence.id, role: this.role }, now);
        return evidence;
      }, PAYMENT_TRANSACTION);
    } catch (error) {
      await this.abandon();
      throw error;
    }
  }
}

/** The address an evidence file is downloaded at. */
export function evidenceFileUrl(paymentId: string, evidenceId: string, fileId: string): string {
  return `/api/payments/${paymentId}/dispute/evidence/${evidenceId}/files/${fileId}`;
}

/** One evidence file for a reader of the payment (its buyer, its seller, administrators); 404 for anyone else. */
export async function evidenceFileFor(db: Db, viewer: User | null, ids: { paymentId: string; evidenceId: string; fileId: string }) {
  if (!viewer) throw new AuthenticationError();
  if (![ids.paymentId, ids.evidenceId, ids.fileId].every(isRecordId)) throw new NotFoundError('File not found');
  const file = await db.disputeEvidenceFile.findUnique({
    where: { id: ids.fileId },
    include: { evidence: { select: { id: true, dispute: { select: { payment: { select: { id: true, buyerId: true, sellerId: true } } } } } } },
  });
  const payment = file?.evidence.dispute.payment;
  if (!file || !payment || file.evidence.id !== ids.evidenceId || payment.id !== ids.paymentId || !canSeePayment(viewer, payment)) throw new NotFoundError('File not found');
  return file;
}

/**
 * The messages between a disputed payment's buyer and seller about its listing, oldest first (the
 * last `limit`): what they told each other, beside the evidence, for the administrator who settles it.
 */
export async function disputeConversation(db: Db, payment: { buyerId: string; sellerId: string; contractId: string }, limit = 100) {
  const pair = [payment.buyerId, payment.sellerId];
  const messages = await db.message.findMany({
    where: {
      senderId: { in: pair },
      recipientId: { in: pair },
      conversation: { contractId: payment.contractId },
    },
    orderBy: [{ sentAt: 'desc' }, { id: 'desc' }],
    take: limit,
    include: { sender: { select: { id: true, name: true, username: true } } },
  });
  return messages.reverse();
}
