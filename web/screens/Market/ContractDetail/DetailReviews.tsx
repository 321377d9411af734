import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { Stars } from '../../../components/Stars.tsx';
import type { DetailReviews_contract$key } from '../../../__generated__/DetailReviews_contract.graphql.ts';
import { formatCount, formatDate } from '../../../format/format.ts';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 12px 16px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child { border-bottom: 0; }
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 10px;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};

  b { color: ${({ theme }) => theme.colors.textStrong}; font-weight: 600; font-size: ${({ theme }) => theme.fontSizes.md}; }
  time { margin-left: auto; font-family: ${({ theme }) => theme.fonts.mono}; color: ${({ theme }) => theme.colors.textDim}; }
`;

const Text = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: 1.55;
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

const Muted = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-style: italic;
  color: ${({ theme }) => theme.colors.textDim};
`;

const Count = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Empty = styled.div`
  padding: 16px;
`;

export type DetailReviewsProps = { contract: DetailReviews_contract$key };

/** Buyers' reviews of this contract. */
export function DetailReviews({ contract }: DetailReviewsProps) {
  const c = useFragment(
    graphql`
      fragment DetailReviews_contract on Contract {
        reviews(first: 10) {
          totalCount
          edges {
            node {
              id
              rating
              text
              createdAt
              reviewer {
                name
              }
            }
          }
        }
      }
    `,
    contract,
  );
  const { totalCount, edges } = c.reviews;

  return (
    <Panel
      title="Reviews"
      padding="none"
      data-testid="reviews"
      actions={totalCount > 0 ? <Count>{totalCount > edges.length ? `latest ${edges.length} of ${formatCount(totalCount)}` : formatCount(totalCount)}</Count> : undefined}
    >
      {edges.length === 0 ? (
        <Empty>
          <EmptyState compact icon="inbox" title="No reviews yet" description="Buyers rate the provider once their payment is released from escrow." />
        </Empty>
      ) : (
        <List aria-label="Reviews">
          {edges.map(({ node: r }) => (
            <Item key={r.id}>
              <Meta>
                <Stars rating={r.rating} size={12} />
                <b>{r.reviewer.name}</b>
                <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>
              </Meta>
              {r.text ? <Text>{r.text}</Text> : <Muted>No written review.</Muted>}
            </Item>
          ))}
        </List>
      )}
    </Panel>
  );
}
