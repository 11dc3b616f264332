/**
 * The dialogs of the section's forms: the shared dialog frame with Cancel and Save, Save submitting the form with
 * `formId` (rendered by the caller as the body), and the message above the form when it has one.
 */
import { Alert, Button, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '../dialog-shell';

export interface FormDialogProps {
  open: boolean;
  title: string;
  formId: string;
  onClose: () => void;
  children: ReactNode;
  /** While the save is on its way. */
  busy?: boolean;
  /** Save's own words (Save by default). */
  saveLabel?: string;
}

export function FormDialog({ open, title, formId, onClose, children, busy, saveLabel }: FormDialogProps) {
  const { t: tc } = useTranslation();
  return (
    <DialogShell
      open={open}
      title={title}
      onClose={onClose}
      footer={
        <HStack gap="2">
          <Button variant="outline" onClick={onClose}>
            {tc('actions.cancel')}
          </Button>
          <Button type="submit" form={formId} colorPalette="primary" loading={busy}>
            {saveLabel ?? tc('actions.save')}
          </Button>
        </HStack>
      }
    >
      {children}
    </DialogShell>
  );
}

/** The message above a form (its errors as a whole, a refusal, offline), when there is one. */
export function FormAlert({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}
