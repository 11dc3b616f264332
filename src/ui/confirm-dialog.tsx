/**
 * A confirm dialog (an alertdialog) before a change that is hard to take back (deactivate, delete): a title, what
 * will happen, the refusal when there is one, Cancel and the red confirming button. Open while `target` is set; the
 * screen gives the texts and does the change in `onConfirm`.
 */
import { Alert, Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
// Dialog's recipe is not in the first chunk; a dialog can open from the kiosk home (see more-recipes.ts).
import './theme/more-recipes';

export interface ConfirmDialogProps<T> {
  /** What the change is about; null when the dialog is closed. */
  target: T | null;
  title: string;
  /** What will happen, in the dialog's body. */
  body: (target: T) => ReactNode;
  /** The refusal of the last try, shown above the buttons. */
  error: string | null;
  cancelLabel: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: (target: T) => void;
  /** Cancel, the close button, Escape or the backdrop. */
  onDismiss: () => void;
}

/** The confirm dialog. */
export function ConfirmDialog<T>({
  target,
  title,
  body,
  error,
  cancelLabel,
  confirmLabel,
  busy,
  onConfirm,
  onDismiss,
}: ConfirmDialogProps<T>) {
  const { t: tc } = useTranslation();
  return (
    <Dialog.Root
      role="alertdialog"
      open={target !== null}
      onOpenChange={(details) => !details.open && onDismiss()}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {target !== null && (
              <>
                <Dialog.Header>
                  <Dialog.Title>{title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="3">
                    {body(target)}
                    {error && (
                      <Alert.Root status="error">
                        <Alert.Indicator />
                        <Alert.Title>{error}</Alert.Title>
                      </Alert.Root>
                    )}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">{cancelLabel}</Button>
                  </Dialog.ActionTrigger>
                  <Button colorPalette="red" loading={busy} onClick={() => onConfirm(target)}>
                    {confirmLabel}
                  </Button>
                </Dialog.Footer>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={tc('actions.close')} />
                </Dialog.CloseTrigger>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
