import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import type { ThreadMessage_message$key } from '../../../__generated__/ThreadMessage_message.graphql.ts';
import { formatDateTime, formatTimestamp } from '../../../format/format.ts';

const Item = styled.li<{ $team: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: ${({ $team }) => ($team ? 'flex-end' : 'flex-start')};
  gap: 3px;
`;

const Head = styled.div`
  display: flex;
  align-items: baseline;
  gap: 8px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textDim};

  strong {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 700;
  }
`;

const Side = styled.span<{ $team: boolean }>`
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  color: ${({ theme, $team }) => ($team ? theme.colors.blue : theme.colors.up)};
`;

const Bubble = styled.p<{ $team: boolean }>`
  max-width: min(560px, 88%);
  padding: 8px 11px;
  border: 1px solid ${({ theme, $team }) => ($team ? theme.colors.blueBorder : theme.colors.upBorder)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $team }) => ($team ? theme.colors.blueSoft : theme.colors.upSoft)};
  color: ${({ theme }) => theme.colors.textStrong};
  font-size: ${({ theme }) => theme.fontSizes.base};
  line-height: 1.45;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

export type ThreadMessageProps = { message: ThreadMessage_message$key };

/** One message of a ticket: the team's on the right in blue, the requester's on the left in green. */
export function ThreadMessage({ message }: ThreadMessageProps) {
  const m = useFragment(
    graphql`
      fragment ThreadMessage_message on SupportMessage {
        messageId
        senderType
        senderName
        message
        createdAt
      }
    `,
    message,
  );
  const team = m.senderType === 'admin';
  const sender = m.senderName || (team ? 'Support Team' : 'Requester');
  return (
    <Item $team={team} data-testid="thread-message" data-sender={team ? 'team' : 'requester'}>
      <Head>
        <strong>{sender}</strong>
        <Side $team={team}>{team ? 'Team' : 'Requester'}</Side>
        <time dateTime={m.createdAt} title={formatTimestamp(m.createdAt)}>
          {formatDateTime(m.createdAt)}
        </time>
      </Head>
      <Bubble $team={team}>{m.message}</Bubble>
    </Item>
  );
}
