import type { ReactNode } from 'react';
import { ChartAttribution, ChartCanvas, ChartHost, ChartLegend, ChartNote, ChartWrap } from './ChartFrame.tsx';
import { usePanelChart, type PanelChartSpec } from './usePanelChart.ts';

export type PanelChartProps<P, S> = {
  spec: PanelChartSpec<P, S>;
  /** oldest first */
  points: readonly P[];
  /** the legend for the point under the crosshair (`hovering`) or else the latest point (null: no points) */
  legend: (shown: P | null, hovering: boolean) => ReactNode;
  /** the box's height, and on a phone */
  height: number;
  phoneHeight: number;
  /** what the chart shows, for those who cannot see it */
  label: string;
  /** said across the chart instead of an empty drawing */
  note?: ReactNode;
  'data-testid'?: string;
  canvasTestId?: string;
};

/**
 * A figures chart on a panel: the legend that follows the crosshair, the chart (lightweight-charts,
 * created and removed with the component) and its attribution.
 */
export function PanelChart<P, S>({ spec, points, legend, height, phoneHeight, label, note, canvasTestId, ...rest }: PanelChartProps<P, S>) {
  const { host, hover } = usePanelChart(spec, points);
  const shown = hover ?? points[points.length - 1] ?? null;
  return (
    <ChartWrap data-testid={rest['data-testid']}>
      <ChartLegend aria-live="off">{legend(shown, hover != null)}</ChartLegend>
      <ChartCanvas $height={height} $phoneHeight={phoneHeight} role="img" aria-label={label} data-testid={canvasTestId}>
        {/* the library owns this node's children; React never renders into it */}
        <ChartHost ref={host} />
        {note && <ChartNote>{note}</ChartNote>}
      </ChartCanvas>
      <ChartAttribution />
    </ChartWrap>
  );
}
