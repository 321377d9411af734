import { useId, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, type ButtonVariant } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { StackForm } from '../../shared/StackForm.tsx';

const Intro = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.base};
  color: ${({ theme }) => theme.colors.text};
  line-height: 1.5;

  strong {
    color: ${({ theme }) => theme.colors.textStrong};
  }
`;

export type ReviewDialogProps = {
  title: string;
  /** what is decided, e.g. 'Approve <strong>Acme Data Labs</strong>?' */
  intro: ReactNode;
  /** the text field's label: 'Review Notes' or 'Rejection Reason' */
  fieldLabel: string;
  /** fixed texts, typed over by the administrator */
  defaultText: string;
  hint?: ReactNode;
  /** a reason must not be blank; notes may be */
  required?: boolean;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  busy: boolean;
  onConfirm: (text: string) => void;
  onClose: () => void;
};

/** A decision's dialog texts; `intro` names the item (already in bold). */
export type ReviewDialogTexts = Omit<ReviewDialogProps, 'intro' | 'busy' | 'onConfirm' | 'onClose'> & {
  intro: (name: ReactNode) => ReactNode;
};

/** What a queue tells the administrator after a decision: the success toast, and the failure's. */
export type DecisionToasts = {
  done: (title: string) => { title: string; description: string };
  failed: { title: string; description: string };
};

/**
 * The small dialog in front of a decision: the notes or reason, prefilled and editable. Mounted only
 * while a decision is being made, so every opening starts from the default text.
 */
export function ReviewDialog({ title, intro, fieldLabel, defaultText, hint, required = false, confirmLabel, confirmVariant = 'primary', busy, onConfirm, onClose }: ReviewDialogProps) {
  const formId = useId();
  const [text, setText] = useState(defaultText);
  const [error, setError] = useState<string | undefined>();

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const value = text.trim();
    if (required && !value) {
      setError(`${fieldLabel} is required`);
      return;
    }
    onConfirm(value);
  }

  return (
    <Dialog
      open
      width={480}
      title={title}
      onClose={() => !busy && onClose()}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={confirmVariant} busy={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <StackForm id={formId} onSubmit={submit} noValidate>
        <Intro>{intro}</Intro>
        <TextAreaField
          label={fieldLabel}
          value={text}
          rows={3}
          maxLength={2000}
          autoFocus
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(undefined);
          }}
          hint={hint}
          error={error}
          disabled={busy}
        />
      </StackForm>
    </Dialog>
  );
}
