import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { SimpleComplianceQuery as SimpleComplianceQueryType } from '../../../__generated__/SimpleComplianceQuery.graphql.ts';
import { viewerIsAdmin } from '../shared/AdminAccessQuery.ts';

// The applications are an administrator-only root field: asked for only when the viewer is one.
export const SimpleComplianceQuery = graphql`
  query SimpleComplianceQuery($admin: Boolean!) {
    viewer {
      id
      isAdmin
    }
    ...SimpleApplicationTable_query @include(if: $admin) @alias(as: "backOffice")
  }
`;

export type SimpleComplianceLoaderData = { query: PreloadedQuery<SimpleComplianceQueryType> };

export async function simpleComplianceLoader(): Promise<SimpleComplianceLoaderData> {
  const admin = await viewerIsAdmin();
  return {
    query: preloadQuery<SimpleComplianceQueryType>('simple-compliance', SimpleComplianceQuery, { admin }, { fetchPolicy: 'store-and-network' }),
  };
}
