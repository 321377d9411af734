import { graphql, useFragment } from 'react-relay';
import { Icon } from '../../../components/Icon.tsx';
import type { DetailProviderOnTime_provider$key } from '../../../__generated__/DetailProviderOnTime_provider.graphql.ts';

/**
 * The provider's on-time record, their listings on sale summed (docs/decisions.md "Issue 26: the
 * freshness promise"): a line of the provider panel; nothing when none of their listings promises updates.
 */
export function DetailProviderOnTime({ provider }: { provider: DetailProviderOnTime_provider$key }) {
  const { onTimeRecord: r } = useFragment(
    graphql`
      fragment DetailProviderOnTime_provider on User {
        onTimeRecord {
          onTime
          periods
        }
      }
    `,
    provider,
  );
  if (!r?.periods) return null;
  return (
    <li>
      <Icon name="chart" size={14} />
      <span data-testid="provider-on-time">
        <b>
          {r.onTime}/{r.periods}
        </b>{' '}
        update periods on time
      </span>
    </li>
  );
}
