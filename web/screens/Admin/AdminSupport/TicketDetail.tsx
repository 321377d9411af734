import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import type { TicketDetail_ticket$key } from '../../../__generated__/TicketDetail_ticket.graphql.ts';
import { ReplyBox } from './ReplyBox.tsx';
import { TicketActions } from './TicketActions.tsx';
import { TicketFacts } from './TicketFacts.tsx';
import { TicketThread } from './TicketThread.tsx';
import { useTicketLiveUpdates } from './useTicketLiveUpdates.ts';
import { monoCaps } from '../../shared/figureText.ts';

const Box = styled.section`
  min-width: 0;
  background: ${({ theme }) => theme.colors.panel};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Head = styled.header`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 14px;
`;

const Eyebrow = styled.p`
  ${monoCaps({ tracking: 'wide' })}
`;

const Subject = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textStrong};
  overflow-wrap: anywhere;
`;

const Requester = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;

  strong {
    color: ${({ theme }) => theme.colors.text};
  }
  a {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.blue};
  }
`;

export type TicketDetailProps = { ticket: TicketDetail_ticket$key };

/** The open ticket: who asked what, its state, the actions, the thread and the reply box; live. */
export function TicketDetail({ ticket }: TicketDetailProps) {
  const t = useFragment(
    graphql`
      fragment TicketDetail_ticket on SupportTicket {
        id
        ticketId
        subject
        name
        email
        ...TicketFacts_ticket
        ...TicketActions_ticket
        ...TicketThread_ticket
        ...ReplyBox_ticket
      }
    `,
    ticket,
  );
  useTicketLiveUpdates(t);
  return (
    <Box aria-labelledby={`ticket-subject-${t.ticketId}`} data-testid="ticket-detail" data-ticket-id={t.ticketId}>
      <Head>
        <div>
          <Eyebrow>Ticket #{t.ticketId.slice(-8)}</Eyebrow>
          <Subject id={`ticket-subject-${t.ticketId}`}>{t.subject}</Subject>
          <Requester data-testid="ticket-requester">
            <strong>{t.name}</strong> · <a href={`mailto:${t.email}`}>{t.email}</a>
          </Requester>
        </div>
        <TicketFacts ticket={t} />
        <TicketActions ticket={t} />
      </Head>
      <TicketThread ticket={t} />
      <ReplyBox ticket={t} />
    </Box>
  );
}
