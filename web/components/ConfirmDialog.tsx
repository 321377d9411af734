import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button, type ButtonVariant } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

const Text = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textMuted};

  strong {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.colors.textStrong};
  }
`;

export type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** the button that goes ahead, e.g. 'Withdraw bid' */
  confirmLabel: ReactNode;
  /** the button that goes back (default 'Cancel') */
  cancelLabel?: ReactNode;
  /** danger for what cannot be undone (default primary) */
  variant?: ButtonVariant;
  /** the action is in flight: the confirm button spins */
  busy?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape, Close and a click on the backdrop */
  onCancel: () => void;
};

/** Asks before an action a person may not have meant (withdrawing a bid, a bid far above the price). */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel = 'Cancel', variant = 'primary', busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      width={460}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={variant} busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{children}</Text>
    </Dialog>
  );
}
