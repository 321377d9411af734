import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { AdminLoginQuery as AdminLoginQueryType } from '../../../__generated__/AdminLoginQuery.graphql.ts';

export const AdminLoginQuery = graphql`
  query AdminLoginQuery {
    demoAdminCredentials {
      email
      password
    }
  }
`;

export type AdminLoginLoaderData = { query: PreloadedQuery<AdminLoginQueryType> };

export function adminLoginLoader(): AdminLoginLoaderData {
  return { query: preloadQuery<AdminLoginQueryType>('admin-login', AdminLoginQuery, {}) };
}
