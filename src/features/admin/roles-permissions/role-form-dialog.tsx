/**
 * Create or rename a role. Name and description are checked with the contract's schema before anything is sent
 * (RoleCreateSchema for a new role, RoleUpdateSchema for a change), so an empty name says 'This field is required.'
 * under the field at once; the server checks with the same schema and may still refuse (a name that exists, in any
 * case: 422 `errors.name`), and its field errors land on the same fields. Nothing typed is lost: on any failure,
 * offline included, the dialog stays open with the text as it was.
 */
import { Alert, Button, CloseButton, Dialog, Field, Input, Portal, Stack, Textarea } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleCreateSchema, type RoleRecord, RoleUpdateSchema } from '../../../contract/roles';
import { FORM_INCOMPLETE_KEY, pickFieldErrors, toFieldErrors } from '../../../ui/form/field-errors';
import { addNotification } from '../../../ui/notifications';
import { adminErrorText } from '../api/admin-error-text';
import { useCreateRole } from '../api/create-role';
import { useUpdateRole } from '../api/update-role';

const FIELDS = ['name', 'description'] as const;
type RoleField = (typeof FIELDS)[number];

export interface RoleFormDialogProps {
  open: boolean;
  /** The role to rename; null creates one. */
  role: RoleRecord | null;
  onClose: () => void;
}

function RoleForm({ role, onDone }: { role: RoleRecord | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const formId = useId();
  const [values, setValues] = useState({ name: role?.name ?? '', description: role?.description ?? '' });
  const [errors, setErrors] = useState<Partial<Record<RoleField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateRole();
  const update = useUpdateRole();

  const fail = (error: unknown) => {
    const fields = pickFieldErrors(toFieldErrors(error, tc), FIELDS);
    setErrors(fields);
    setFormError(Object.keys(fields).length ? tc(FORM_INCOMPLETE_KEY) : adminErrorText(error, t));
  };
  const callbacks = {
    onSuccess: (saved: RoleRecord) => {
      addNotification({
        text: role ? t('rolesPage.renamed', { role: saved.name }) : t('rolesPage.created', { role: saved.name }),
        type: 'success',
      });
      onDone();
    },
    onError: fail,
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    if (role) {
      const parsed = RoleUpdateSchema.safeParse(values);
      if (!parsed.success) return fail(parsed.error);
      update.mutate({ id: role.id, name: parsed.data.name, description: parsed.data.description }, callbacks);
    } else {
      const parsed = RoleCreateSchema.safeParse(values);
      if (!parsed.success) return fail(parsed.error);
      create.mutate({ name: parsed.data.name, description: parsed.data.description }, callbacks);
    }
  };
  const change = (field: RoleField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{role ? t('editRole') : t('rolesPage.createRole')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <form id={formId} onSubmit={submit} noValidate>
          <Stack gap="4">
            {formError && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{formError}</Alert.Title>
              </Alert.Root>
            )}
            <Field.Root invalid={Boolean(errors.name)} required>
              <Field.Label>
                {t('name')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input value={values.name} maxLength={80} onChange={(event) => change('name', event.target.value)} />
              <Field.ErrorText>{errors.name}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.description)}>
              <Field.Label>{t('description')}</Field.Label>
              <Textarea
                value={values.description}
                maxLength={300}
                onChange={(event) => change('description', event.target.value)}
              />
              <Field.ErrorText>{errors.description}</Field.ErrorText>
            </Field.Root>
          </Stack>
        </form>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">{t('cancel')}</Button>
        </Dialog.ActionTrigger>
        <Button type="submit" form={formId} colorPalette="primary" loading={create.isPending || update.isPending}>
          {role ? t('save') : t('rolesPage.createRole')}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={tc('actions.close')} />
      </Dialog.CloseTrigger>
    </>
  );
}

/** The create and rename dialog of a role. */
export function RoleFormDialog({ open, role, onClose }: RoleFormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{open && <RoleForm role={role} onDone={onClose} />}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
