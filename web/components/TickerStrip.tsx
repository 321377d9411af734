import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { MarketClock } from './MarketClock.tsx';

export type TickerTone = 'up' | 'down' | 'neutral';

export type TickerItem = {
  label: string;
  value: string;
  tone?: TickerTone;
};

export type TickerStripProps = {
  items: TickerItem[];
  /** label before the clock (default 'LOCAL') */
  clockLabel?: ReactNode;
  /** seconds per item for one loop of the marquee (default 4) */
  secondsPerItem?: number;
  className?: string;
};

const blink = keyframes`
  50% { opacity: 0.35; }
`;

const scroll = keyframes`
  from { transform: translate3d(0, 0, 0); }
  to { transform: translate3d(-50%, 0, 0); }
`;

const Strip = styled.div`
  display: flex;
  align-items: stretch;
  height: ${({ theme }) => theme.layout.tickerHeight};
  background: ${({ theme }) => theme.colors.bar};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;
  overflow: hidden;
`;

const Clock = styled.div`
  position: relative;
  z-index: 1;
  display: flex;
  align-items: center;
  gap: 8px;
  flex: none;
  padding: 0 14px;
  background: ${({ theme }) => theme.colors.panelAlt};
  border-right: 1px solid ${({ theme }) => theme.colors.borderStrong};
  color: ${({ theme }) => theme.colors.textMuted};
  letter-spacing: ${({ theme }) => theme.tracking.label};
  box-shadow: 8px 0 12px -6px rgba(0, 0, 0, 0.8);

  time {
    color: ${({ theme }) => theme.colors.amber};
    font-weight: 700;
    letter-spacing: 0.06em;
  }
`;

const Live = styled.span`
  width: 6px;
  height: 6px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.up};
  box-shadow: 0 0 6px ${({ theme }) => theme.colors.up};
  animation: ${blink} 1.6s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Viewport = styled.div`
  position: relative;
  flex: 1;
  min-width: 0;
  overflow: hidden;
  mask-image: linear-gradient(90deg, transparent 0, #000 24px, #000 calc(100% - 24px), transparent 100%);

  @media (prefers-reduced-motion: reduce) {
    overflow-x: auto;
    mask-image: none;
    scrollbar-width: none;
    &::-webkit-scrollbar { display: none; }
  }
`;

const Track = styled.div<{ $duration: number }>`
  display: flex;
  width: max-content;
  height: 100%;
  animation: ${scroll} ${({ $duration }) => $duration}s linear infinite;
  will-change: transform;

  ${Viewport}:hover &,
  ${Viewport}:focus-within & {
    animation-play-state: paused;
  }

  @media (prefers-reduced-motion: reduce) {
    animation: none;
    [data-copy='echo'] { display: none; }
  }
`;

const Group = styled.ul`
  display: flex;
  align-items: center;
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Item = styled.li`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 0 18px;
  white-space: nowrap;
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  height: 16px;
`;

const Label = styled.span`
  color: ${({ theme }) => theme.colors.textDim};
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
`;

const Value = styled.span<{ $tone: TickerTone }>`
  font-weight: 700;
  color: ${({ theme, $tone }) =>
    $tone === 'up' ? theme.colors.up : $tone === 'down' ? theme.colors.down : theme.colors.textStrong};
`;

const Arrow = styled.span<{ $tone: TickerTone }>`
  font-size: 8px;
  color: ${({ theme, $tone }) => ($tone === 'up' ? theme.colors.up : theme.colors.down)};
`;

function Items({ items, echo }: { items: TickerItem[]; echo: boolean }) {
  return (
    <Group data-copy={echo ? 'echo' : 'main'} aria-hidden={echo || undefined} role="list">
      {items.map((it, i) => {
        const tone = it.tone ?? 'neutral';
        return (
          <Item key={`${it.label}-${i}`}>
            <Label>{it.label}</Label>
            <Value $tone={tone}>{it.value}</Value>
            {tone !== 'neutral' && (
              <Arrow $tone={tone} aria-hidden="true">
                {tone === 'up' ? '▲' : '▼'}
              </Arrow>
            )}
          </Item>
        );
      })}
    </Group>
  );
}

/**
 * Thin market strip: a live clock (HH:MM:SS, local) and a marquee of label/value items.
 * The marquee pauses on hover/focus; with prefers-reduced-motion it stands still and scrolls by hand.
 */
export function TickerStrip({ items, clockLabel = 'LOCAL', secondsPerItem = 4, className }: TickerStripProps) {
  // Each half of the track must be wider than the viewport for a seamless loop: repeat short lists.
  const reps = items.length === 0 ? 1 : Math.max(1, Math.ceil(14 / items.length));
  const duration = Math.max(20, items.length * reps * secondsPerItem);
  const groups = Array.from({ length: reps * 2 }, (_, i) => i);
  return (
    <Strip className={className} role="region" aria-label="Market ticker">
      <Clock>
        <Live aria-hidden="true" />
        <span>{clockLabel}</span>
        <MarketClock />
      </Clock>
      <Viewport>
        <Track $duration={duration}>
          {groups.map((i) => (
            <Items key={i} items={items} echo={i > 0} />
          ))}
        </Track>
      </Viewport>
    </Strip>
  );
}
