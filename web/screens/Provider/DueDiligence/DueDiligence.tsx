import { useState } from 'react';
import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useSession } from '../../../session/useSession.ts';
import type { DueDiligenceQuery as DueDiligenceQueryType } from '../../../__generated__/DueDiligenceQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { Columns, Side, Stack } from '../shared/FormLayout.tsx';
import { Notice } from '../shared/Notice.tsx';
import { Steps } from '../shared/Steps.tsx';
import { ApplicationForm } from './ApplicationForm.tsx';
import { ApplicationStatus } from './ApplicationStatus.tsx';
import { DueDiligenceQuery, type DueDiligenceLoaderData } from './DueDiligenceQuery.ts';
import { LoginRequired } from '../../shared/LoginRequired.tsx';

const STEPS = [
  { title: 'Apply', body: 'Tell us about your business, the data you sell and how you comply with privacy law.' },
  { title: 'Review', body: 'Our compliance team reviews your application within 2-5 business days. You may be contacted.' },
  { title: 'Approval', body: 'Once approved you can list data sets. Each listing is reviewed before it goes live.' },
];

// /due-diligence: the application form, or where the user's application stands (dueDiligenceStatus).
export function DueDiligence() {
  usePageTitle('Due Diligence');
  const { query } = useLoaderData() as DueDiligenceLoaderData;
  const data = usePreloadedQuery<DueDiligenceQueryType>(DueDiligenceQuery, query);
  const session = useSession();
  // a rejected applicant chose to apply again
  const [applyingAgain, setApplyingAgain] = useState(false);

  const viewer = session.viewer ? data.viewer : null;
  if (!viewer) {
    return <LoginRequired title="Please log in" description="Log in to apply for due diligence and become a verified data provider." next="/due-diligence" />;
  }

  const title = (
    <PageTitle eyebrow="Seller verification" subtitle="Providers are verified before they list data on the floor">
      DUE DILIGENCE
    </PageTitle>
  );

  if (viewer.isAdmin || viewer.dueDiligenceStatus === 'not_applicable') {
    return (
      <>
        {title}
        <Notice
          tone="blue"
          icon="info"
          title="Administrator Account"
          action={
            <ButtonLink to="/list-data" variant="primary">
              LIST DATA
            </ButtonLink>
          }
        >
          Administrators are exempt from due diligence and can list data directly.
        </Notice>
      </>
    );
  }

  const application = viewer.latestApplication;
  const scrollTop = () => window.scrollTo({ top: 0 });

  // An application exists and is not a rejected one being replaced: the status page.
  if (application && !(application.status === 'rejected' && applyingAgain)) {
    return (
      <>
        {title}
        <ApplicationStatus
          application={application}
          onApplyAgain={() => {
            setApplyingAgain(true);
            scrollTop();
          }}
        />
      </>
    );
  }

  // No application on record but a decided status (an account set up by an administrator).
  if (!application && viewer.dueDiligenceStatus && !['not_started', 'rejected'].includes(viewer.dueDiligenceStatus)) {
    const approved = viewer.dueDiligenceStatus === 'approved';
    return (
      <>
        {title}
        <Notice
          tone={approved ? 'green' : 'amber'}
          icon={approved ? 'check' : 'inbox'}
          title={approved ? 'Approved' : 'Pending Review'}
          action={
            <ButtonLink to="/list-data" variant={approved ? 'primary' : 'secondary'}>
              {approved ? 'LIST DATA' : 'BACK TO LIST DATA'}
            </ButtonLink>
          }
        >
          {approved ? 'Your account is approved: you can list data.' : 'Your application is being reviewed. Review takes 2-5 business days.'}
        </Notice>
      </>
    );
  }

  return (
    <>
      {title}
      <Columns>
        <Stack>
          {application?.status === 'rejected' && (
            <Notice tone="red" icon="alert" title="New application">
              Your previous application was rejected{application.rejectionReason ? `: ${application.rejectionReason.replace(/[.\s]*$/, '.')}` : '.'}{' '}
              Its answers are filled in below: correct what the reviewers pointed out and apply again.
            </Notice>
          )}
          <ApplicationForm
            options={data.diligenceOptions}
            previous={application?.status === 'rejected' ? application : null}
            onSubmitted={() => {
              setApplyingAgain(false);
              scrollTop();
            }}
          />
        </Stack>
        <Side>
          <Steps title="How verification works" steps={STEPS} />
        </Side>
      </Columns>
    </>
  );
}
