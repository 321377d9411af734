import { graphql, useFragment } from 'react-relay';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import type { DiligenceBanner_viewer$key } from '../../../__generated__/DiligenceBanner_viewer.graphql.ts';
import { Notice, type NoticeProps } from '../shared/Notice.tsx';

type Banner = Pick<NoticeProps, 'tone' | 'icon' | 'title'> & {
  text: string;
  /** the way to the due diligence page */
  link?: { label: string; variant: 'primary' | 'secondary' };
};

const PENDING: Banner = {
  tone: 'amber',
  icon: 'inbox',
  title: 'Application Pending Review',
  text: 'Your due diligence application is being reviewed; review takes 2-5 business days. The listing form unlocks once you are approved.',
  link: { label: 'VIEW STATUS', variant: 'secondary' },
};

/** The banner of each due diligence status (`why` is the reviewers' note or reason, when given). */
function bannerOf(status: string, why: { notes?: string | null; reason?: string | null }): Banner {
  switch (status) {
    case 'approved':
      return { tone: 'green', icon: 'check', title: 'Due Diligence Approved', text: 'You are a verified provider. Each listing is reviewed before it goes live on the floor.' };
    case 'submitted':
    case 'pending':
      return PENDING;
    case 'under_review':
      return { ...PENDING, title: 'Application Under Review' };
    case 'requires_clarification':
      return {
        tone: 'amber',
        icon: 'info',
        title: 'Clarification Required',
        text: `The reviewers need more information about your application${why.notes ? `: ${why.notes}` : '.'}`,
        link: { label: 'VIEW APPLICATION', variant: 'secondary' },
      };
    case 'rejected':
      return {
        tone: 'red',
        icon: 'alert',
        title: 'Application Rejected',
        text: `Your due diligence application was rejected${why.reason ? `: ${why.reason}` : '.'} You may submit a new application.`,
        link: { label: 'RESUBMIT APPLICATION', variant: 'primary' },
      };
    default:
      return {
        tone: 'amber',
        icon: 'lock',
        title: 'Due Diligence Required',
        text: 'Complete the due diligence process before listing data. Review takes 2-5 business days once you apply.',
        link: { label: 'START APPLICATION', variant: 'primary' },
      };
  }
}

const ADMIN: Banner = {
  tone: 'blue',
  icon: 'info',
  title: 'Administrator Account',
  text: 'Administrators are exempt from due diligence and can list data directly. Listings still go through review.',
};

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
  const { text, link, ...look } =
    v.isAdmin || status === 'not_applicable' ? ADMIN : bannerOf(status, { notes: v.latestApplication?.reviewNotes, reason: v.latestApplication?.rejectionReason });
  return (
    <Notice
      {...look}
      data-testid="diligence-banner"
      action={
        link && (
          <ButtonLink to="/due-diligence" variant={link.variant}>
            {link.label}
          </ButtonLink>
        )
      }
    >
      {text}
    </Notice>
  );
}
