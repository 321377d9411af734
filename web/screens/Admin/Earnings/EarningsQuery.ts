import { graphql, type PreloadedQuery } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { preloadQuery } from '../../../relay/preload.ts';
import type { EarningsQuery as EarningsQueryType } from '../../../__generated__/EarningsQuery.graphql.ts';
import { viewerIsAdmin } from '../shared/AdminAccessQuery.ts';

// Platform figures are administrator-only (the server answers anyone else with an error that
// would empty the whole response), so they are asked for only when the viewer is one; everyone
// else gets their own figures from the dashboard summary.
export const EarningsQuery = graphql`
  query EarningsQuery($admin: Boolean!, $from: DateTime!) {
    viewer {
      id
      isAdmin
      ...ProviderEarnings_viewer
    }
    allTime: platformEarnings @include(if: $admin) {
      ...PlatformFigures_earnings
      ...TopProviders_earnings
    }
    inRange: platformEarnings(from: $from) @include(if: $admin) {
      ...RevenueChart_earnings
    }
  }
`;

/** The chart's range: ?range=30d|90d|365d (30d when absent or unknown), so a range has a deep link. */
export const RANGES = [
  { key: '30d', label: '30D', days: 30 },
  { key: '90d', label: '90D', days: 90 },
  { key: '365d', label: '365D', days: 365 },
] as const;
export type Range = (typeof RANGES)[number];
export const DEFAULT_RANGE: Range = RANGES[0];

export function rangeOf(param: string | null): Range {
  return RANGES.find((r) => r.key === param) ?? DEFAULT_RANGE;
}

/** Midnight UTC `days - 1` days ago: the range is `days` whole UTC days, today included. */
export function rangeStart(days: number, now = Date.now()): string {
  const today = new Date(now);
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (days - 1))).toISOString();
}

export type EarningsLoaderData = { query: PreloadedQuery<EarningsQueryType>; range: Range };

/** Releases happen on their own (the 24-hour timer): show the cached figures at once, then the fresh ones. */
export async function earningsLoader({ request }: LoaderFunctionArgs): Promise<EarningsLoaderData> {
  const range = rangeOf(new URL(request.url).searchParams.get('range'));
  const admin = await viewerIsAdmin();
  return {
    range,
    query: preloadQuery<EarningsQueryType>('earnings', EarningsQuery, { admin, from: rangeStart(range.days) }, { fetchPolicy: 'store-and-network' }),
  };
}
