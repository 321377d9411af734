import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import { controlStyles } from '../../../components/fieldStyles.ts';
import type { SupportConversation_ticket$key } from '../../../__generated__/SupportConversation_ticket.graphql.ts';
import type { WidgetTicketQuery as WidgetTicketQueryType } from '../../../__generated__/WidgetTicketQuery.graphql.ts';
import { appendSupportMessage } from './appendSupportMessage.ts';
import { useWidgetSendMessageMutation } from './WidgetSendMessageMutation.ts';
import { SupportMessageItem } from './SupportMessageItem.tsx';
import { SupportStatusBadge } from './SupportStatusBadge.tsx';
import { SupportTicketLive } from './SupportTicketLive.tsx';
import { WidgetTicketQuery } from './WidgetTicketQuery.ts';
import { acceptsReplies, canSendReply, isSendKey, shortTicketId } from './supportRules.ts';
import { stackedList } from '../../shared/boxStyles.ts';

export type SupportConversationProps = {
  ticketId: string;
  /** subscribe to replies and status changes (while the panel is open) */
  live: boolean;
  /** bumped to subscribe again after a dropped subscription */
  liveEpoch: number;
  onLiveError: (error: Error) => void;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  /** 'Start New Request': forget this ticket, back to the intro */
  onStartNew: () => void;
  /** move focus to the message box when shown */
  autoFocus: boolean;
};

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  flex: 1;
  min-height: 0;
`;

const TicketHead = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 10px 14px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Subject = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.base};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.textStrong};
  overflow-wrap: anywhere;
`;

const HeadRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
`;

const TicketNo = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

const Thread = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  padding: 12px 14px;
  overscroll-behavior: contain;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
`;

const List = styled.ol`
  ${stackedList(10)}
`;

const Composer = styled.form`
  display: flex;
  align-items: flex-end;
  gap: 8px;
  padding: 10px 14px 6px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Box = styled.textarea`
  ${controlStyles}
  flex: 1;
  min-height: 38px;
  max-height: 96px;
  resize: none;
  font-family: ${({ theme }) => theme.fonts.sans};
`;

const Foot = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 4px 14px 10px;
`;

const Closed = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const TextButton = styled.button`
  margin-left: auto;
  padding: 4px 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.blue};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  letter-spacing: ${({ theme }) => theme.tracking.label};
  text-transform: uppercase;
  text-decoration: underline;
  text-underline-offset: 3px;
  cursor: pointer;

  &:hover:not(:disabled) { color: ${({ theme }) => theme.colors.textStrong}; }
  &:disabled { opacity: 0.42; cursor: not-allowed; }
`;

const SEND_FAILED = 'Failed to send message. Please try again.';

/** The ticket's thread: subject, status, 'Ticket #', messages, and the visitor's reply box. */
export function SupportConversation({ ticketId, live, liveEpoch, onLiveError, busy, setBusy, onStartNew, autoFocus }: SupportConversationProps) {
  // The ticket was read (or created) just before this shows, so the store has it.
  const { supportTicket } = useLazyLoadQuery<WidgetTicketQueryType>(WidgetTicketQuery, { id: ticketId }, { fetchPolicy: 'store-or-network' });
  const ticket = useFragment<SupportConversation_ticket$key>(
    graphql`
      fragment SupportConversation_ticket on SupportTicket {
        id
        ticketId
        subject
        status
        messages {
          messageId
          ...SupportMessageItem_message
        }
      }
    `,
    supportTicket,
  );
  const [commit] = useWidgetSendMessageMutation();
  const { toast } = useToast();
  const [draft, setDraft] = useState('');
  const threadRef = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const boxId = useId();
  const open = acceptsReplies(ticket.status);

  // the newest message in view: on arrival, and when the panel is shown again
  useLayoutEffect(() => {
    const el = threadRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [ticket.messages.length, live]);

  useEffect(() => {
    if (autoFocus) wrapRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    // only as the conversation appears
  }, []);

  function send(e?: FormEvent) {
    e?.preventDefault();
    if (busy || !open || !canSendReply(draft, ticket.ticketId)) return;
    setBusy(true);
    commit({
      variables: { input: { ticketId: ticket.ticketId, message: draft.trim() } },
      updater: (store) => appendSupportMessage(store, ticket.id, store.getRootField('sendSupportMessage')?.getLinkedRecord('data')),
      onCompleted: ({ sendSupportMessage: r }) => {
        setBusy(false);
        if (r.__typename === 'MutationSendSupportMessageSuccess') {
          setDraft('');
          return;
        }
        // a closed ticket says so; anything else may work on a second try
        const description = r.__typename === 'ConflictError' && r.message ? r.message : SEND_FAILED;
        toast({ title: 'Error', description, variant: 'destructive' });
      },
      onError: () => {
        setBusy(false);
        toast({ title: 'Error', description: SEND_FAILED, variant: 'destructive' });
      },
    });
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (!isSendKey({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing })) return;
    e.preventDefault();
    send();
  }

  return (
    <Wrap ref={wrapRef}>
      {live && <SupportTicketLive key={liveEpoch} ticketId={ticket.ticketId} ticketRecordId={ticket.id} onError={onLiveError} />}
      <TicketHead>
        <Subject>{ticket.subject}</Subject>
        <HeadRow>
          <SupportStatusBadge status={ticket.status} />
          <TicketNo>Ticket #{shortTicketId(ticket.ticketId)}</TicketNo>
        </HeadRow>
      </TicketHead>
      {/* a log: screen readers hear each new message; focusable, so the keyboard can scroll it */}
      <Thread ref={threadRef} role="log" aria-live="polite" aria-label="Messages" tabIndex={0} data-testid="support-thread">
        <List>
          {ticket.messages.map((m) => (
            <SupportMessageItem key={m.messageId} message={m} />
          ))}
        </List>
      </Thread>
      {open ? (
        <Composer onSubmit={send} aria-label="Reply">
          <VisuallyHidden as="label" htmlFor={boxId}>
            Your message
          </VisuallyHidden>
          <Box
            id={boxId}
            rows={1}
            placeholder="Type your message..."
            value={draft}
            maxLength={10000}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            data-autofocus
          />
          <Button type="submit" variant="primary" aria-label="Send message" disabled={busy} busy={busy} icon={busy ? undefined : <Icon name="send" size={15} />} />
        </Composer>
      ) : null}
      <Foot>
        {!open && <Closed>This ticket has been closed.</Closed>}
        <TextButton type="button" onClick={onStartNew} disabled={busy} data-autofocus={open ? undefined : true}>
          Start New Request
        </TextButton>
      </Foot>
    </Wrap>
  );
}
