import { useEffect, useRef, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/Button.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { TICKET_PRIORITIES, type RequiredField, type TicketDraft, type TicketPriorityValue } from './supportRules.ts';

export type SupportTicketFormProps = {
  draft: TicketDraft;
  onChange: (draft: TicketDraft) => void;
  /** fields to mark as needing an answer (after 'Missing Information') */
  invalid: readonly RequiredField[];
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  autoFocus: boolean;
};

const Form = styled.form`
  flex: 1;
  min-height: 0;
  display: flex;
  flex-direction: column;
`;

const Fields = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 10px 14px;
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
  padding: 10px 14px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  > * { flex: 1; }
`;

const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((p) => ({ value: p, label: p[0]!.toUpperCase() + p.slice(1) }));

/** The new-ticket form: name, email, subject, priority (medium unless chosen) and the message. */
export function SupportTicketForm({ draft, onChange, invalid, busy, onSubmit, onCancel, autoFocus }: SupportTicketFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (autoFocus) formRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);

  const set = <K extends keyof TicketDraft>(key: K, value: TicketDraft[K]) => onChange({ ...draft, [key]: value });
  const bad = (field: RequiredField) => (invalid.includes(field) ? true : undefined);
  // a required text of the draft: its name, value, change and whether it is marked missing
  const bind = (field: RequiredField) => ({
    name: field,
    required: true,
    value: draft[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
    'aria-invalid': bad(field),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    onSubmit();
  }

  // noValidate: an empty form gets the 'Missing Information' toast, not the browser's bubbles
  return (
    <Form ref={formRef} onSubmit={submit} noValidate aria-label="New support request" aria-busy={busy || undefined}>
      <Fields>
        <TextField label="Name *" autoComplete="name" maxLength={200} {...bind('name')} data-autofocus />
        <TextField label="Email *" type="email" autoComplete="email" maxLength={320} {...bind('email')} />
        <TextField label="Subject *" maxLength={300} {...bind('subject')} />
        <SelectField
          label="Priority"
          name="priority"
          options={PRIORITY_OPTIONS}
          value={draft.priority}
          onChange={(e) => set('priority', e.target.value as TicketPriorityValue)}
        />
        <TextAreaField label="Message *" rows={3} style={{ minHeight: 72 }} maxLength={10000} {...bind('message')} />
      </Fields>
      <Actions>
        <Button type="button" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" busy={busy}>
          {busy ? 'Creating...' : 'Create Ticket'}
        </Button>
      </Actions>
    </Form>
  );
}
