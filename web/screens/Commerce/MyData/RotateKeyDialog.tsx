import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { Muted } from './PurchaseNote.tsx';

export type RotateKeyDialogProps = {
  open: boolean;
  /** the prefix of the key that stops working */
  prefix: string | null | undefined;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before a key is rotated: the old key stops working at once. */
export function RotateKeyDialog({ open, prefix, busy, onConfirm, onCancel }: RotateKeyDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title="Rotate API key"
      width={460}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" busy={busy} onClick={onConfirm}>
            Rotate key
          </Button>
        </>
      }
    >
      <Muted>The key {prefix}… stops working at once; scripts that use it must switch to the new key, which is shown only once.</Muted>
    </Dialog>
  );
}
