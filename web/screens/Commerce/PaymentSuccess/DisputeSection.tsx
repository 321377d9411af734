import { forwardRef, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { DisputeSection_payment$key } from '../../../__generated__/DisputeSection_payment.graphql.ts';
import { formatTimestamp } from '../../../format/format.ts';
import { statusLabel, statusTone } from '../../../format/labels.ts';
import { DISPUTE_REASONS, disputeOpen, disputeReasonLabel, type DisputeReason } from './disputeWindow.ts';
import { usePaymentSuccessOpenDisputeMutation } from './PaymentSuccessOpenDisputeMutation.ts';
import { wideLabel } from '../../shared/figureText.ts';
import { StackForm } from '../../shared/StackForm.tsx';
import { EvidenceFiles } from '../../shared/disputes/EvidenceFiles.tsx';
import { DisputeEvidenceLoader } from '../../shared/disputes/DisputeEvidenceLoader.tsx';
import { evidenceProblem, uploadEvidence } from '../../shared/disputes/uploadEvidence.ts';

// the server's limit on a dispute's description
const MAX_DESCRIPTION = 5000;

const Intro = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Facts = styled.dl`
  display: flex;
  flex-direction: column;
  gap: 10px;
  margin: 0;

  dt {
    margin-bottom: 2px;
    ${wideLabel()}
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    line-height: 1.5;
    color: ${({ theme }) => theme.colors.text};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

export type DisputeSectionProps = { payment: DisputeSection_payment$key };

/**
 * The dispute: the form while the window is open ('Missing Information', 'Dispute Raised',
 * 'Dispute Failed'), the dispute itself once raised.
 */
export const DisputeSection = forwardRef<HTMLSelectElement, DisputeSectionProps>(function DisputeSection({ payment }, reasonRef) {
  const p = useFragment(
    graphql`
      fragment DisputeSection_payment on Payment {
        id
        paymentId
        status
        evidenceRules {
          ...uploadEvidence_rules @relay(mask: false)
        }
        escrowEndsAt
        dispute {
          id
          disputeId
          reason
          description
          status
          resolution
          createdAt
          resolvedAt
        }
      }
    `,
    payment,
  );
  const { toast } = useToast();
  const [commit, inFlight] = usePaymentSuccessOpenDisputeMutation();
  const [reason, setReason] = useState<DisputeReason | ''>('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);

  if (p.dispute) {
    const d = p.dispute;
    return (
      <Panel
        id="dispute"
        title="Your dispute"
        accent="amber"
        actions={
          <Badge tone={statusTone(d.status)} data-testid="dispute-status">
            {statusLabel(d.status)}
          </Badge>
        }
        data-testid="dispute"
      >
        <Facts>
          <div>
            <dt>Reason</dt>
            <dd>{disputeReasonLabel(d.reason)}</dd>
          </div>
          <div>
            <dt>Description</dt>
            <dd>{d.description}</dd>
          </div>
          <div>
            <dt>Raised</dt>
            <dd>{formatTimestamp(d.createdAt)}</dd>
          </div>
          {d.status === 'open' ? (
            <div>
              <dt>What happens now</dt>
              <dd>An administrator reviews the dispute within 24 hours and refunds you or releases the money to the provider. You keep access to the data meanwhile.</dd>
            </div>
          ) : (
            <div>
              <dt>Decision{d.resolvedAt ? ` (${formatTimestamp(d.resolvedAt)})` : ''}</dt>
              <dd>{d.resolution || statusLabel(d.status)}</dd>
            </div>
          )}
        </Facts>
        <DisputeEvidenceLoader disputeId={d.id} />
      </Panel>
    );
  }

  if (!disputeOpen(p.status, p.escrowEndsAt)) return null;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight) return;
    if (!reason || !description.trim()) {
      toast({ variant: 'warning', title: 'Missing Information', description: 'Please provide a reason and description for the dispute' });
      return;
    }
    const problem = evidenceProblem(files, p.evidenceRules);
    if (problem) {
      toast({ variant: 'warning', title: 'Evidence', description: problem });
      return;
    }
    const fail = (message: string | null | undefined) => void toast({ variant: 'destructive', title: 'Dispute Failed', description: message || 'Failed to raise dispute' });
    commit({
      variables: { input: { paymentId: p.id, reason, description: description.trim() } },
      onCompleted: ({ openDispute: result }) => {
        if (result.__typename === 'MutationOpenDisputeSuccess') {
          toast({ title: 'Dispute Raised', description: "We'll contact you within 24 hours." });
          // The files go once the dispute exists; if they fail, the dispute's panel offers to add them again.
          const opened = result.data;
          if (opened && files.length > 0) {
            void uploadEvidence(p.paymentId, opened.id, '', files).then((failed) => {
              if (failed) toast({ variant: 'destructive', title: 'Evidence Not Saved', description: `${failed} Add the files again below.` });
            });
          }
          return;
        }
        fail('message' in result ? result.message : null);
      },
      onError: (error) => fail(error.message),
    });
  }

  return (
    <Panel id="dispute" title="Raise a dispute" accent="red" data-testid="dispute-form">
      <StackForm $gap={12} onSubmit={submit} noValidate aria-label="Raise a dispute">
        <Intro>Tell us what is wrong with the data. The money stays in escrow until an administrator has reviewed your dispute.</Intro>
        <SelectField
          ref={reasonRef}
          id="dispute-reason"
          label="Reason"
          name="reason"
          placeholder="Select a reason"
          options={DISPUTE_REASONS.map((r) => ({ value: r.value, label: r.label }))}
          value={reason}
          onChange={(e) => setReason(e.target.value as DisputeReason | '')}
          disabled={inFlight}
        />
        <TextAreaField
          label="Description"
          name="description"
          rows={4}
          maxLength={MAX_DESCRIPTION}
          placeholder="What did you expect, and what did you get?"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          disabled={inFlight}
        />
        <EvidenceFiles rules={p.evidenceRules} files={files} onChange={setFiles} disabled={inFlight} />
        <Button type="submit" variant="danger" busy={inFlight}>
          SUBMIT DISPUTE
        </Button>
      </StackForm>
    </Panel>
  );
});
