import { useState, useTransition } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import styled from 'styled-components';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ListCount } from '../../../components/ListPanel.tsx';
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
import { addToTotalCount } from '../../../relay/connectionCount.ts';
import { ReviewList } from '../shared/ReviewList.tsx';
import { useReviewChoice } from '../shared/useReviewChoice.ts';
import { ApplicationRow, type ApplicationAction, type ApplicationTarget } from './ApplicationRow.tsx';
import { useReviewApplicationMutation } from './ComplianceReviewApplicationMutation.ts';
import { useRefreshCounters } from './ComplianceCounters.tsx';
import { ReviewDialog, type DecisionToasts, type ReviewDialogTexts } from './ReviewDialog.tsx';

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

/** The decisions asked for in a dialog first (Start Review needs nothing typed). */
type Decision = Exclude<ApplicationAction, 'start'>;

const HINT = 'Sent to the applicant with the decision.';

const DIALOGS: Record<Decision, ReviewDialogTexts> = {
  approve: {
    title: 'Approve Application',
    intro: (name) => <>Approve {name}? The applicant becomes a verified provider and can list data.</>,
    fieldLabel: 'Review Notes',
    defaultText: APPROVAL_NOTE,
    hint: HINT,
    confirmLabel: 'Approve',
  },
  reject: {
    title: 'Reject Application',
    intro: (name) => <>Reject {name}? The applicant is told the reason and may apply again.</>,
    fieldLabel: 'Rejection Reason',
    defaultText: REJECTION_REASON,
    hint: HINT,
    required: true,
    confirmLabel: 'Reject',
    confirmVariant: 'danger',
  },
  clarify: {
    title: 'Request Clarification',
    intro: (name) => <>Ask {name} for more information before deciding.</>,
    fieldLabel: 'What needs clarifying',
    defaultText: '',
    hint: "Sent to the applicant; the application waits for their answer.",
    required: true,
    confirmLabel: 'Request Clarification',
  },
};

const UPDATE_FAILED = { title: 'Update Failed', description: 'Failed to update the application. Please try again.' };

// Back-office: success and failure toasts of each decision.
const TOASTS: Record<ApplicationAction, DecisionToasts> = {
  approve: {
    done: (name) => ({ title: 'Application Approved', description: `${name} is now an approved provider and can list data.` }),
    failed: { title: 'Approval Failed', description: 'Failed to approve the application. Please try again.' },
  },
  reject: {
    done: (name) => ({ title: 'Application Rejected', description: `${name} has been notified and may apply again.` }),
    failed: { title: 'Rejection Failed', description: 'Failed to reject the application. Please try again.' },
  },
  start: {
    done: (name) => ({ title: 'Review Started', description: `${name} is now under review.` }),
    failed: UPDATE_FAILED,
  },
  clarify: {
    done: (name) => ({ title: 'Clarification Requested', description: `${name} has been asked for more information.` }),
    failed: UPDATE_FAILED,
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
  const { choice, inFlight, open, send, close } = useReviewChoice<ApplicationAction>();
  const [commitReview] = useReviewApplicationMutation();
  const refreshCounters = useRefreshCounters();
  const { toast } = useToast();

  const connection = data.applications;

  function changeFilter(value: string) {
    const status = (value || '') as ApplicationStatus | '';
    setFilter(status);
    startFiltering(() => {
      refetch({ status: status || null, count: PAGE }, { fetchPolicy: 'store-and-network' });
    });
  }

  function review(action: ApplicationAction, target: { id: string; title: string }, text?: string) {
    send(action, target);
    const { done, failed } = TOASTS[action];
    commitReview({
      variables: {
        input: {
          applicationId: target.id,
          status: STATUS_OF[action],
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
        addToTotalCount(store, connection.__id, -1);
      },
      onCompleted: ({ reviewApplication: result }) => {
        // on a failure too: someone else may have decided meanwhile, so the counters show it
        refreshCounters();
        close();
        if (result.__typename === 'MutationReviewApplicationSuccess') {
          toast(done(target.title));
          return;
        }
        const reason = result.message ?? null;
        toast({ variant: 'destructive', title: failed.title, description: reason ? `${failed.description} (${reason})` : failed.description });
      },
      onError: (error) => {
        console.warn('reviewApplication failed', error);
        close();
        toast({ variant: 'destructive', ...failed });
      },
    });
  }

  function onAction(action: ApplicationAction, target: ApplicationTarget) {
    if (inFlight) return;
    // Start Review needs nothing typed; the decisions ask for notes or a reason first.
    if (action === 'start') review('start', { id: target.id, title: target.name });
    else open(action, target.id, target.name);
  }

  const decision = choice && choice.mode !== 'start' ? { ...choice, mode: choice.mode } : null;

  return (
    <ReviewList
      title="Seller Applications"
      accent="amber"
      actions={
        <>
          <ListCount aria-live="polite">{plural(connection.totalCount, 'application')}</ListCount>
          <Filter
            label="Filter by status"
            hideLabel
            value={filter}
            onChange={(e) => changeFilter(e.target.value)}
            options={APPLICATION_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
          />
        </>
      }
      stale={filtering}
      label="Seller applications"
      items={connection.edges.map((e) => e.node)}
      keyOf={(n) => n.id}
      row={(n) => (
        <ApplicationRow
          application={n}
          busyAction={choice?.inFlight && choice.id === n.id ? choice.mode : null}
          disabled={inFlight}
          onAction={onAction}
        />
      )}
      empty={<EmptyState compact icon="inbox" title="No due diligence applications found" description={filter ? 'No application has this status.' : undefined} />}
      more={{ what: 'applications', hasNext, loading: isLoadingNext, onLoad: () => loadNext(PAGE) }}
      dialogs={
        decision && (
          <ReviewDialog
            {...DIALOGS[decision.mode]}
            intro={DIALOGS[decision.mode].intro(<strong>{decision.title}</strong>)}
            busy={decision.inFlight}
            onConfirm={(text) => review(decision.mode, decision, decision.mode === 'approve' ? text || APPROVAL_NOTE : text)}
            onClose={close}
          />
        )
      }
    />
  );
}
