import styled from 'styled-components';
import { formatTotal } from '../../../format/format.ts';

const Bar = styled.nav`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 10px 16px;
  padding-top: 14px;
`;

const Showing = styled.p`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.textMuted};

  b {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 700;
  }
`;

const Pages = styled.ol`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const PageButton = styled.button`
  min-width: 32px;
  height: 32px;
  padding: 0 10px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.raised};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  transition:
    background ${({ theme }) => theme.transitions.fast},
    border-color ${({ theme }) => theme.transitions.fast};

  &:hover:not(:disabled):not([aria-current='page']) {
    background: ${({ theme }) => theme.colors.hover};
    border-color: ${({ theme }) => theme.colors.textDim};
  }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.up};
    border-color: ${({ theme }) => theme.colors.up};
    color: ${({ theme }) => theme.colors.onUp};
    cursor: default;
  }
  &:disabled {
    opacity: 0.4;
  }
`;

const Gap = styled.li`
  padding: 0 4px;
  color: ${({ theme }) => theme.colors.textDim};
  font-family: ${({ theme }) => theme.fonts.mono};
`;

/** Page numbers to show: all of them up to 7, else 1 … around the current … last. */
export function pageWindow(page: number, pageCount: number): (number | 'gap')[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const around = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  if (page <= 3) [2, 3, 4].forEach((p) => around.add(p));
  if (page >= pageCount - 2) [pageCount - 3, pageCount - 2, pageCount - 1].forEach((p) => around.add(p));
  const sorted = [...around].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

export type PagerProps = {
  /** 1-based */
  page: number;
  pageSize: number;
  totalCount: number;
  /** False when the server stopped counting (more than 10,000 match): shows '10,000+'. */
  totalCountIsExact?: boolean;
  onPage: (page: number) => void;
};

/** 'Showing 11-20 of 37', Previous, page numbers, Next. */
export function Pager({ page, pageSize, totalCount, totalCountIsExact = true, onPage }: PagerProps) {
  const pageCount = Math.max(1, Math.ceil(totalCount / pageSize));
  const from = totalCount === 0 ? 0 : Math.min((page - 1) * pageSize + 1, totalCount);
  const to = Math.min(page * pageSize, totalCount);
  return (
    <Bar aria-label="Pages">
      <Showing data-testid="pager-status" aria-live="polite">
        Showing{' '}
        <b>
          {from}-{to}
        </b>{' '}
        of <b>{totalCountIsExact ? totalCount : formatTotal(totalCount, false)}</b>
      </Showing>
      <Pages>
        <li>
          <PageButton type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </PageButton>
        </li>
        {pageWindow(page, pageCount).map((p, i) =>
          p === 'gap' ? (
            <Gap key={`gap-${i}`} aria-hidden="true">
              …
            </Gap>
          ) : (
            <li key={p}>
              <PageButton
                type="button"
                aria-label={`Page ${p}`}
                aria-current={p === page ? 'page' : undefined}
                onClick={() => p !== page && onPage(p)}
              >
                {p}
              </PageButton>
            </li>
          ),
        )}
        <li>
          <PageButton type="button" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
            Next
          </PageButton>
        </li>
      </Pages>
    </Bar>
  );
}
