/**
 * The dialogs of the section's forms: the shared dialog frame with Cancel and Save, Save submitting the form with
 * `formId` (rendered by the caller as the body), and the message above the form when it has one. `RecordFormDialog`
 * is the usual add-or-change dialog around it: open for a new record or one to change, its form made afresh for each.
 */
import { Alert, Button, HStack } from '@chakra-ui/react';
import { Fragment, type ReactNode, useId } from 'react';
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

/** What an add-or-change dialog is open for: nothing (closed), a new record, or the record to change. */
export type Editing<R> = R | 'new' | null;

/** What the form inside a `RecordFormDialog` is given. */
export interface RecordFormArgs<R> {
  /** The record to change; null for a new one. */
  record: R | null;
  formId: string;
  /** Closes the dialog and forgets the last save (its error, say). */
  close: () => void;
}

export interface RecordFormDialogProps<R extends { id: string }> {
  editing: Editing<R>;
  /** The title for a change of the record, or for a new one (null). */
  title: (record: R | null) => string;
  /** The save (a TanStack mutation): Save shows its progress, and closing forgets it. */
  save: { isPending: boolean; reset: () => void };
  onClose: () => void;
  /** The form, made afresh for each record opened (its typing starts from that record). */
  children: (args: RecordFormArgs<R>) => ReactNode;
}

/** The dialog that adds a record or changes one. */
export function RecordFormDialog<R extends { id: string }>({
  editing,
  title,
  save,
  onClose,
  children,
}: RecordFormDialogProps<R>) {
  const formId = useId();
  const close = () => {
    save.reset();
    onClose();
  };
  const record = editing === 'new' || editing === null ? null : editing;
  return (
    <FormDialog open={editing !== null} title={title(record)} formId={formId} onClose={close} busy={save.isPending}>
      {editing !== null && <Fragment key={record?.id ?? 'new'}>{children({ record, formId, close })}</Fragment>}
    </FormDialog>
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
