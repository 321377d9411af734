import { graphql } from 'react-relay';
import { fetchQuery } from 'relay-runtime';
import { environment } from '../../../relay/environment.ts';
import type { AdminAccessQuery } from '../../../__generated__/AdminAccessQuery.graphql.ts';

// The back-office queries (applications, listingsForReview) are administrator-only root fields:
// for anyone else the server answers them with an error that empties the whole response. So a
// back-office route first learns whether the viewer is an administrator, from the store when the
// shell already asked (after a login or logout the store is invalidated, so this asks again), and
// only then includes those fields.
const query = graphql`
  query AdminAccessQuery {
    viewer {
      id
      isAdmin
    }
  }
`;

/** Whether the logged-in user is an administrator; false when logged out or when the check failed. */
export async function viewerIsAdmin(): Promise<boolean> {
  try {
    const data = await fetchQuery<AdminAccessQuery>(environment, query, {}, { fetchPolicy: 'store-or-network' }).toPromise();
    return data?.viewer?.isAdmin === true;
  } catch {
    // the screen's own query fails the same way and shows Retry
    return false;
  }
}
