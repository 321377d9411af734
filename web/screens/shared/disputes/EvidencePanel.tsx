import { useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { EvidencePanel_dispute$key } from '../../../__generated__/EvidencePanel_dispute.graphql.ts';
import { formatDateTime } from '../../../format/format.ts';
import { StackForm } from '../StackForm.tsx';
import { EvidenceList } from './EvidenceList.tsx';
import { EvidenceFiles } from './EvidenceFiles.tsx';
import { evidenceProblem, uploadEvidence } from './uploadEvidence.ts';

// A dispute's evidence for one of its parties: both sides' statements and files, and while the
// dispute takes evidence, a form to add theirs (docs/decisions.md "Issue 26: dispute evidence").

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  margin-top: 14px;
  padding-top: 12px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Heading = styled.h3`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textDim};
`;

const Hint = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export type EvidencePanelProps = { dispute: EvidencePanel_dispute$key };

export function EvidencePanel({ dispute }: EvidencePanelProps) {
  const d = useFragment(
    graphql`
      fragment EvidencePanel_dispute on Dispute {
        id
        viewerMayAddEvidence
        viewerEvidenceRole
        evidenceClosesAt
        payment {
          paymentId
          evidenceRules {
            ...uploadEvidence_rules @relay(mask: false)
          }
        }
        ...EvidenceList_dispute
      }
    `,
    dispute,
  );
  const rules = d.payment.evidenceRules;
  const { toast } = useToast();
  const [statement, setStatement] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const isProvider = d.viewerEvidenceRole === 'provider';

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sending) return;
    const fail = (description: string) => void toast({ variant: 'destructive', title: 'Evidence Not Saved', description });
    if (!statement.trim() && files.length === 0) return fail('Write a statement or choose at least one file.');
    const problem = evidenceProblem(files, rules);
    if (problem) return fail(problem);
    setSending(true);
    const failed = await uploadEvidence(d.payment.paymentId, d.id, statement, files);
    setSending(false);
    if (failed) return fail(failed);
    setStatement('');
    setFiles([]);
    toast({ title: 'Evidence Added', description: isProvider ? 'The buyer and the administrator can now read your answer.' : 'The provider and the administrator can now see it.' });
  }

  return (
    <Stack data-testid="dispute-evidence">
      <Heading>Evidence</Heading>
      <EvidenceList dispute={d} />
      {d.viewerMayAddEvidence && (
        <StackForm $gap={10} onSubmit={submit} noValidate aria-label={isProvider ? 'Answer the dispute' : 'Add evidence'}>
          <TextAreaField
            label={isProvider ? 'Your statement' : 'Statement (optional)'}
            name="statement"
            rows={3}
            maxLength={rules.maxStatementChars}
            placeholder={isProvider ? 'Your side: what was delivered, and why it matches the listing' : 'What the files show'}
            value={statement}
            onChange={(e) => setStatement(e.target.value)}
            disabled={sending}
          />
          <EvidenceFiles rules={rules} files={files} onChange={setFiles} disabled={sending} />
          <Hint>Evidence can be added until {formatDateTime(d.evidenceClosesAt)} while the dispute is open.</Hint>
          <Button type="submit" variant={isProvider ? 'primary' : 'secondary'} busy={sending} data-testid="evidence-submit">
            {isProvider ? 'SEND ANSWER' : 'ADD EVIDENCE'}
          </Button>
        </StackForm>
      )}
    </Stack>
  );
}
