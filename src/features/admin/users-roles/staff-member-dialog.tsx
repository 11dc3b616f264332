/**
 * Add a staff member, or edit one: first and last name, email, whether they are exempt (salaried: no overtime or
 * meal-break flags on their timesheets), and on a new account its roles and the language of its mail. A new account
 * is created with its roles in one request; with `invitations-create` the form offers to send the invitation right
 * away. Errors show under their field, from the contract's schema before sending and from the server's 422 after;
 * an email in use says whose account holds it. A refused save keeps the dialog open with everything typed.
 */
import { Button, Checkbox, Field, Fieldset, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { uuidv7 } from '../../../contract/ids';
import type { Language } from '../../../contract/invitations';
import { UserCreateSchema, UserEmailHolderSchema, type UserRecord, UserUpdateSchema } from '../../../contract/users';
import { QueryState } from '../../../ui/data/query-state';
import { DialogShell } from '../../../ui/dialog-shell';
import { type FieldErrors, toFieldErrors } from '../../../ui/form/field-errors';
import { addNotification } from '../../../ui/notifications';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import { adminErrorText } from '../api/admin-error-text';
import type { UserUpdateInput } from '../api/admin-resources';
import { useCreateUser } from '../api/create-user';
import { useRoles } from '../api/list-roles';
import { useUpdateUser } from '../api/update-user';
import { displayName } from './user-row';

/** What the dialog is doing: adding a staff member, or editing this person; null when closed. */
export type StaffMemberTarget = { kind: 'add' } | { kind: 'edit'; user: UserRecord } | null;

export interface StaffMemberDialogProps {
  target: StaffMemberTarget;
  /** The caller may give roles (`roles-update`): the new account's roles are offered. */
  mayAssignRoles: boolean;
  /** The caller may send invitations: the new account's invitation is offered. */
  mayInvite: boolean;
  /** After a new account is saved; `invite` when the invitation is to go out now. */
  onCreated: (user: UserRecord, invite: boolean) => void;
  onClose: () => void;
}

interface Form {
  fname: string;
  lname: string;
  email: string;
  exempt: boolean;
  language: Language;
  roleIds: string[];
  invite: boolean;
}

const FIELDS = ['fname', 'lname', 'email', 'role_ids'] as const;

/** The dialog. */
export function StaffMemberDialog({ target, mayAssignRoles, mayInvite, onCreated, onClose }: StaffMemberDialogProps) {
  const key = target === null ? 'closed' : target.kind === 'add' ? 'add' : target.user.id;
  return target ? (
    <StaffMemberForm
      key={key}
      target={target}
      mayAssignRoles={mayAssignRoles}
      mayInvite={mayInvite}
      onCreated={onCreated}
      onClose={onClose}
    />
  ) : null;
}

function StaffMemberForm({
  target,
  mayAssignRoles,
  mayInvite,
  onCreated,
  onClose,
}: Omit<StaffMemberDialogProps, 'target'> & { target: NonNullable<StaffMemberTarget> }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const editing = target.kind === 'edit' ? target.user : null;
  const create = useCreateUser();
  const update = useUpdateUser();
  // One id per new account: sending it again (a lost answer) answers the same account instead of a second one.
  const [newId] = useState(uuidv7);
  const [form, setForm] = useState<Form>(() => ({
    fname: editing?.fname ?? '',
    lname: editing?.lname ?? '',
    email: editing?.email ?? '',
    exempt: editing?.exempt ?? false,
    language: editing?.language ?? 'en',
    roleIds: [],
    invite: mayInvite,
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [holder, setHolder] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;
  // A refusal about no field the form shows (the language, say) still says what it was.
  const otherErrors = Object.entries(errors)
    .filter(([field, message]) => message && !(FIELDS as readonly string[]).includes(field))
    .map(([, message]) => message)
    .join(' ');
  const title = editing
    ? t('usersPage.staff.editTitle', { name: displayName(editing) })
    : t('usersPage.staff.addTitle');
  const translate = (k: 'form.required' | 'form.invalidEmail') => tc(k);

  const set = <K extends keyof Form>(field: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    const errorField = field === 'roleIds' ? 'role_ids' : field;
    setErrors((e) => ({ ...e, [errorField]: '' }));
    if (field === 'email') setHolder(null);
  };

  const refused = (error: unknown) => {
    // One message per field the form shows: an error on `role_ids.0` belongs to the roles.
    const fields: FieldErrors = {};
    for (const [field, message] of Object.entries(toFieldErrors(error, translate))) {
      fields[field.split('.')[0] ?? field] ??= message;
    }
    const held = error instanceof ApiError && error.errors.email ? UserEmailHolderSchema.safeParse(error.record) : null;
    // The server's words are English; with the holder known, the form says it in the reader's language.
    if (held?.success) fields.email = t('usersPage.staff.emailInUse');
    setHolder(
      held?.success
        ? t('usersPage.staff.emailHeldBy', {
            name: displayName(held.data),
            type: t(`usersPage.types.${held.data.type}`),
            status: held.data.active ? t('usersPage.active') : t('usersPage.inactive'),
          })
        : null,
    );
    setErrors(fields);
    setFailure(Object.keys(fields).length ? tc('form.incomplete') : adminErrorText(error, t));
  };

  const submitAdd = () => {
    const parsed = UserCreateSchema.safeParse({
      id: newId,
      type: 'staff',
      fname: form.fname,
      lname: form.lname,
      email: form.email,
      exempt: form.exempt,
      language: form.language,
      ...(mayAssignRoles ? { role_ids: form.roleIds } : {}),
    });
    if (!parsed.success) return refused(parsed.error);
    create.mutate(parsed.data, {
      onSuccess: (user) => {
        addNotification({ type: 'success', text: t('usersPage.staff.added', { name: displayName(user) }) });
        onCreated(user, mayInvite && form.invite);
      },
      onError: refused,
    });
  };

  const submitEdit = (user: UserRecord) => {
    const fields: UserUpdateInput = {};
    if (form.fname !== user.fname) fields.fname = form.fname;
    if (form.lname !== user.lname) fields.lname = form.lname;
    if (form.email.trim().toLowerCase() !== user.email) fields.email = form.email;
    if (form.exempt !== user.exempt) fields.exempt = form.exempt;
    const parsed = UserUpdateSchema.safeParse(fields);
    if (!parsed.success) return refused(parsed.error);
    if (Object.keys(fields).length === 0) return onClose();
    const { _method, ...changed } = parsed.data;
    update.mutate(
      { userId: user.id, fields: changed },
      {
        onSuccess: (saved) => {
          addNotification({ type: 'success', text: t('usersPage.staff.saved', { name: displayName(saved) }) });
          onClose();
        },
        onError: refused,
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setHolder(null);
    if (editing) submitEdit(editing);
    else submitAdd();
  };

  return (
    <DialogShell
      open
      title={title}
      onClose={onClose}
      wrap={(content) => (
        <form onSubmit={submit} noValidate aria-label={title}>
          {content}
        </form>
      )}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" colorPalette="primary" loading={busy}>
            {editing ? t('save') : t('usersPage.staff.create')}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <FormAlert text={failure} />
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <TextField
            label={t('usersPage.staff.fname')}
            value={form.fname}
            error={errors.fname}
            autoComplete="off"
            onChange={(v) => set('fname', v)}
          />
          <TextField
            label={t('usersPage.staff.lname')}
            value={form.lname}
            error={errors.lname}
            autoComplete="off"
            onChange={(v) => set('lname', v)}
          />
        </Stack>
        <Field.Root invalid={Boolean(errors.email)} required>
          <Field.Label>
            {t('usersPage.email')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="email"
            inputMode="email"
            autoComplete="off"
            value={form.email}
            onChange={(event) => set('email', event.target.value)}
          />
          {errors.email && <Field.ErrorText>{errors.email}</Field.ErrorText>}
          {errors.email && holder && (
            <Text fontSize="sm" color="fg.error" data-email-holder="">
              {holder}
            </Text>
          )}
        </Field.Root>
        {/* Exempt is about staff timesheets: a guardian's or a scholar's account has none. */}
        {(!editing || editing.type === 'staff') && (
          <Checkbox.Root
            checked={form.exempt}
            onCheckedChange={(details) => set('exempt', details.checked === true)}
            colorPalette="primary"
            alignItems="flex-start"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              {t('usersPage.staff.exempt')}
              <Text as="span" display="block" fontSize="sm" fontWeight="normal" color="fg.muted">
                {t('usersPage.staff.exemptHelp')}
              </Text>
            </Checkbox.Label>
          </Checkbox.Root>
        )}
        {!editing && (
          <>
            <Field.Root>
              <Field.Label>{t('usersPage.staff.language')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={form.language}
                  onChange={(event) => set('language', event.target.value === 'es' ? 'es' : 'en')}
                >
                  <option value="en">{t('usersPage.staff.languages.en')}</option>
                  <option value="es">{t('usersPage.staff.languages.es')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            {mayAssignRoles && (
              <NewRoles selected={form.roleIds} error={errors.role_ids} onChange={(ids) => set('roleIds', ids)} />
            )}
            {mayInvite && (
              <Checkbox.Root
                checked={form.invite}
                onCheckedChange={(details) => set('invite', details.checked === true)}
                colorPalette="primary"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('usersPage.staff.inviteNow')}</Checkbox.Label>
              </Checkbox.Root>
            )}
          </>
        )}
        {otherErrors && (
          <Text fontSize="sm" color="fg.error">
            {otherErrors}
          </Text>
        )}
      </Stack>
    </DialogShell>
  );
}

function TextField({
  label,
  value,
  error,
  autoComplete,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  autoComplete: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required flex="1">
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input value={value} autoComplete={autoComplete} onChange={(event) => onChange(event.target.value)} />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** The roles a new account starts with: one box per role. */
function NewRoles({
  selected,
  error,
  onChange,
}: {
  selected: string[];
  error?: string;
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation('admin');
  const roles = useRoles();
  return (
    <QueryState query={roles} isEmpty={roles.data?.length === 0} emptyText={t('noRoles')} skeletonRows={3}>
      <Fieldset.Root invalid={Boolean(error)}>
        <Fieldset.Legend>{t('roles')}</Fieldset.Legend>
        <Checkbox.Group value={selected} onValueChange={onChange}>
          {roles.data?.map((role) => (
            <Checkbox.Root key={role.id} value={role.id} colorPalette="primary">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{role.name}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Checkbox.Group>
        {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
      </Fieldset.Root>
    </QueryState>
  );
}
