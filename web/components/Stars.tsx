import type { CSSProperties } from 'react';
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

// The five stars are one element: a mask of the star shape, five times across (`space` puts the
// 1 px gaps between them), over a background filled to the rating. Five SVG stars in two layers were ~22
// elements per rating, a fifth of a market card's DOM, and the filled layer's width was a new
// styled-components class for every distinct rating (docs/decisions.md "Issue 28: main-thread work
// of the public pages"). The size and the fill are custom properties of the element's own style.
const STAR_MASK =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath d='M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z'/%3E%3C/svg%3E\")";

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

const Glyphs = styled.span`
  flex: none;
  display: inline-block;
  width: calc(var(--star) * 5 + 4px);
  height: var(--star);
  background: linear-gradient(
    90deg,
    ${({ theme }) => theme.colors.star} var(--fill),
    ${({ theme }) => theme.colors.borderStrong} var(--fill)
  );
  mask: ${STAR_MASK} 0 0 / var(--star) space;

  @media (forced-colors: active) {
    forced-color-adjust: none;
  }
`;

const Value = styled.span`
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
`;

const None = styled.span`
  color: ${({ theme }) => theme.colors.textDim};
`;

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
  // the filled part of the row, its 1px gaps included (as the filled layer of five stars was)
  const pct = (r / 5) * 100;
  const text = `Rated ${r.toFixed(1)} out of 5${reviewCount != null ? `, ${plural(reviewCount, 'review')}` : ''}`;
  return (
    <Wrap className={className} role="img" aria-label={text}>
      <Glyphs aria-hidden="true" style={{ '--star': `${size}px`, '--fill': `${pct}%` } as CSSProperties} />
      {showValue && <Value aria-hidden="true">{r.toFixed(1)}</Value>}
      {reviewCount != null && <span aria-hidden="true">({reviewCount})</span>}
    </Wrap>
  );
}
