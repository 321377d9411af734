import { graphql, type PreloadedQuery } from 'react-relay';
import { preloadQuery } from '../../../relay/preload.ts';
import type { DebugQuery as DebugQueryType } from '../../../__generated__/DebugQuery.graphql.ts';

export const DebugQuery = graphql`
  query DebugQuery {
    viewer {
      id
      userId
      name
      username
      email
      isAdmin
      emailVerified
      dueDiligenceStatus
    }
    marketStats {
      activeContracts
      totalContracts
      totalUsers
      activeUsers
      totalVolume
      volumeToday
      totalTransactions
    }
  }
`;

export type DebugLoaderData = { query: PreloadedQuery<DebugQueryType> };

/** Diagnostics always show what the server says now. */
export function debugLoader(): DebugLoaderData {
  return { query: preloadQuery<DebugQueryType>('debug', DebugQuery, {}, { fetchPolicy: 'network-only' }) };
}
