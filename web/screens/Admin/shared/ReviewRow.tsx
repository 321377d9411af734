import { useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import styled from 'styled-components';

// The frame of a row in a back-office review queue (applications, pending listings, disputed
// payments): a heading that names the row, a figure or date on its right, then the row's own
// facts and buttons. The parts below are the pieces the rows share.

const Row = styled.article<{ $gap: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ $gap }) => $gap}px;
  padding: 14px 16px;
  transition: background ${({ theme }) => theme.transitions.fast};

  &:hover {
    background: rgba(255, 255, 255, 0.015);
  }
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 12px;
`;

/** The heading with badges beside it, wrapping under it on narrow rows. */
const TitleLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 10px;
  min-width: 0;
`;

const Title = styled.h3`
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSizes.base};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textStrong};
  overflow-wrap: anywhere;

  a {
    color: ${({ theme }) => theme.colors.textStrong};
  }
  a:hover {
    color: ${({ theme }) => theme.colors.up};
  }
`;

/** A line of small labelled facts: `<span><span className="label">BY</span>name</span>`. */
export const ReviewMeta = styled.div<{ $gap?: number }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px ${({ $gap = 12 }) => $gap}px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};

  .label {
    margin-right: 4px;
    color: ${({ theme }) => theme.colors.textDim};
  }
`;

/** The row's long text, cut after a few lines (the whole text is its title). */
export const ReviewText = styled.p<{ $lines: number; $muted?: boolean }>`
  display: -webkit-box;
  -webkit-line-clamp: ${({ $lines }) => $lines};
  -webkit-box-orient: vertical;
  overflow: hidden;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.5;
  color: ${({ theme, $muted }) => ($muted ? theme.colors.textMuted : theme.colors.text)};
`;

export const ReviewActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

export type ReviewRowProps = Omit<ComponentPropsWithoutRef<'article'>, 'title'> & {
  /** what the row is about; names the row */
  title: ReactNode;
  /** badges and names beside the title */
  beside?: ReactNode;
  /** on the right of the heading: an amount, a date */
  aside?: ReactNode;
  /** space between the row's parts */
  gap?: number;
};

/** One item of a review queue: its heading line, then its facts and decisions (the children). */
export function ReviewRow({ title, beside, aside, gap = 8, children, ...rest }: ReviewRowProps) {
  const titleId = useId();
  const heading = <Title id={titleId}>{title}</Title>;
  return (
    <Row aria-labelledby={titleId} $gap={gap} {...rest}>
      <Head>
        {beside ? (
          <TitleLine>
            {heading}
            {beside}
          </TitleLine>
        ) : (
          heading
        )}
        {aside}
      </Head>
      {children}
    </Row>
  );
}
