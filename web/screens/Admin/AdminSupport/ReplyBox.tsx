import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import type { ReplyBox_ticket$key } from '../../../__generated__/ReplyBox_ticket.graphql.ts';
import { useSession } from '../../../session/useSession.ts';
import { useSendSupportMessageMutation } from './SendSupportMessageMutation.ts';
import { replyText } from './supportDeskRules.ts';
import { appendThreadMessage } from './threadUpdater.ts';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 12px 14px 14px;
`;

const Row = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 8px;

  > :first-child {
    flex: 1;
  }
  textarea {
    min-height: 64px;
    resize: vertical;
  }
`;

const Closed = styled.p`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 8px 10px;
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export type ReplyBoxProps = { ticket: ReplyBox_ticket$key };

/** The team's reply: Enter sends, Shift+Enter adds a line; a closed ticket takes no replies. */
export function ReplyBox({ ticket }: ReplyBoxProps) {
  const t = useFragment(
    graphql`
      fragment ReplyBox_ticket on SupportTicket {
        id
        ticketId
        name
        status
      }
    `,
    ticket,
  );
  const { viewer } = useSession();
  const [draft, setDraft] = useState('');
  const [commit, sending] = useSendSupportMessageMutation();
  const { toast } = useToast();
  const closed = t.status === 'closed';

  function send() {
    const message = replyText(draft);
    if (!message || sending || closed) return;
    commit({
      variables: { input: { ticketId: t.ticketId, message, senderName: viewer?.name ?? null } },
      updater: (store) => appendThreadMessage(store, t.id, store.getRootField('sendSupportMessage')?.getLinkedRecord('data')),
      onCompleted: ({ sendSupportMessage: result }) => {
        if (result.__typename === 'MutationSendSupportMessageSuccess') {
          setDraft('');
          return;
        }
        const reason = result.__typename === '%other' ? null : result.message;
        toast({ variant: 'destructive', title: 'Error', description: reason ? `Failed to send message (${reason})` : 'Failed to send message' });
      },
      onError: (error) => {
        console.warn('sendSupportMessage failed', error);
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to send message' });
      },
    });
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter is a new line; an IME composing text keeps its Enter
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    send();
  }

  return (
    <Form onSubmit={onSubmit} aria-label="Reply" data-testid="reply-box">
      {closed && (
        <Closed role="status">
          <Icon name="lock" size={14} aria-hidden />
          This ticket has been closed.
        </Closed>
      )}
      <Row>
        <TextAreaField
          label={`Reply to ${t.name}`}
          hideLabel
          placeholder={closed ? 'Replies are closed' : `Reply to ${t.name} as the support team…`}
          rows={2}
          value={draft}
          disabled={closed}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          hint={closed ? undefined : 'Enter sends · Shift+Enter adds a new line'}
        />
        <Button type="submit" variant="primary" busy={sending} disabled={closed || replyText(draft) == null} icon={<Icon name="send" size={13} aria-hidden />}>
          Send
        </Button>
      </Row>
    </Form>
  );
}
