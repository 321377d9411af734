import { useEffect, useRef } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import type { TicketThread_ticket$key } from '../../../__generated__/TicketThread_ticket.graphql.ts';
import { ThreadMessage } from './ThreadMessage.tsx';

const Log = styled.div`
  min-height: 160px;
  max-height: min(52vh, 560px);
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.bg};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
`;

const Messages = styled.ol`
  && {
    display: flex;
    flex-direction: column;
    gap: 12px;
    margin: 0;
    padding: 14px;
    list-style: none;
  }
`;

export type TicketThreadProps = { ticket: TicketThread_ticket$key };

/** The ticket's messages, oldest first; keeps the newest in view as messages arrive. */
export function TicketThread({ ticket }: TicketThreadProps) {
  const { messages } = useFragment(
    graphql`
      fragment TicketThread_ticket on SupportTicket {
        messages {
          messageId
          ...ThreadMessage_message
        }
      }
    `,
    ticket,
  );
  const log = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);
  return (
    // a log: screen readers announce new messages as they arrive
    <Log ref={log} role="log" aria-label="Conversation" aria-live="polite" tabIndex={0} data-testid="ticket-thread">
      <Messages>
        {messages.map((m) => (
          <ThreadMessage key={m.messageId} message={m} />
        ))}
      </Messages>
    </Log>
  );
}
