import { useMemo } from 'react';
import { usePreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import { RangeLink, RangeSwitch } from '../../../components/RangeSwitch.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { AnalyticsQuery as AnalyticsQueryType } from '../../../__generated__/AnalyticsQuery.graphql.ts';
import { formatDay, formatMoney, plural } from '../../../format/format.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { FigureStrip } from '../shared/FigureStrip.tsx';
import { TabHeader } from '../shared/TabHeader.tsx';
import { AnalyticsQuery, RANGES, type AnalyticsLoaderData } from './AnalyticsQuery.ts';
import { SpendSalesChart, type DayPoint } from './SpendSalesChart.tsx';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Totals = styled(FigureStrip)`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

// Analytics renders its own content: spend (as buyer) and sales
// earnings (as provider, 90% share) per UTC day, drawn with lightweight-charts.
export function Analytics() {
  usePageTitle('Dashboard · Analytics');
  const { query, range } = useLoaderData() as AnalyticsLoaderData;
  const { viewer } = usePreloadedQuery<AnalyticsQueryType>(AnalyticsQuery, query);

  const points = useMemo<DayPoint[]>(
    () => (viewer?.dailyAmounts ?? []).map((d) => ({ day: d.day, spent: Number(d.spent), earned: Number(d.earned) })),
    [viewer?.dailyAmounts],
  );
  const totals = useMemo(() => {
    let spent = 0;
    let earned = 0;
    let best: DayPoint | null = null;
    let activeDays = 0;
    for (const p of points) {
      spent += p.spent;
      earned += p.earned;
      if (p.spent > 0 || p.earned > 0) activeDays++;
      if (p.earned > 0 && (!best || p.earned > best.earned)) best = p;
    }
    return { spent, earned, net: earned - spent, best, activeDays };
  }, [points]);

  if (!viewer) return null;

  return (
    <Stack>
      <TabHeader
        title="Analytics"
        description="Spend and sales over time, per UTC day"
        aside={
          <RangeSwitch role="group" aria-label="Range">
            {RANGES.map((r) => (
              <RangeLink
                key={r.key}
                to={`?range=${r.key}`}
                aria-current={r.key === range.key ? 'true' : undefined}
                preventScrollReset
              >
                {r.label}
              </RangeLink>
            ))}
          </RangeSwitch>
        }
      />
      <Panel title={`Spend & sales · ${range.days} days`} padding="none">
        <Totals
          size="lg"
          minCell={150}
          aria-label="Totals"
          figures={[
            { label: `Spent · ${range.label}`, value: formatMoney(totals.spent), tone: totals.spent > 0 ? 'red' : 'default', hint: 'Paid into escrow as a buyer' },
            { label: `Earned · ${range.label}`, value: formatMoney(totals.earned), tone: totals.earned > 0 ? 'green' : 'default', hint: 'Your 90% share of sales' },
            {
              label: 'Net',
              value: `${totals.net > 0 ? '+' : totals.net < 0 ? '−' : ''}${formatMoney(Math.abs(totals.net))}`,
              tone: totals.net > 0 ? 'green' : totals.net < 0 ? 'red' : 'default',
              hint: 'Earned minus spent',
            },
            {
              label: 'Best sales day',
              value: totals.best ? formatMoney(totals.best.earned) : '—',
              hint: totals.best ? formatDay(totals.best.day) : plural(totals.activeDays, 'active day'),
            },
          ]}
        />
        <SpendSalesChart points={points} />
      </Panel>
    </Stack>
  );
}
