import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import type { DisputeConversation_dispute$key } from '../../../__generated__/DisputeConversation_dispute.graphql.ts';
import { formatDateTime } from '../../../format/format.ts';
import { DialogSection } from '../shared/DialogSection.tsx';
import { EvidenceNote } from './EvidenceFacts.tsx';

// What the buyer and the provider wrote to each other about the listing (their conversation in
// messaging), beside the evidence and the access log: an answer given there counts too.

// focusable, so a keyboard can scroll a long conversation
const Scroll = styled.ol.attrs({ tabIndex: 0 })`
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: 8px;
  max-height: 260px;
  overflow: auto;
  margin: 0;
  padding: 0;
`;

const Line = styled.li<{ $buyer: boolean }>`
  padding: 8px 10px;
  border-left: 2px solid ${({ theme, $buyer }) => ($buyer ? theme.colors.amber : theme.colors.blue)};
  background: ${({ theme }) => theme.colors.panelAlt};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  header {
    margin-bottom: 4px;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    color: ${({ theme }) => theme.colors.text};
  }
`;

export function DisputeConversation({ dispute }: { dispute: DisputeConversation_dispute$key }) {
  const d = useFragment(
    graphql`
      fragment DisputeConversation_dispute on Dispute {
        conversation {
          messageId
          senderName
          fromBuyer
          content
          sentAt
        }
      }
    `,
    dispute,
  );
  const messages = d.conversation ?? [];
  return (
    <DialogSection title="Conversation between buyer and provider" label="Conversation">
      {messages.length === 0 ? (
        <EvidenceNote>They have not written to each other about this listing.</EvidenceNote>
      ) : (
        <Scroll aria-label="Conversation" data-testid="dispute-conversation">
          {messages.map((m) => (
            <Line key={m.messageId} $buyer={m.fromBuyer}>
              <header>
                {m.fromBuyer ? 'BUYER' : 'PROVIDER'} · {m.senderName} · <time dateTime={m.sentAt}>{formatDateTime(m.sentAt)}</time>
              </header>
              <p>{m.content}</p>
            </Line>
          ))}
        </Scroll>
      )}
    </DialogSection>
  );
}
