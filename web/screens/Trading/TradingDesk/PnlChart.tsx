import { useEffect, useMemo } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { BaselineSeries, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { ChartLegendWhen, ChartTotals } from '../../../components/chart/ChartFrame.tsx';
import { PanelChart } from '../../../components/chart/PanelChart.tsx';
import type { PanelChartSpec } from '../../../components/chart/usePanelChart.ts';
import styled from 'styled-components';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { PnlChart_viewer$key } from '../../../__generated__/PnlChart_viewer.graphql.ts';
import type { PnlChartPaginationQuery } from '../../../__generated__/PnlChartPaginationQuery.graphql.ts';
import { formatMoney, formatTimestamp, plural } from '../../../format/format.ts';
import { cumulativePnl, direction, formatSignedMoney, type PnlPoint } from './tradingFigures.ts';

// Every closed position counts towards the running total, so the chart keeps loading pages until it
// has them all (a hundred at a time, the most a page holds).
const PAGE = 100;


const Body = styled.div`
  padding: 12px;
`;

const tone = (v: number) => {
  const d = direction(v);
  return d === 'flat' ? undefined : d;
};

/** The running total as a line above zero in green, below it in red; it starts from zero. */
const PNL: PanelChartSpec<PnlPoint, ISeriesApi<'Baseline'>> = {
  look: { priceFormatter: (p) => formatMoney(p), scaleMargins: { top: 0.12, bottom: 0.12 }, timeVisible: true },
  addSeries: (chart, theme) =>
    chart.addSeries(BaselineSeries, {
      baseValue: { type: 'price', price: 0 },
      topLineColor: theme.colors.up,
      topFillColor1: 'rgba(25, 210, 124, 0.28)',
      topFillColor2: 'rgba(25, 210, 124, 0.04)',
      bottomLineColor: theme.colors.down,
      bottomFillColor1: 'rgba(255, 77, 94, 0.04)',
      bottomFillColor2: 'rgba(255, 77, 94, 0.28)',
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: true,
    }),
  setData: (series, points) => {
    const start = points.length ? [{ time: (points[0]!.time - 60) as UTCTimestamp, value: 0 }] : [];
    series.setData([...start, ...points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value }))]);
  },
  // the curve starts from zero one minute before the first close, so its first item is not a close
  leading: 1,
};

export type PnlChartProps = { viewer: PnlChart_viewer$key };

/** The trader's cumulative realised P/L over time, one step per closed position. */
export function PnlChart({ viewer }: PnlChartProps) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<PnlChartPaginationQuery, PnlChart_viewer$key>(
    graphql`
      fragment PnlChart_viewer on User
      @refetchable(queryName: "PnlChartPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 100 }, cursor: { type: "String" }) {
        history: positions(status: closed, first: $count, after: $cursor) @connection(key: "PnlChart_history") {
          edges {
            node {
              id
              closedAt
              realizedPnl
            }
          }
        }
      }
    `,
    viewer,
  );
  useEffect(() => {
    if (hasNext && !isLoadingNext) loadNext(PAGE);
  }, [hasNext, isLoadingNext, loadNext]);

  const edges = data.history?.edges;
  const points = useMemo<PnlPoint[]>(() => cumulativePnl((edges ?? []).map((e) => e.node)), [edges]);
  const count = edges?.length ?? 0;
  const total = points[points.length - 1]?.value ?? 0;
  const wins = (edges ?? []).filter((e) => Number(e.node.realizedPnl) > 0).length;
  const losses = (edges ?? []).filter((e) => Number(e.node.realizedPnl) < 0).length;

  return (
    <Panel title="Realised P/L over time" padding="none" data-testid="pnl-chart">
      {count === 0 ? (
        <Body>
          <EmptyState compact icon="chart" title="Nothing closed yet" description="Close a position to start your realised P/L curve." />
        </Body>
      ) : (
        <>
          <ChartTotals $cellWidth={130} aria-label="Realised P/L totals">
            <div>
              <dt>Realised P/L</dt>
              <dd className={tone(total)} data-testid="pnl-total">
                {formatSignedMoney(total)}
              </dd>
            </div>
            <div>
              <dt>Closed</dt>
              <dd>{count}</dd>
            </div>
            <div>
              <dt>Wins / losses</dt>
              <dd>
                {wins} / {losses}
              </dd>
            </div>
          </ChartTotals>
          <PnlCanvas points={points} label={`Cumulative realised P/L over ${plural(count, 'closed position')}: ${formatSignedMoney(total)}`} />
        </>
      )}
    </Panel>
  );
}

function PnlCanvas({ points, label }: { points: PnlPoint[]; label: string }) {
  return (
    <PanelChart
      spec={PNL}
      points={points}
      height={240}
      phoneHeight={200}
      label={label}
      canvasTestId="pnl-chart-canvas"
      legend={(shown, hovering) =>
        shown && (
          <>
            <ChartLegendWhen $minWidth={150}>{hovering ? formatTimestamp(new Date(shown.time * 1000).toISOString()) : 'Latest close'}</ChartLegendWhen>
            <span>
              Close <b className={tone(shown.pnl)}>{formatSignedMoney(shown.pnl)}</b>
            </span>
            <span>
              Running total <b className={tone(shown.value)}>{formatSignedMoney(shown.value)}</b>
            </span>
          </>
        )
      }
    />
  );
}
