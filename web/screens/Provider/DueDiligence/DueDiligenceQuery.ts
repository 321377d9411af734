import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { DueDiligenceQuery as DueDiligenceQueryType } from '../../../__generated__/DueDiligenceQuery.graphql.ts';

// /due-diligence: who asks (logged out, administrator, applicant), their latest application for
// the status page, and the choices the form offers.
export const DueDiligenceQuery = graphql`
  query DueDiligenceQuery {
    viewer {
      id
      isAdmin
      dueDiligenceStatus
      latestApplication {
        id
        status
        rejectionReason
        ...ApplicationStatus_application
        ...ApplicationForm_previous
      }
    }
    diligenceOptions {
      ...ApplicationForm_options
    }
  }
`;

export type DueDiligenceLoaderData = { query: PreloadedQuery<DueDiligenceQueryType> };

/** An application is reviewed while away: show what the store has at once, then the fresh status. */
export function dueDiligenceLoader(): DueDiligenceLoaderData {
  return { query: preloadQuery<DueDiligenceQueryType>('due-diligence', DueDiligenceQuery, {}, { fetchPolicy: 'store-and-network' }) };
}
