import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { formatMoney } from '../../../format/format.ts';

export type WithdrawBidDialogProps = {
  open: boolean;
  amount: string;
  /** named when the bid is shown away from its contract */
  contractTitle?: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks the bidder before a bid is withdrawn: the provider can no longer accept it. */
export function WithdrawBidDialog({ open, amount, contractTitle, busy, onConfirm, onCancel }: WithdrawBidDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Withdraw bid"
      confirmLabel="Withdraw bid"
      cancelLabel="Keep bid"
      variant="danger"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        Withdraw your bid of <strong>{formatMoney(amount)}</strong>
        {contractTitle && <> on {contractTitle}</>}? The provider can no longer accept it. You can bid again later.
      </p>
    </ConfirmDialog>
  );
}
