import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { Fact, FactsGrid } from '../../../components/FactsGrid.tsx';
import { Icon } from '../../../components/Icon.tsx';
import type { ApplicationRow_application$key } from '../../../__generated__/ApplicationRow_application.graphql.ts';
import { formatDate } from '../../../format/format.ts';
import { applicationStatusLabel, statusTone } from '../../../format/labels.ts';
import { FlagChip } from '../shared/FlagChip.tsx';
import { ReviewActions, ReviewRow } from '../shared/ReviewRow.tsx';

export type ApplicationAction = 'start' | 'clarify' | 'approve' | 'reject';

/** What the list needs to know about the application a button was pressed for. */
export type ApplicationTarget = { id: string; name: string; status: string };

/**
 * The buttons an application's row offers, from the statuses the application machine allows next
 * (the server's `nextStatuses`; the screen does not keep its own copy of the machine). A review not
 * yet started is started before clarification is asked for, so 'clarify' waits while 'start' is
 * offered; decided applications allow nothing and offer nothing.
 */
export function actionsFor(next: readonly string[]): ApplicationAction[] {
  const actions: ApplicationAction[] = [];
  if (next.includes('under_review')) actions.push('start');
  if (next.includes('requires_clarification') && !next.includes('under_review')) actions.push('clarify');
  if (next.includes('approved')) actions.push('approve');
  if (next.includes('rejected')) actions.push('reject');
  return actions;
}

const Applicant = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};
`;

const Submitted = styled.div`
  flex: none;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: right;
  white-space: nowrap;

  span {
    display: block;
    font-size: ${({ theme }) => theme.fontSizes.xxs};
    letter-spacing: ${({ theme }) => theme.tracking.label};
    color: ${({ theme }) => theme.colors.textDim};
  }
`;

const Bottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 10px 16px;
`;

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 5px;
  min-width: 0;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const TypeChip = styled.li`
  height: 20px;
  padding: 0 7px;
  display: inline-flex;
  align-items: center;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.raised};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  white-space: nowrap;
`;

const Divider = styled.li`
  width: 1px;
  height: 14px;
  margin: 0 3px;
  background: ${({ theme }) => theme.colors.borderStrong};

  ${({ theme }) => theme.media.mobile} {
    display: none;
  }
`;

const Note = styled.p<{ $tone: 'red' | 'neutral' }>`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme, $tone }) => ($tone === 'red' ? theme.colors.down : theme.colors.textMuted)};
  overflow-wrap: anywhere;

  b {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xxs};
    letter-spacing: ${({ theme }) => theme.tracking.label};
    text-transform: uppercase;
    margin-right: 6px;
  }
`;

const Actions = styled(ReviewActions)`
  margin-left: auto;

  ${({ theme }) => theme.media.mobile} {
    margin-left: 0;
  }
`;

export type ApplicationRowProps = {
  application: ApplicationRow_application$key;
  /** the action whose request is in flight for this row */
  busyAction?: ApplicationAction | null;
  /** any decision in flight: the other buttons wait */
  disabled?: boolean;
  onAction: (action: ApplicationAction, target: ApplicationTarget) => void;
};

/** One seller application as the back office reviews it. */
export function ApplicationRow({ application, busyAction = null, disabled = false, onAction }: ApplicationRowProps) {
  const a = useFragment(
    graphql`
      fragment ApplicationRow_application on DueDiligenceApplication {
        id
        status
        nextStatuses
        legalBusinessName
        businessEmail
        businessAddress
        businessPhone
        businessWebsite
        dataTypes
        dataVolume
        gdprCompliant
        hasUserConsent
        submittedAt
        reviewNotes
        rejectionReason
        user {
          name
        }
      }
    `,
    application,
  );
  const target: ApplicationTarget = { id: a.id, name: a.legalBusinessName, status: a.status };
  const actions = actionsFor(a.nextStatuses);

  return (
    <ReviewRow
      data-status={a.status}
      gap={10}
      title={a.legalBusinessName}
      beside={
        <>
          <Badge tone={statusTone(a.status)} data-testid="application-status">
            {applicationStatusLabel(a.status)}
          </Badge>
          {a.user?.name && <Applicant>by {a.user.name}</Applicant>}
        </>
      }
      aside={
        <Submitted>
          <span>SUBMITTED</span>
          <time dateTime={a.submittedAt}>{formatDate(a.submittedAt)}</time>
        </Submitted>
      }
    >
      <FactsGrid $columns="minmax(0, 1.25fr) minmax(0, 1.25fr) minmax(0, 1fr)" $phoneColumns="minmax(0, 1fr)" $gap="6px 18px">
        <Fact label="Business email">
          <a href={`mailto:${a.businessEmail}`}>{a.businessEmail}</a>
        </Fact>
        <Fact label="Business address">{a.businessAddress}</Fact>
        <Fact label="Data volume">{a.dataVolume || 'Not specified'}</Fact>
      </FactsGrid>
      <Bottom>
        <Chips aria-label="Data types and compliance answers">
          {a.dataTypes.map((t) => (
            <TypeChip key={t}>{t}</TypeChip>
          ))}
          {a.dataTypes.length > 0 && <Divider aria-hidden="true" />}
          <li>
            <FlagChip label="GDPR" description="GDPR compliant" ok={a.gdprCompliant} />
          </li>
          <li>
            <FlagChip label="User consent" description="Has user consent" ok={a.hasUserConsent} />
          </li>
        </Chips>
        {actions.length > 0 && (
          <Actions>
            {actions.includes('start') && (
              <Button size="sm" variant="secondary" busy={busyAction === 'start'} disabled={disabled} onClick={() => onAction('start', target)}>
                {a.status === 'requires_clarification' ? 'Resume Review' : 'Start Review'}
              </Button>
            )}
            {actions.includes('clarify') && (
              <Button size="sm" variant="secondary" disabled={disabled} onClick={() => onAction('clarify', target)}>
                Request Clarification
              </Button>
            )}
            {actions.includes('approve') && (
              <Button size="sm" variant="primary" icon={<Icon name="check" size={12} />} disabled={disabled} onClick={() => onAction('approve', target)}>
                Approve
              </Button>
            )}
            {actions.includes('reject') && (
              <Button size="sm" variant="danger" icon={<Icon name="x" size={12} />} disabled={disabled} onClick={() => onAction('reject', target)}>
                Reject
              </Button>
            )}
          </Actions>
        )}
      </Bottom>
      {a.rejectionReason && a.status === 'rejected' && (
        <Note $tone="red">
          <b>Reason</b>
          {a.rejectionReason}
        </Note>
      )}
      {a.reviewNotes && (
        <Note $tone="neutral">
          <b>Notes</b>
          {a.reviewNotes}
        </Note>
      )}
    </ReviewRow>
  );
}
