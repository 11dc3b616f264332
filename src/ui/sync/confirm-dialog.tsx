/**
 * A yes-or-no question before something that cannot be taken back (discarding an unsent entry, signing out with
 * entries waiting). An alert dialog: focus goes into it, Escape and the cancel button keep things as they are, and
 * the confirm button shows it is working while the action runs.
 */
import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What happens, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Name of the close button in the corner. */
  closeLabel: string;
  /** Red confirm button: the action destroys something. */
  isDestructive?: boolean;
  onConfirm: () => Promise<void> | void;
  onCancel: () => void;
}

/** A confirmation dialog; `onConfirm` runs once per press and the dialog stays until the caller closes it. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, children, confirmLabel, cancelLabel, closeLabel, isDestructive, onConfirm, onCancel } = props;
  const [isWorking, setWorking] = useState(false);
  const confirm = async () => {
    setWorking(true);
    try {
      await onConfirm();
    } finally {
      setWorking(false);
    }
  };
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => !details.open && onCancel()}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">{children}</Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                {cancelLabel}
              </Button>
              <Button colorPalette={isDestructive ? 'red' : undefined} loading={isWorking} onClick={confirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={closeLabel} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
