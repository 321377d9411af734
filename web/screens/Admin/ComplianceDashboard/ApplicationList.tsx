import { useState, useTransition } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { ApplicationList_query$key } from '../../../__generated__/ApplicationList_query.graphql.ts';
import type {
  ApplicationListPaginationQuery,
  ApplicationStatus,
} from '../../../__generated__/ApplicationListPaginationQuery.graphql.ts';
import type {
  ComplianceReviewApplicationMutation$data,
} from '../../../__generated__/ComplianceReviewApplicationMutation.graphql.ts';
import { plural } from '../../../format/format.ts';
import { APPLICATION_FILTERS } from '../../../format/labels.ts';
import { ApplicationRow, type ApplicationAction, type ApplicationTarget } from './ApplicationRow.tsx';
import { useReviewApplicationMutation } from './ComplianceReviewApplicationMutation.ts';
import { useRefreshCounters } from './ComplianceCounters.tsx';
import { ReviewDialog } from './ReviewDialog.tsx';

const PAGE = 10;

// fixed review texts, the defaults of what the administrator types
const APPROVAL_NOTE = 'Approved after review';
const REJECTION_REASON = 'Insufficient documentation';

const Filter = styled(SelectField)`
  width: 200px;

  select {
    min-height: 28px;
    padding-top: 3px;
    padding-bottom: 3px;
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

const Count = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const Body = styled.div<{ $stale: boolean }>`
  opacity: ${({ $stale }) => ($stale ? 0.55 : 1)};
  transition: opacity ${({ theme }) => theme.transitions.base};
