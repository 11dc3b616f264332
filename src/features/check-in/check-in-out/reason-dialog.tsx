/**
 * The reason a staff member gives when checking a scholar out (an early departure) or in late, in a dialog over
 * the list: the same choices as the kiosk (the administrator's list and 'Other').
 */
import { DialogShell } from '../../../ui/dialog-shell';
import { ReasonPicker } from '../parts/reason-picker';

export interface ReasonDialogProps {
  /** The dialog's title, or null when it is closed. */
  title: string | null;
  reasons: readonly string[];
  busy: boolean;
  onPick: (reason: string) => void;
  onClose: () => void;
}

/** The reason dialog. */
export function ReasonDialog({ title, reasons, busy, onPick, onClose }: ReasonDialogProps) {
  return (
    <DialogShell open={title !== null} title={title} onClose={onClose}>
      {title !== null && <ReasonPicker reasons={reasons} onPick={onPick} onCancel={onClose} busy={busy} />}
    </DialogShell>
  );
}
