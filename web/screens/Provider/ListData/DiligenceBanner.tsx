import { graphql, useFragment } from 'react-relay';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import type { DiligenceBanner_viewer$key } from '../../../__generated__/DiligenceBanner_viewer.graphql.ts';
import { Notice } from '../shared/Notice.tsx';

export type DiligenceBannerProps = { viewer: DiligenceBanner_viewer$key };

/**
 * Where the user stands with due diligence, above the listing form (/list-data: START
 * APPLICATION for not_started, RESUBMIT APPLICATION for rejected, the Administrator Account banner).
 */
export function DiligenceBanner({ viewer }: DiligenceBannerProps) {
  const v = useFragment(
    graphql`
      fragment DiligenceBanner_viewer on User {
        isAdmin
        dueDiligenceStatus
        latestApplication {
          rejectionReason
          reviewNotes
        }
      }
    `,
    viewer,
  );
  const status = v.dueDiligenceStatus ?? 'not_started';
  const testid = 'diligence-banner';

  if (v.isAdmin || status === 'not_applicable') {
    return (
      <Notice data-testid={testid} tone="blue" icon="info" title="Administrator Account">
        Administrators are exempt from due diligence and can list data directly. Listings still go through review.
      </Notice>
    );
  }

  switch (status) {
    case 'approved':
      return (
        <Notice data-testid={testid} tone="green" icon="check" title="Due Diligence Approved">
          You are a verified provider. Each listing is reviewed before it goes live on the floor.
        </Notice>
      );
    case 'submitted':
    case 'pending':
    case 'under_review':
      return (
        <Notice
          data-testid={testid}
          tone="amber"
          icon="inbox"
          title={status === 'under_review' ? 'Application Under Review' : 'Application Pending Review'}
          action={
            <ButtonLink to="/due-diligence" variant="secondary">
              VIEW STATUS
            </ButtonLink>
          }
        >
          Your due diligence application is being reviewed; review takes 2-5 business days. The listing form unlocks once you are
          approved.
        </Notice>
      );
    case 'requires_clarification':
      return (
        <Notice
          data-testid={testid}
          tone="amber"
          icon="info"
          title="Clarification Required"
          action={
            <ButtonLink to="/due-diligence" variant="secondary">
              VIEW APPLICATION
            </ButtonLink>
          }
        >
          The reviewers need more information about your application{v.latestApplication?.reviewNotes ? `: ${v.latestApplication.reviewNotes}` : '.'}
        </Notice>
      );
    case 'rejected':
      return (
        <Notice
          data-testid={testid}
          tone="red"
          icon="alert"
          title="Application Rejected"
          action={
            <ButtonLink to="/due-diligence" variant="primary">
              RESUBMIT APPLICATION
            </ButtonLink>
          }
        >
          Your due diligence application was rejected{v.latestApplication?.rejectionReason ? `: ${v.latestApplication.rejectionReason}` : '.'} You
          may submit a new application.
        </Notice>
      );
    default:
      return (
        <Notice
          data-testid={testid}
          tone="amber"
          icon="lock"
          title="Due Diligence Required"
          action={
            <ButtonLink to="/due-diligence" variant="primary">
              START APPLICATION
            </ButtonLink>
          }
        >
          Complete the due diligence process before listing data. Review takes 2-5 business days once you apply.
        </Notice>
      );
  }
}
