import { fetchQuery, graphql } from 'relay-runtime';
import { environment } from '../../../relay/environment.ts';
import type { uploadEvidenceRefreshQuery } from '../../../__generated__/uploadEvidenceRefreshQuery.graphql.ts';

// Adding evidence to a dispute (docs/decisions.md "Issue 26: dispute evidence"): files are bytes,
// so they go to the REST path as multipart (POST /api/payments/{id}/dispute/evidence); the
// dispute is then read again, which updates every screen that shows its evidence.

export type EvidenceRules = {
  readonly maxFileBytes: number;
  readonly maxFilesPerSubmission: number;
  readonly maxStatementChars: number;
  readonly allowed: string;
  readonly accept: string;
};

// The rules as every screen selects them (spread with @relay(mask: false)).
graphql`
  fragment uploadEvidence_rules on DisputeEvidenceRules {
    maxFileBytes
    maxFilesPerSubmission
    maxStatementChars
    allowed
    accept
  }
`;

const refreshQuery = graphql`
  query uploadEvidenceRefreshQuery($id: ID!) {
    node(id: $id) {
      ... on Dispute {
        viewerMayAddEvidence
        ...EvidenceList_dispute @alias
      }
    }
  }
`;

/** Why a choice of files cannot be sent, before sending it; null when it can. */
export function evidenceProblem(files: readonly File[], rules: EvidenceRules): string | null {
  if (files.length > rules.maxFilesPerSubmission) return `At most ${rules.maxFilesPerSubmission} files at a time.`;
  const big = files.find((f) => f.size > rules.maxFileBytes);
  if (big) return `"${big.name}" is too large: at most ${Math.round(rules.maxFileBytes / 1024 / 1024)} MB a file.`;
  const empty = files.find((f) => f.size === 0);
  if (empty) return `"${empty.name}" is empty.`;
  return null;
}

/** Sends a statement and files; answers null when stored, else the server's message. */
export async function uploadEvidence(paymentId: string, disputeNodeId: string, statement: string, files: readonly File[]): Promise<string | null> {
  const form = new FormData();
  if (statement.trim()) form.append('statement', statement.trim());
  for (const file of files) form.append('files', file, file.name);
  try {
    const res = await fetch(`/api/payments/${encodeURIComponent(paymentId)}/dispute/evidence`, { method: 'POST', body: form, credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (res.status !== 201) {
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      return body?.message ?? `The evidence was not saved (${res.status})`;
    }
  } catch {
    return 'The evidence did not reach the server. Check your connection and try again.';
  }
  await fetchQuery<uploadEvidenceRefreshQuery>(environment, refreshQuery, { id: disputeNodeId }, { fetchPolicy: 'network-only' })
    .toPromise()
    .catch(() => undefined);
  return null;
}
