import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import type { SupportMessageItem_message$key } from '../../../__generated__/SupportMessageItem_message.graphql.ts';
import { messageTime } from './supportRules.ts';

export type SupportMessageItemProps = { message: SupportMessageItem_message$key };

const Row = styled.li<{ $team: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: ${({ $team }) => ($team ? 'flex-start' : 'flex-end')};
  gap: 3px;
`;

const Meta = styled.div`
  display: flex;
  gap: 8px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  letter-spacing: ${({ theme }) => theme.tracking.label};
  color: ${({ theme }) => theme.colors.textDim};
`;

const Author = styled.span<{ $team: boolean }>`
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-transform: uppercase;
  color: ${({ theme, $team }) => ($team ? theme.colors.blue : theme.colors.up)};
`;

const Bubble = styled.p<{ $team: boolean }>`
  max-width: 85%;
  padding: 7px 10px;
  border: 1px solid ${({ theme, $team }) => ($team ? theme.colors.blueBorder : theme.colors.upBorder)};
  border-radius: ${({ theme }) => theme.radii.lg};
  border-top-left-radius: ${({ theme, $team }) => ($team ? theme.radii.xs : theme.radii.lg)};
  border-top-right-radius: ${({ theme, $team }) => ($team ? theme.radii.lg : theme.radii.xs)};
  background: ${({ theme, $team }) => ($team ? theme.colors.blueSoft : theme.colors.upSoft)};
  color: ${({ theme }) => theme.colors.textStrong};
  font-size: ${({ theme }) => theme.fontSizes.base};
  line-height: 1.45;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

/** One message of the thread: the team's on the left in blue, the visitor's own on the right in green. */
export function SupportMessageItem({ message }: SupportMessageItemProps) {
  const m = useFragment(
    graphql`
      fragment SupportMessageItem_message on SupportMessage {
        message
        isFromAdmin
        adminName
        createdAt
      }
    `,
    message,
  );
  const team = m.isFromAdmin;
  return (
    <Row $team={team} data-testid={team ? 'support-message-team' : 'support-message-own'}>
      <Meta>
        <Author $team={team}>{team ? m.adminName || 'Support Team' : 'You'}</Author>
        <time dateTime={String(m.createdAt)}>{messageTime(String(m.createdAt))}</time>
      </Meta>
      <Bubble $team={team}>{m.message}</Bubble>
    </Row>
  );
}
