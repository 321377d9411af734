import { graphql, type PreloadedQuery } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { preloadQuery } from '../../../relay/preload.ts';
import type { AnalyticsQuery as AnalyticsQueryType } from '../../../__generated__/AnalyticsQuery.graphql.ts';

export const AnalyticsQuery = graphql`
  query AnalyticsQuery($days: Int!) {
    viewer {
      id
      dailyAmounts(days: $days) {
        day
        spent
        earned
      }
    }
  }
`;

/** The range switch: ?range=7d|30d|90d (30d when absent or unknown), so a range has a deep link. */
export const RANGES = [
  { key: '7d', label: '7D', days: 7 },
  { key: '30d', label: '30D', days: 30 },
  { key: '90d', label: '90D', days: 90 },
] as const;
export type Range = (typeof RANGES)[number];
export const DEFAULT_RANGE: Range = RANGES[1];

export function rangeOf(param: string | null): Range {
  return RANGES.find((r) => r.key === param) ?? DEFAULT_RANGE;
}

export type AnalyticsLoaderData = { query: PreloadedQuery<AnalyticsQueryType>; range: Range };

export function analyticsLoader({ request }: LoaderFunctionArgs): AnalyticsLoaderData {
  const range = rangeOf(new URL(request.url).searchParams.get('range'));
  return {
    range,
    query: preloadQuery<AnalyticsQueryType>('dashboard-analytics', AnalyticsQuery, { days: range.days }, { fetchPolicy: 'store-and-network' }),
  };
}
