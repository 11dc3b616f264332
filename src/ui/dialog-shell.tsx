/**
 * The frame every dialog of the app shares: centred, a title, the body, an optional footer, and
 * the corner close button named in the reader's language. Closing (Escape, the backdrop, the corner button) calls
 * `onClose`; a dialog that asks a yes-or-no question is an alertdialog (`role`). Screens give only what differs.
 */
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
// Dialog's recipe is not in the first chunk; a dialog can open from the kiosk home (see more-recipes.ts).
import './theme/more-recipes';

export interface DialogShellProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** Wraps body and footer, e.g. in a form, so the footer's submit button submits it. */
  wrap?: (content: ReactNode) => ReactNode;
}

/** A dialog's frame around its content. */
export function DialogShell({ open, title, onClose, children, footer, role = 'dialog', wrap }: DialogShellProps) {
  const { t } = useTranslation();
  const content = (
    <>
      <Dialog.Body pb={footer ? undefined : '6'}>{children}</Dialog.Body>
      {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
    </>
  );
  return (
    <Dialog.Root
      role={role}
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      // A long form scrolls inside the dialog, its title and buttons always on screen (a 768 px tall laptop).
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {wrap ? wrap(content) : content}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('actions.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
