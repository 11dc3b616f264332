/**
 * The reason a staff member gives when checking a scholar out (an early departure) or in late, in a dialog over
 * the list: the same choices as the kiosk (the administrator's list and 'Other').
 */
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  return (
    <Dialog.Root open={title !== null} onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {title !== null && <ReasonPicker reasons={reasons} onPick={onPick} onCancel={onClose} busy={busy} />}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('actions.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
