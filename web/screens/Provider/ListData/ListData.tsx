import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink } from '../../../components/ButtonLink.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { useSession } from '../../../session/useSession.ts';
import type { ListDataQuery as ListDataQueryType } from '../../../__generated__/ListDataQuery.graphql.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { Columns, Side, Stack } from '../shared/FormLayout.tsx';
import { Notice } from '../shared/Notice.tsx';
import { Steps } from '../shared/Steps.tsx';
import { DiligenceBanner } from './DiligenceBanner.tsx';
import { ListDataQuery, type ListDataLoaderData } from './ListDataQuery.ts';
import { ListingForm } from './ListingForm.tsx';
import { ALLOWED_EXTENSIONS } from '../../shared/upload/uploadFile.ts';
import { LoginRequired } from '../../shared/LoginRequired.tsx';
import { stackedList } from '../../shared/boxStyles.ts';

const STEPS = [
  { title: 'Submission', body: 'Describe the data set, set a price, upload the file or give a link, and submit.' },
  { title: 'Review', body: 'Our compliance team checks the listing and its sample within 2-5 business days.' },
  { title: 'Approval', body: 'Approved listings go live on the floor, where buyers bid on them or buy through escrow.' },
];

const Rules = styled.ul`
  ${stackedList(8)}
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};

  li {
    display: flex;
    justify-content: space-between;
    gap: 12px;
  }
  li > span {
    white-space: nowrap;
  }
  b {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-weight: 600;
    color: ${({ theme }) => theme.colors.text};
    text-align: right;
  }
`;

const EditLinks = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

// /list-data: the due-diligence status and the listing form (every category). ?edit={contractId} edits a rejected or waiting listing and resubmits it.
export function ListData() {
  const { query, editId } = useLoaderData() as ListDataLoaderData;
  const data = usePreloadedQuery<ListDataQueryType>(ListDataQuery, query);
  const session = useSession();
  usePageTitle(editId ? 'Edit Listing' : 'List Data');

  const viewer = session.viewer ? data.viewer : null;
  if (!viewer) {
    return <LoginRequired title="ACCESS DENIED" description="Please login to list data" next="/list-data" />;
  }

  const canList = viewer.isAdmin || viewer.dueDiligenceStatus === 'approved';
  const contract = editId ? (data.contract ?? null) : null;
  const editable = contract != null && contract.viewerIsProvider && (contract.status === 'rejected' || contract.status === 'pending_review');

  let body;
  if (editId && !editable) {
    body = (
      <Notice
        tone="red"
        icon="alert"
        title={contract?.viewerIsProvider ? 'This listing cannot be edited' : 'Listing not found'}
        action={
          <EditLinks>
            <ButtonLink to="/dashboard/listings">MY LISTINGS</ButtonLink>
            <ButtonLink to="/list-data" variant="primary">
              NEW LISTING
            </ButtonLink>
          </EditLinks>
        }
      >
        {contract?.viewerIsProvider
          ? `“${contract.title}” is ${contract.status.replace('_', ' ')}. Only listings waiting for review or rejected can be edited.`
          : 'None of your listings has this id.'}
      </Notice>
    );
  } else {
    body = <ListingForm key={contract?.id ?? 'new'} categories={data.categories} contract={editable ? contract : null} disabled={!canList} />;
  }

  return (
    <>
      <PageTitle
        eyebrow="Provider desk"
        subtitle={editId ? 'Edit your listing and send it back to review' : 'List a data set on the floor. Every listing is reviewed before it goes live.'}
        actions={<ButtonLink to="/dashboard/listings">MY LISTINGS</ButtonLink>}
      >
        {editId ? 'EDIT LISTING' : 'LIST DATA'}
      </PageTitle>
      <Columns>
        <Stack>
          <DiligenceBanner viewer={viewer} />
          {body}
        </Stack>
        <Side>
          <Steps title="How listing works" steps={STEPS} />
          <Panel title="Upload rules">
            <Rules>
              <li>
                <span>File types</span> <b>{ALLOWED_EXTENSIONS.join(', ')}</b>
              </li>
              <li>
                <span>Maximum size</span> <b>500 MB</b>
              </li>
              <li>
                <span>Profiled</span> <b>CSV, JSON</b>
              </li>
              <li>
                <span>Commission</span> <b>10% · you keep 90%</b>
              </li>
            </Rules>
          </Panel>
        </Side>
      </Columns>
    </>
  );
}
