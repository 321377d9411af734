import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Badge } from '../../../components/Badge.tsx';
import { FactList } from '../../../components/FactList.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { DetailFreshness_contract$key } from '../../../__generated__/DetailFreshness_contract.graphql.ts';
import { formatTimestamp } from '../../../format/format.ts';

// The freshness promise on the contract page (docs/decisions.md "Issue 26: the freshness promise"):
// what the update frequency promises, whether the next release is overdue ("delayed since"), and
// the measured on-time record over the last 12 periods.

const Track = styled.span`
  display: block;
  height: 6px;
  margin-top: 6px;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.raised};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Fill = styled.span<{ $share: number }>`
  display: block;
  height: 100%;
  width: ${({ $share }) => Math.round($share * 100)}%;
  background: ${({ theme, $share }) => ($share >= 0.9 ? theme.colors.up : $share >= 0.6 ? theme.colors.amber : theme.colors.down)};
`;

const Note = styled.p`
  margin-top: 8px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textDim};
`;

const PERIOD: Record<string, string> = { realtime: 'hour', hourly: 'hour', daily: 'day', weekly: 'week', monthly: 'month' };

export function DetailFreshness({ contract }: { contract: DetailFreshness_contract$key }) {
  const c = useFragment(
    graphql`
      fragment DetailFreshness_contract on Contract {
        updateFrequency
        delayedSince
        onTimeRecord {
          onTime
          periods
        }
      }
    `,
    contract,
  );
  const r = c.onTimeRecord;
  if (c.updateFrequency === 'static') {
    return (
      <Panel title="Freshness" data-testid="contract-freshness">
        <Note>Static data: no updates are promised.</Note>
      </Panel>
    );
  }
  return (
    <Panel title="Freshness" accent={c.delayedSince ? 'red' : undefined} data-testid="contract-freshness">
      <FactList>
        <div>
          <dt>Promise</dt>
          <dd>{c.updateFrequency} releases</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            {c.delayedSince ? (
              <Badge tone="red" dot data-testid="contract-delayed">
                Delayed since {formatTimestamp(c.delayedSince)}
              </Badge>
            ) : (
              <Badge tone="green">On schedule</Badge>
            )}
          </dd>
        </div>
        <div>
          <dt>On time</dt>
          <dd data-testid="contract-on-time">
            {r?.periods ? `${r.onTime} of ${r.periods} periods` : 'Measured after the first period'}
            {r?.periods ? (
              <Track aria-hidden="true">
                <Fill $share={r.onTime / r.periods} />
              </Track>
            ) : null}
          </dd>
        </div>
      </FactList>
      <Note>A period is one {PERIOD[c.updateFrequency] ?? 'period'}; it is on time when the next release was never overdue in it. The last 12 count.</Note>
    </Panel>
  );
}
