import { avatarFormatOf } from '../accounts/avatar.rules.ts';
import { contentMatchesExtension } from '../listings/file-types.ts';

// What a dispute's evidence may be (docs/decisions.md "Issue 26: dispute evidence"). Pure: no I/O.
// Files are judged on their bytes, never on the name alone: the name's extension must agree with
// what the first bytes are, and the type stored (and answered on download) is the one recognised.

const HOUR_MS = 60 * 60 * 1000;

/** How long after a dispute opens its parties may add evidence (while it is still open). */
export const EVIDENCE_WINDOW_MS = 72 * HOUR_MS;
/** One file's bytes at most. */
export const MAX_EVIDENCE_FILE_BYTES = 10 * 1024 * 1024;
/** Files in one submission at most. */
export const MAX_EVIDENCE_FILES_PER_SUBMISSION = 5;
/** Files one side (buyer or provider) may add to a dispute in all. */
export const MAX_EVIDENCE_FILES_PER_SIDE = 20;
/** Submissions one side may make to a dispute. */
export const MAX_EVIDENCE_SUBMISSIONS_PER_SIDE = 20;
/** Characters of a statement. */
export const MAX_STATEMENT_CHARS = 5000;
/** Bytes of a request carrying the most a submission may: its files, the statement, multipart's framing. */
export const MAX_EVIDENCE_REQUEST_BYTES = MAX_EVIDENCE_FILES_PER_SUBMISSION * MAX_EVIDENCE_FILE_BYTES + 4 * MAX_STATEMENT_CHARS + 64 * 1024;
/** Bytes read before the content is judged. */
export const EVIDENCE_HEAD_BYTES = 4096;

export type EvidenceKind = 'png' | 'jpeg' | 'webp' | 'pdf' | 'text' | 'csv';

/** The extensions accepted, with the kind each must be. */
export const EVIDENCE_EXTENSIONS: Record<string, EvidenceKind> = {
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  webp: 'webp',
  pdf: 'pdf',
  txt: 'text',
  csv: 'csv',
};

/** The type stored and answered: text is served as such (an attachment, never rendered as HTML). */
export const EVIDENCE_CONTENT_TYPES: Record<EvidenceKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
  text: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

export const ALLOWED_EVIDENCE = 'PNG, JPEG or WebP images, PDF, text or CSV';

/** The kind a file's name asks for, or null when its extension is not accepted. */
export function evidenceKindOfName(fileName: string): { ext: string; kind: EvidenceKind } | null {
  const ext = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  const kind = ext ? EVIDENCE_EXTENSIONS[ext] : undefined;
  return ext && kind ? { ext, kind } : null;
}

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** Whether the first bytes of a file are what its kind says. */
export function evidenceContentMatches(kind: EvidenceKind, head: Uint8Array): boolean {
  switch (kind) {
    case 'png':
    case 'jpeg':
    case 'webp':
      return avatarFormatOf(head) === kind;
    case 'pdf':
      return PDF.every((b, i) => head[i] === b);
    case 'text':
    case 'csv':
      // UTF-8 without NUL bytes: the listing uploads' test of text
      return contentMatchesExtension('csv', head);
  }
}

export type EvidenceRole = 'buyer' | 'provider';

/** Which side of the trade a user speaks for, or null when they are neither. */
export function evidenceRoleOf(userId: string, payment: { buyerId: string; sellerId: string }): EvidenceRole | null {
  if (userId === payment.buyerId) return 'buyer';
  if (userId === payment.sellerId) return 'provider';
  return null;
}

/** When a dispute stops taking evidence (if still open then). */
export function evidenceClosesAt(disputeCreatedAt: Date): Date {
  return new Date(disputeCreatedAt.getTime() + EVIDENCE_WINDOW_MS);
}

/** Whether evidence may be added now: the dispute is open and its window has not passed. */
export function mayAddEvidence(dispute: { status: string; createdAt: Date }, now: Date): boolean {
  return dispute.status === 'open' && now.getTime() < evidenceClosesAt(dispute.createdAt).getTime();
}
