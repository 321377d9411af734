import styled from 'styled-components';
import { plural } from '../format/format.ts';

export type StarsProps = {
  /** 0-5; null (no reviews) shows '—' instead of stars */
  rating: number | null | undefined;
  /** star size in px (default 12) */
  size?: number;
  /** also print the number, e.g. '4.8' (default false) */
  showValue?: boolean;
  /** number of reviews, printed as '(N)' after the value */
  reviewCount?: number;
  className?: string;
};

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

const Wrap = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 5px;
  vertical-align: middle;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-variant-numeric: tabular-nums;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
`;

const Row = styled.span`
  position: relative;
  display: inline-flex;
  gap: 1px;
`;

const Layer = styled.span<{ $fill: boolean; $pct?: number }>`
  display: inline-flex;
  gap: 1px;
  color: ${({ $fill, theme }) => ($fill ? theme.colors.star : theme.colors.borderStrong)};
  ${({ $pct }) => ($pct == null ? '' : `position: absolute; inset: 0 auto 0 0; width: ${$pct}%; overflow: hidden;`)}
`;

const Value = styled.span`
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
`;

const None = styled.span`
  color: ${({ theme }) => theme.colors.textDim};
`;

function StarRow({ size }: { size: number }) {
  return (
    <>
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <path d={STAR} />
        </svg>
      ))}
    </>
  );
}

/** A 0-5 star rating with partial fill. */
export function Stars({ rating, size = 12, showValue = false, reviewCount, className }: StarsProps) {
  if (rating == null || Number.isNaN(rating)) {
    return (
      <Wrap className={className} role="img" aria-label="No rating yet">
        <None aria-hidden="true">—</None>
      </Wrap>
    );
  }
  const r = Math.max(0, Math.min(5, rating));
  // width of the filled layer, accounting for the 1px gaps between stars
  const pct = (r / 5) * 100;
  const text = `Rated ${r.toFixed(1)} out of 5${reviewCount != null ? `, ${plural(reviewCount, 'review')}` : ''}`;
  return (
    <Wrap className={className} role="img" aria-label={text}>
      <Row aria-hidden="true">
        <Layer $fill={false}>
          <StarRow size={size} />
        </Layer>
        <Layer $fill $pct={pct}>
          <StarRow size={size} />
        </Layer>
      </Row>
      {showValue && <Value aria-hidden="true">{r.toFixed(1)}</Value>}
      {reviewCount != null && <span aria-hidden="true">({reviewCount})</span>}
    </Wrap>
  );
}
