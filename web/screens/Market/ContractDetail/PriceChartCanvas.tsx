import { useEffect, useRef, useState } from 'react';
import styled, { useTheme } from 'styled-components';
import type { ChartPoint, PriceChart } from './priceChart.ts';

export type { ChartPoint } from './priceChart.ts';

export type PriceChartCanvasProps = {
  points: readonly ChartPoint[];
  /** accessible summary of what the chart shows */
  label: string;
};

// The box keeps its height while the chart library loads, so nothing moves when it draws.
const Frame = styled.div`
  position: relative;
  width: 100%;
  height: 240px;

  ${({ theme }) => theme.media.sm} {
    height: 300px;
  }
  ${({ theme }) => theme.media.xl} {
    height: 340px;
  }
`;

/** The price chart's box; the chart (and its library) load once the box is on screen. */
export function PriceChartCanvas({ points, label }: PriceChartCanvasProps) {
  const theme = useTheme();
  const frame = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<PriceChart | null>(null);

  // create once per theme; removed on unmount (or when a newer theme replaces it)
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    let created: PriceChart | null = null;
    let unmounted = false;
    void import('./priceChart.ts').then(({ createPriceChart }) => {
      if (unmounted) return;
      created = createPriceChart(el, theme);
      setChart(created);
    });
    return () => {
      unmounted = true;
      created?.remove();
      setChart(null);
    };
  }, [theme]);

  useEffect(() => {
    chart?.setPoints(points);
  }, [chart, points]);

  return <Frame ref={frame} role="img" aria-label={label} data-testid="price-chart" />;
}
