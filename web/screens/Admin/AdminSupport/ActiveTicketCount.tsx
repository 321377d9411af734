import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import type { ActiveTicketCount_query$key } from '../../../__generated__/ActiveTicketCount_query.graphql.ts';
import type { ActiveTicketCountSubscription } from '../../../__generated__/ActiveTicketCountSubscription.graphql.ts';
import { formatCount, noun } from '../../../format/format.ts';
import { useLiveSubscription } from '../../../hooks/useLiveSubscription.ts';
import { monoCaps } from '../../shared/figureText.ts';

// The server pushes the count again whenever the queue changes; the updater writes it over the
// query's count on the store's root (a pushed scalar is not merged there by itself).
const activeCountSubscription = graphql`
  subscription ActiveTicketCountSubscription {
    activeTicketCount
  }
`;

const Chip = styled.p`
  display: inline-flex;
  align-items: baseline;
  gap: 8px;
  padding: 6px 12px;
  border: 1px solid ${({ theme }) => theme.colors.amberBorder};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.amberSoft};
  ${monoCaps({ size: 'xs', colour: 'textMuted' })}

  strong {
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.colors.amber};
  }
`;

export type ActiveTicketCountProps = { query: ActiveTicketCount_query$key };

/** The header's count of active (open and in-progress) tickets, live. */
export function ActiveTicketCount({ query }: ActiveTicketCountProps) {
  const { activeTicketCount } = useFragment(
    graphql`
      fragment ActiveTicketCount_query on Query {
        activeTicketCount
      }
    `,
    query,
  );
  useLiveSubscription<ActiveTicketCountSubscription>(activeCountSubscription, {}, {
    updater: (store, data) => {
      if (typeof data?.activeTicketCount === 'number') store.getRoot().setValue(data.activeTicketCount, 'activeTicketCount');
    },
  });
  return (
    <Chip data-testid="active-ticket-count" aria-live="polite">
      <strong>{formatCount(activeTicketCount)}</strong> active {noun(activeTicketCount, 'ticket')}
    </Chip>
  );
}
