import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { IconName } from '../../../components/Icon.tsx';
import type { Tone } from '../../../theme/theme.ts';
import type { ApplicationStatus_application$key } from '../../../__generated__/ApplicationStatus_application.graphql.ts';
import { Notice } from '../shared/Notice.tsx';
import { formatDate } from '../../../format/format.ts';
import { humanize } from '../../../format/labels.ts';
import { BUSINESS_TYPE_LABELS } from './applicationRules.ts';
import { labelText } from '../../../theme/text.ts';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  margin: 0;

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: 200px minmax(0, 1fr);
  }

  dt,
  dd {
    margin: 0;
    padding: 9px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  dt {
    ${labelText}
    line-height: 18px;

    ${({ theme }) => theme.media.mobile} {
      padding-bottom: 0;
      border-bottom: 0;
    }
  }
  dd {
    color: ${({ theme }) => theme.colors.text};
    overflow-wrap: anywhere;
    white-space: pre-line;
  }
  dd.mono {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-variant-numeric: tabular-nums;
  }
  dt:last-of-type,
  dd:last-of-type {
    border-bottom: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px 16px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

type StatusView = { tone: Tone; icon: IconName; title: string; text: ReactNode };

/** What each application status tells the applicant. */
function viewOf(status: string): StatusView {
  switch (status) {
    case 'approved':
      return {
        tone: 'green',
        icon: 'check',
        title: 'Approved',
        text: 'Your due diligence is approved: you can list data on the floor. Each listing is reviewed before it goes live.',
      };
    case 'under_review':
      return {
        tone: 'blue',
        icon: 'search',
        title: 'Under Review',
        text: 'A compliance reviewer is looking at your application. You may be contacted for more information.',
      };
    case 'requires_clarification':
      return {
        tone: 'amber',
        icon: 'info',
        title: 'Clarification Required',
        text: 'The reviewers need more information before they decide. Read their notes below and reply to the mail we sent you.',
      };
    case 'rejected':
      return {
        tone: 'red',
        icon: 'alert',
        title: 'Application Rejected',
        text: 'Your application was not approved. You may submit a new application.',
      };
    default:
      // submitted and pending
      return {
        tone: 'amber',
        icon: 'inbox',
        title: 'Pending Review',
        text: 'Your application has been received. Review takes 2-5 business days; we will mail you the decision.',
      };
  }
}

export type ApplicationStatusProps = {
  application: ApplicationStatus_application$key;
  /** rejected applications offer a new one */
  onApplyAgain?: () => void;
};

/** The applicant's status page: where the application stands, with what the reviewers wrote. */
export function ApplicationStatus({ application, onApplyAgain }: ApplicationStatusProps) {
  const a = useFragment(
    graphql`
      fragment ApplicationStatus_application on DueDiligenceApplication {
        status
        businessName
        businessType
        submittedAt
        reviewedAt
        reviewNotes
        rejectionReason
        dataTypes
      }
    `,
    application,
  );
  const view = viewOf(a.status);
  const rejected = a.status === 'rejected';

  return (
    <Stack data-testid="application-status" data-status={a.status}>
      <Notice
        tone={view.tone}
        icon={view.icon}
        title={view.title}
        live
        action={
          a.status === 'approved' ? (
            <ButtonLink to="/list-data" variant="primary">
              LIST DATA
            </ButtonLink>
          ) : rejected && onApplyAgain ? (
            <Button variant="primary" onClick={onApplyAgain}>
              Submit a new application
            </Button>
          ) : undefined
        }
      >
        {view.text}
      </Notice>

      <Panel
        title="Your application"
        actions={
          <Badge size="sm" tone={view.tone} dot={a.status === 'approved'}>
            {a.status === 'submitted' ? 'pending review' : a.status}
          </Badge>
        }
      >
        <Facts>
          <dt>Business name</dt>
          <dd>{a.businessName}</dd>
          <dt>Business type</dt>
          <dd>{BUSINESS_TYPE_LABELS[a.businessType] ?? humanize(a.businessType)}</dd>
          <dt>Submitted</dt>
          <dd className="mono">{formatDate(a.submittedAt)}</dd>
          {a.reviewedAt && (
            <>
              <dt>Reviewed</dt>
              <dd className="mono">{formatDate(a.reviewedAt)}</dd>
            </>
          )}
          <dt>Data types</dt>
          <dd>{a.dataTypes.join(', ') || '—'}</dd>
          {rejected && (
            <>
              <dt>Reason</dt>
              <dd data-testid="rejection-reason">{a.rejectionReason || 'No reason was given.'}</dd>
            </>
          )}
          {a.reviewNotes && (
            <>
              <dt>Review notes</dt>
              <dd data-testid="review-notes">{a.reviewNotes}</dd>
            </>
          )}
        </Facts>
      </Panel>

      <Actions>
        <Link to="/list-data">← Back to List Data</Link>
      </Actions>
    </Stack>
  );
}
