/**
 * Adding or changing one timesheet record in a dialog, online: the record's fields (RecordFields), whose record it is
 * when the timekeeper adds one for someone, and for a change the reason (required and audited) and the version it was
 * made from (`base_version`). The form's own checks run first; the server's refusals show in the dialog, which keeps
 * what was typed: a 422 under each field, a 409 in the server's words above the form (an overlap, an approved pay
 * period, a record changed meanwhile). For the last, the stored record shows beside the form and the next Save is
 * made from its version, so nobody overwrites a change they have not seen.
 */
import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useSchoolTimeZone } from '../../../api/school-time-zone';
import type { TimekeepingStaffRecord, TimesheetRecord } from '../../../contract';
import { addNotification } from '../../../ui/notifications';
import { type Editing, FormAlert, RecordFormDialog } from '../../../ui/timekeeping/form-dialog';
import { StaffPicker } from '../../../ui/timekeeping/staff-picker';
import { useFormErrors } from '../../../ui/timekeeping/use-form-errors';
import { RecordFields } from './record-fields';
import { checkRecordForm, createBody, emptyRecordForm, type RecordForm, recordFormOf, updateBody } from './record-form';
import { StoredRecord } from './stored-record';
import { useRecordWrites } from './use-record-writes';

export interface RecordDialogProps {
  /** Closed: null; a new record: 'new'; else the record to change. */
  editing: Editing<TimesheetRecord>;
  /** The date a new record starts on. */
  today: string;
  /** A new record asks whose it is (the timekeeper's); without it the record is the signed-in person's. */
  choosePerson?: boolean;
  /** Whose a new record is at first (the person a list is filtered by). */
  person?: TimekeepingStaffRecord | null;
  /** A new record may be left without an end (a clock-in typed by hand). */
  allowOpen?: boolean;
  /**
   * A change asks for its reason (required). On by default: the server requires one for a finished record or another
   * person's; a person changing their own open record may be spared it.
   */
  askReason?: boolean;
  onClose: () => void;
  onSaved?: (record: TimesheetRecord) => void;
}

interface BodyProps extends Omit<RecordDialogProps, 'editing' | 'onClose'> {
  record: TimesheetRecord | null;
  formId: string;
  close: () => void;
  save: ReturnType<typeof useRecordWrites>['save'];
}

function RecordDialogBody(props: BodyProps) {
  const { record, today, choosePerson, person, allowOpen, askReason = true, formId, close, save, onSaved } = props;
  const { t } = useTranslation('timesheet-records', { keyPrefix: 'form' });
  const timeZone = useSchoolTimeZone();
  const [form, setForm] = useState<RecordForm>(() =>
    record ? recordFormOf(record, timeZone) : emptyRecordForm(today),
  );
  const [owner, setOwner] = useState<TimekeepingStaffRecord | null>(person ?? null);
  const [baseVersion, setBaseVersion] = useState(record?.version ?? 1);
  const [stored, setStored] = useState<TimesheetRecord | null>(null);
  const [offline, setOffline] = useState(false);
  const { errors, formError, check, fail, clear } = useFormErrors();
  // An open record may stay open when changed; a finished one keeps an end.
  const mayBeOpen = record ? record.ended_at === null : Boolean(allowOpen);
  const reasonAsked = Boolean(record) && askReason;

  const change = (patch: Partial<RecordForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    for (const key of Object.keys(patch)) {
      const field = { start: 'started_at', end: 'ended_at', nextDay: 'ended_at' }[key] ?? key;
      clear(field);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOffline(false);
    const wrong: Record<string, string> = Object.fromEntries(
      Object.entries(checkRecordForm(form, timeZone, { allowOpen: mayBeOpen, requireReason: reasonAsked })).map(
        ([field, key]) => [field, t(`errors.${key}`)],
      ),
    );
    if (!record && choosePerson && !owner) wrong.user_id = t('errors.person');
    if (!check(wrong)) return;
    const input = record
      ? { id: record.id, body: updateBody(form, timeZone, baseVersion) }
      : { id: null, body: createBody(form, timeZone, choosePerson ? owner?.id : undefined) };
    save.mutate(input, {
      onSuccess: (saved) => {
        addNotification({ type: 'success', text: t('saved', { name: saved.user_name }) });
        onSaved?.(saved);
        close();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.isOffline) {
          check({});
          setOffline(true);
          return;
        }
        fail(error);
        const conflict = error instanceof ApiError && error.status === 409 ? (error.record as TimesheetRecord) : null;
        // The record itself, at another version: it was changed meanwhile. (An overlap answers the other record.)
        if (record && conflict?.id === record.id && typeof conflict.version === 'number') {
          setStored(conflict);
          setBaseVersion(conflict.version);
        }
      },
    });
  };

  return (
    <form id={formId} onSubmit={submit} noValidate>
      <Stack gap="4">
        <FormAlert text={offline ? t('offline') : formError} />
        {stored && (
          <Alert.Root status="info">
            <Alert.Content>
              <Alert.Title>{t('storedTitle')}</Alert.Title>
              <Alert.Description>
                <StoredRecord record={stored} timeZone={timeZone} />
              </Alert.Description>
              <Button
                mt="2"
                size="sm"
                variant="outline"
                alignSelf="flex-start"
                onClick={() => {
                  setForm((f) => ({ ...recordFormOf(stored, timeZone), reason: f.reason }));
                  setStored(null);
                }}
              >
                {t('useStored')}
              </Button>
            </Alert.Content>
          </Alert.Root>
        )}
        {record ? (
          <Text fontWeight="medium">{record.user_name}</Text>
        ) : (
          choosePerson && (
            <StaffPicker
              label={t('person')}
              value={owner}
              error={errors.user_id}
              onChange={(staff) => {
                setOwner(staff);
                clear('user_id');
              }}
            />
          )
        )}
        <RecordFields
          form={form}
          onChange={change}
          errors={errors}
          timeZone={timeZone}
          allowOpen={mayBeOpen}
          askReason={reasonAsked}
        />
      </Stack>
    </form>
  );
}

/** The dialog around the form. */
export function RecordDialog({ editing, onClose, ...props }: RecordDialogProps) {
  const { t } = useTranslation('timesheet-records', { keyPrefix: 'form' });
  const { save } = useRecordWrites();
  return (
    <RecordFormDialog
      editing={editing}
      title={(record) => (record ? t('editTitle', { name: record.user_name }) : t('addTitle'))}
      save={save}
      onClose={onClose}
    >
      {(form) => <RecordDialogBody {...form} save={save} {...props} />}
    </RecordFormDialog>
  );
}