`;

const Rows = styled.div`
  & > * + * {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Empty = styled.div`
  padding: 14px;
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  padding: 10px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

/** Where a review is: a dialog asking for notes or a reason, or a request in flight. */
type Pending = { action: ApplicationAction; target: ApplicationTarget; inFlight: boolean };

type Outcome = { ok: true; title: string; description: string } | { ok: false; title: string; description: string };

// Back-office: success and failure toasts of each decision.
const TEXTS: Record<ApplicationAction, { done: string; doneText: (name: string) => string; failed: string; failedText: string }> = {
  approve: {
    done: 'Application Approved',
    doneText: (name) => `${name} is now an approved provider and can list data.`,
    failed: 'Approval Failed',
    failedText: 'Failed to approve the application. Please try again.',
  },
  reject: {
    done: 'Application Rejected',
    doneText: (name) => `${name} has been notified and may apply again.`,
    failed: 'Rejection Failed',
    failedText: 'Failed to reject the application. Please try again.',
  },
  start: {
    done: 'Review Started',
    doneText: (name) => `${name} is now under review.`,
    failed: 'Update Failed',
    failedText: 'Failed to update the application. Please try again.',
  },
  clarify: {
    done: 'Clarification Requested',
    doneText: (name) => `${name} has been asked for more information.`,
    failed: 'Update Failed',
    failedText: 'Failed to update the application. Please try again.',
  },
};

const STATUS_OF: Record<ApplicationAction, ApplicationStatus> = {
  start: 'under_review',
  clarify: 'requires_clarification',
  approve: 'approved',
  reject: 'rejected',
};

export type ApplicationListProps = { query: ApplicationList_query$key };

/** 'Seller Applications': every application, newest first, paged, with a status filter. */
export function ApplicationList({ query }: ApplicationListProps) {
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment<ApplicationListPaginationQuery, ApplicationList_query$key>(
    graphql`
      fragment ApplicationList_query on Query
      @refetchable(queryName: "ApplicationListPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }, status: { type: "ApplicationStatus" }) {
        applications(first: $count, after: $cursor, status: $status) @connection(key: "ApplicationList_applications") {
          __id
          totalCount
          edges {
            node {
              id
              ...ApplicationRow_application
            }
          }
        }
      }
    `,
    query,
  );
  const [filter, setFilter] = useState<ApplicationStatus | ''>('');
  const [filtering, startFiltering] = useTransition();
  const [pending, setPending] = useState<Pending | null>(null);
  const [commitReview] = useReviewApplicationMutation();
  const refreshCounters = useRefreshCounters();
  const { toast } = useToast();

  const connection = data.applications;
  const edges = connection.edges;

  function changeFilter(value: string) {
    const status = (value || '') as ApplicationStatus | '';
    setFilter(status);
    startFiltering(() => {
      refetch({ status: status || null, count: PAGE }, { fetchPolicy: 'store-and-network' });
    });
  }

  function review(action: ApplicationAction, target: ApplicationTarget, text?: string) {
    setPending({ action, target, inFlight: true });
    const status = STATUS_OF[action];
    const texts = TEXTS[action];
    const finish = (outcome: Outcome) => {
      setPending(null);
      toast(outcome.ok ? { title: outcome.title, description: outcome.description } : { variant: 'destructive', title: outcome.title, description: outcome.description });
    };
    commitReview({
      variables: {
        input: {
          applicationId: target.id,
          status,
          reviewNotes: action === 'reject' ? null : (text ?? null),
          rejectionReason: action === 'reject' ? (text ?? null) : null,
        },
      },
      // A filtered list keeps only the applications that still have its status.
      updater: (store: RecordSourceSelectorProxy, response: ComplianceReviewApplicationMutation$data | null | undefined) => {
        const moved = response?.reviewApplication?.data;
        if (!filter || !moved || moved.status === filter) return;
        const conn = store.get(connection.__id);
        if (!conn) return;
        const edgesBefore = conn.getLinkedRecords('edges') ?? [];
        const kept = edgesBefore.filter((e) => e?.getLinkedRecord('node')?.getDataID() !== moved.id);
        if (kept.length === edgesBefore.length) return;
        conn.setLinkedRecords(kept, 'edges');
        const total = conn.getValue('totalCount');
        if (typeof total === 'number') conn.setValue(Math.max(0, total - 1), 'totalCount');
      },
      onCompleted: ({ reviewApplication: result }) => {
        if (result.__typename === 'MutationReviewApplicationSuccess') {
          refreshCounters();
          finish({ ok: true, title: texts.done, description: texts.doneText(target.name) });
          return;
        }
        const reason = result.message ?? null;
        // someone else may have decided meanwhile: show the counters as they are now
        refreshCounters();
        finish({ ok: false, title: texts.failed, description: reason ? `${texts.failedText} (${reason})` : texts.failedText });
      },
      onError: (error) => {
        console.warn('reviewApplication failed', error);
        finish({ ok: false, title: texts.failed, description: texts.failedText });
      },
    });
  }

  function onAction(action: ApplicationAction, target: ApplicationTarget) {
    if (pending?.inFlight) return;
    // Start Review needs nothing typed; the decisions ask for notes or a reason first.
    if (action === 'start') review('start', target);
    else setPending({ action, target, inFlight: false });
  }

  const dialog = pending && pending.action !== 'start' ? pending : null;
  const total = connection.totalCount;

  return (
    <Panel
      title="Seller Applications"
      padding="none"
      accent="amber"
      actions={
        <>
          <Count aria-live="polite">{plural(total, 'application')}</Count>
          <Filter
            label="Filter by status"
            hideLabel
            value={filter}
            onChange={(e) => changeFilter(e.target.value)}
            options={APPLICATION_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
          />
        </>
      }
    >
      <Body $stale={filtering} aria-busy={filtering || undefined}>
        {edges.length === 0 ? (
          <Empty>
            <EmptyState compact icon="inbox" title="No due diligence applications found" description={filter ? 'No application has this status.' : undefined} />
          </Empty>
        ) : (
          <Rows role="list" aria-label="Seller applications">
            {edges.map((e) => (
              <div role="listitem" key={e.node.id}>
                <ApplicationRow
                  application={e.node}
                  busyAction={pending?.inFlight && pending.target.id === e.node.id ? pending.action : null}
                  disabled={!!pending?.inFlight}
                  onAction={onAction}
                />
              </div>
            ))}
          </Rows>
        )}
        {hasNext && (
          <More>
            <Button size="sm" variant="ghost" busy={isLoadingNext} onClick={() => loadNext(PAGE)}>
              Load more applications
            </Button>
          </More>
        )}
      </Body>

      {dialog?.action === 'approve' && (
        <ReviewDialog
          title="Approve Application"
          intro={
            <>
              Approve <strong>{dialog.target.name}</strong>? The applicant becomes a verified provider and can list data.
            </>
          }
          fieldLabel="Review Notes"
          defaultText={APPROVAL_NOTE}
          hint="Sent to the applicant with the decision."
          confirmLabel="Approve"
          busy={dialog.inFlight}
          onConfirm={(text) => review('approve', dialog.target, text || APPROVAL_NOTE)}
          onClose={() => setPending(null)}
        />
      )}
      {dialog?.action === 'reject' && (
        <ReviewDialog
          title="Reject Application"
          intro={
            <>
              Reject <strong>{dialog.target.name}</strong>? The applicant is told the reason and may apply again.
            </>
          }
          fieldLabel="Rejection Reason"
          defaultText={REJECTION_REASON}
          hint="Sent to the applicant with the decision."
          required
          confirmLabel="Reject"
          confirmVariant="danger"
          busy={dialog.inFlight}
          onConfirm={(text) => review('reject', dialog.target, text)}
          onClose={() => setPending(null)}
        />
      )}
      {dialog?.action === 'clarify' && (
        <ReviewDialog
          title="Request Clarification"
          intro={
            <>
              Ask <strong>{dialog.target.name}</strong> for more information before deciding.
            </>
          }
          fieldLabel="What needs clarifying"
          defaultText=""
          hint="Sent to the applicant; the application waits for their answer."
          required
          confirmLabel="Request Clarification"
          busy={dialog.inFlight}
          onConfirm={(text) => review('clarify', dialog.target, text)}
          onClose={() => setPending(null)}
        />
      )}
    </Panel>
  );
}
