import { useCallback, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import { useToast } from '../../../components/toast/useToast.ts';
import { moveToTop } from './conversationStoreUpdates.ts';
import { composerKeyAction, sendableText } from './messagingRules.ts';
import { useSendMessageMutation } from './SendMessageMutation.ts';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 10px 12px 12px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.panelAlt};
`;

const Row = styled.div`
  display: flex;
  align-items: flex-end;
  gap: 8px;
`;

const Area = styled.textarea`
  flex: 1;
  min-width: 0;
  min-height: 40px;
  max-height: 160px;
  padding: 9px 10px;
  resize: none;
  field-sizing: content;
  background: ${({ theme }) => theme.colors.raised};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.textStrong};
  font-family: ${({ theme }) => theme.fonts.sans};
  font-size: ${({ theme }) => theme.fontSizes.base};
  line-height: 1.4;

  &::placeholder { color: ${({ theme }) => theme.colors.textDim}; }

  &:focus {
    outline: none;
    border-color: ${({ theme }) => theme.colors.blue};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.blueSoft};
  }

  /* 16px stops iOS Safari from zooming into a focused field */
  ${({ theme }) => theme.media.mobile} {
    font-size: 16px;
  }
`;

const Hint = styled.p`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xxs};
  color: ${({ theme }) => theme.colors.textDim};

  kbd {
    padding: 0 4px;
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: 2px;
  }
`;

export type MessageComposerProps = {
  /** the open conversation (global id); without one nothing is sent */
  conversationId: string | null;
  /** the thread's message connection, where a sent message is appended */
  connectionId: string;
  /** who the message goes to (the field's label) */
  recipientName: string;
};

/**
 * The reply box: Enter sends, Shift+Enter adds a line; a blank (trimmed) message is not sent. A
 * failed send keeps the draft and says so in a toast.
 */
export function MessageComposer({ conversationId, connectionId, recipientName }: MessageComposerProps) {
  const [draft, setDraft] = useState('');
  const [commit, sending] = useSendMessageMutation();
  const { toast } = useToast();
  const area = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const fieldId = useId();

  const send = useCallback(() => {
    const content = sendableText(draft, conversationId);
    if (content == null || sending) return;
    const failed = () => void toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
    commit({
      variables: { input: { conversationId, content }, connections: [connectionId] },
      updater: (store) => {
        const conversation = store.getRootField('sendMessage')?.getLinkedRecord('data')?.getLinkedRecord('conversation');
        if (conversation) moveToTop(store, conversation);
      },
      onCompleted: (response) => {
        if (response.sendMessage.__typename !== 'MutationSendMessageSuccess') {
          failed();
          return;
        }
        // only what was sent is cleared: text typed while it was on its way stays
        setDraft((current) => (current === draft ? '' : current));
        area.current?.focus();
      },
      onError: failed,
    });
  }, [commit, connectionId, conversationId, draft, sending, toast]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (composerKeyAction({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing }) === 'send') {
      event.preventDefault();
      send();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  return (
    <Form onSubmit={onSubmit} aria-label="Send a message">
      <Row>
        <VisuallyHidden as="label" htmlFor={fieldId}>
          Message to {recipientName}
        </VisuallyHidden>
        <Area
          ref={area}
          id={fieldId}
          rows={1}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Type your message..."
          maxLength={5000}
          aria-describedby={hintId}
          data-testid="message-input"
        />
        <Button type="submit" variant="primary" busy={sending} disabled={!sendableText(draft, conversationId)} icon={<Icon name="send" size={14} />}>
          Send
        </Button>
      </Row>
      <Hint id={hintId}>
        <kbd>Enter</kbd> to send · <kbd>Shift</kbd>+<kbd>Enter</kbd> for a new line
      </Hint>
    </Form>
  );
}
