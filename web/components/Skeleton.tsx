import type { CSSProperties } from 'react';
import styled, { keyframes } from 'styled-components';

export type SkeletonProps = {
  /** CSS width; number = px (default '100%') */
  width?: number | string;
  /** CSS height; number = px (default 14) */
  height?: number | string;
  /** corner radius; number = px (default 2) */
  radius?: number | string;
  /** several stacked lines; the last one is shorter */
  lines?: number;
  className?: string;
  style?: CSSProperties;
};

const shimmer = keyframes`
  from { background-position: 150% 0; }
  to { background-position: -50% 0; }
`;

const Block = styled.span`
  display: block;
  max-width: 100%;
  background-color: ${({ theme }) => theme.colors.raised};
  background-image: linear-gradient(
    90deg,
    transparent 0%,
    rgba(255, 255, 255, 0.045) 40%,
    rgba(25, 210, 124, 0.06) 50%,
    rgba(255, 255, 255, 0.045) 60%,
    transparent 100%
  );
  background-size: 200% 100%;
  background-repeat: no-repeat;
  animation: ${shimmer} 1.3s ease-in-out infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Stack = styled.span`
  display: flex;
  flex-direction: column;
  gap: 8px;
  width: 100%;
`;

const px = (v: number | string) => (typeof v === 'number' ? `${v}px` : v);

/** A shimmering placeholder block (hidden from assistive tech; put a status text elsewhere). */
export function Skeleton({ width = '100%', height = 14, radius = 2, lines, className, style }: SkeletonProps) {
  if (lines && lines > 1) {
    return (
      <Stack className={className} aria-hidden="true" data-testid="skeleton">
        {Array.from({ length: lines }, (_, i) => (
          <Block
            key={i}
            style={{ width: i === lines - 1 ? '62%' : px(width), height: px(height), borderRadius: px(radius), ...style }}
          />
        ))}
      </Stack>
    );
  }
  return (
    <Block
      className={className}
      aria-hidden="true"
      data-testid="skeleton"
      style={{ width: px(width), height: px(height), borderRadius: px(radius), ...style }}
    />
  );
}
