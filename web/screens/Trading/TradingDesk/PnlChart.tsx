import { useEffect, useMemo, useRef, useState } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import {
  BaselineSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
  type UTCTimestamp,
} from 'lightweight-charts';
import { ChartAttribution, ChartCanvas, ChartHost, ChartTotals } from '../../../components/chart/ChartFrame.tsx';
import { panelChartOptions } from '../../../components/chart/panelChartOptions.ts';
import styled, { useTheme } from 'styled-components';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Panel } from '../../../components/Panel.tsx';
import type { PnlChart_viewer$key } from '../../../__generated__/PnlChart_viewer.graphql.ts';
import type { PnlChartPaginationQuery } from '../../../__generated__/PnlChartPaginationQuery.graphql.ts';
import { formatMoney, formatTimestamp, plural } from '../../../format/format.ts';
import { cumulativePnl, direction, formatSignedMoney, type PnlPoint } from './tradingFigures.ts';

// Every closed position counts towards the running total, so the chart keeps loading pages until it
// has them all (a hundred at a time, the most a page holds).
const PAGE = 100;


const Wrap = styled.div`
  position: relative;
  padding: 10px 6px 6px 10px;
`;

const Legend = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 16px;
  min-height: 22px;
  padding: 0 4px 8px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};
  pointer-events: none;

  b { font-weight: 600; color: ${({ theme }) => theme.colors.textStrong}; }
  b.up { color: ${({ theme }) => theme.colors.up}; }
  b.down { color: ${({ theme }) => theme.colors.down}; }
`;

const When = styled.span`
  min-width: 150px;
  text-transform: uppercase;
  letter-spacing: ${({ theme }) => theme.tracking.label};
`;




const Body = styled.div`
  padding: 12px;
`;

const tone = (v: number) => {
  const d = direction(v);
  return d === 'flat' ? undefined : d;
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
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<'Baseline'> | null>(null);
  const pointsRef = useRef(points);
  const [hover, setHover] = useState<PnlPoint | null>(null);

  // created once per mount (and theme), torn down with it
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const c = theme.colors;
    const chart = createChart(
      el,
      panelChartOptions(theme, {
        priceFormatter: (p: number) => formatMoney(p),
        scaleMargins: { top: 0.12, bottom: 0.12 },
        timeVisible: true,
      }),
    );
    const series = chart.addSeries(BaselineSeries, {
      baseValue: { type: 'price', price: 0 },
      topLineColor: c.up,
      topFillColor1: 'rgba(25, 210, 124, 0.28)',
      topFillColor2: 'rgba(25, 210, 124, 0.04)',
      bottomLineColor: c.down,
      bottomFillColor1: 'rgba(255, 77, 94, 0.04)',
      bottomFillColor2: 'rgba(255, 77, 94, 0.28)',
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: true,
    });
    chartRef.current = chart;
    seriesRef.current = series;
    const onMove = (param: MouseEventParams) => {
      // the curve starts from zero one minute before the first close, so index 0 is not a close
      const i = param.logical == null ? null : Math.round(param.logical) - 1;
      const list = pointsRef.current;
      setHover(i != null && param.point && i >= 0 && i < list.length ? list[i]! : null);
    };
    chart.subscribeCrosshairMove(onMove);
    return () => {
      chart.unsubscribeCrosshairMove(onMove);
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
  }, [theme]);

  useEffect(() => {
    pointsRef.current = points;
    const series = seriesRef.current;
    if (!series) return;
    const start = points.length ? [{ time: (points[0]!.time - 60) as UTCTimestamp, value: 0 }] : [];
    series.setData([...start, ...points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value }))]);
    chartRef.current?.timeScale().fitContent();
    setHover(null);
  }, [points]);

  const shown = hover ?? points[points.length - 1] ?? null;
  return (
    <Wrap>
      <Legend aria-live="off">
        {shown && <When>{hover ? formatTimestamp(new Date(shown.time * 1000).toISOString()) : 'Latest close'}</When>}
        {shown && (
          <>
            <span>
              Close <b className={tone(shown.pnl)}>{formatSignedMoney(shown.pnl)}</b>
            </span>
            <span>
              Running total <b className={tone(shown.value)}>{formatSignedMoney(shown.value)}</b>
            </span>
          </>
        )}
      </Legend>
      <ChartCanvas $height={240} $phoneHeight={200} role="img" aria-label={label} data-testid="pnl-chart-canvas">
        {/* the library owns this node's children; React never renders into it */}
        <ChartHost ref={container} />
      </ChartCanvas>
      <ChartAttribution />
    </Wrap>
  );
}
