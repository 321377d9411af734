import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { PageTitle } from '../../../components/PageTitle.tsx';
import type { TradingDeskQuery$data } from '../../../__generated__/TradingDeskQuery.graphql.ts';
import type { ChosenContract } from './chosenContract.ts';
import { ClosedPositions } from './ClosedPositions.tsx';
import { MultiplierCard } from './MultiplierCard.tsx';
import { OpenPositionForm } from './OpenPositionForm.tsx';
import { OpenPositions } from './OpenPositions.tsx';
import { PaperTradingNote } from './PaperTradingNote.tsx';
import { PnlChart } from './PnlChart.tsx';
import { emptyDraft, type TicketDraft } from './ticketDraft.ts';
import { usePositionUpdates } from './usePositionUpdates.ts';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 14px;

  > :first-child {
    margin-bottom: 0;
  }
`;

const Desk = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 14px;
  align-items: start;

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 340px minmax(0, 1fr);
  }
`;

// Two columns on wide screens; on narrower ones a single column in which the open positions come
// right after the form (the columns dissolve and each part takes its place by order).
const Column = styled.div`
  display: contents;

  ${({ theme }) => theme.media.lg} {
    display: flex;
    flex-direction: column;
    gap: 14px;
    min-width: 0;
  }
`;

const Slot = styled.div<{ $order: number }>`
  order: ${({ $order }) => $order};
  min-width: 0;

  ${({ theme }) => theme.media.lg} {
    order: 0;
  }
`;

export type TradingBoardProps = {
  viewer: NonNullable<TradingDeskQuery$data['viewer']>;
  preselected: ChosenContract | null;
};

/**
 * The trader's desk: the open-position form and the multiplier card on the left; the open positions
 * (live), the realised P/L curve and the closed positions on the right.
 */
export function TradingBoard({ viewer, preselected }: TradingBoardProps) {
  usePositionUpdates(viewer.id);
  const [draft, setDraft] = useState<TicketDraft>(() => emptyDraft(preselected));
  const onDraft = useCallback((changes: Partial<TicketDraft>) => setDraft((d) => ({ ...d, ...changes })), []);
  return (
    <Page>
      <PageTitle eyebrow="Paper trading" subtitle="Go long or short on any active contract with a multiplier up to 5x; positions follow the market price live">
        TRADING
      </PageTitle>
      <PaperTradingNote />
      <Desk>
        <Column>
          <Slot $order={1}>
            <OpenPositionForm viewerId={viewer.id} draft={draft} onDraft={onDraft} />
          </Slot>
          <Slot $order={3}>
            <MultiplierCard draft={draft} />
          </Slot>
        </Column>
        <Column>
          <Slot $order={2}>
            <OpenPositions viewer={viewer} />
          </Slot>
          <Slot $order={4}>
            <PnlChart viewer={viewer} />
          </Slot>
          <Slot $order={5}>
            <ClosedPositions viewer={viewer} />
          </Slot>
        </Column>
      </Desk>
    </Page>
  );
}
