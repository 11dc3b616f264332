/**
 * Adding or changing one of the school's non-work days: its name, kind (holiday, break, other), first and last day.
 * Another non-work day on any of those dates is refused by the server with its name and dates, said above the form.
 */
import { Field, Input, Stack } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NON_WORK_DAY_KINDS, type NonWorkDayKind, type NonWorkDayRecord } from '../../../contract';
import { SelectField } from '../../../ui/form/select-field';
import { addNotification } from '../../../ui/notifications';
import { FormAlert, FormDialog } from '../../../ui/timekeeping/form-dialog';
import { useFormErrors } from '../../../ui/timekeeping/use-form-errors';
import { DaySpanFields } from '../parts/day-span-fields';
import { useNonWorkDayWrites } from './use-days-off';

export interface NonWorkDayDialogProps {
  /** Closed: null; a new one from a date: `{ day }`; else the record to change. */
  editing: NonWorkDayRecord | { day: string } | null;
  onClose: () => void;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function NonWorkDayForm({
  record,
  day,
  formId,
  onClose,
  save,
}: {
  record: NonWorkDayRecord | null;
  day: string;
  formId: string;
  onClose: () => void;
  save: ReturnType<typeof useNonWorkDayWrites>['save'];
}) {
  const { t } = useTranslation('timesheet-schedule', { keyPrefix: 'daysOff' });
  const { t: ts } = useTranslation('timesheet-schedule');
  const [name, setName] = useState(record?.name ?? '');
  const [kind, setKind] = useState<NonWorkDayKind>(record?.kind ?? 'holiday');
  const [startsOn, setStartsOn] = useState(record?.starts_on ?? day);
  const [endsOn, setEndsOn] = useState(record?.ends_on ?? day);
  const { errors, formError, check, fail, clear } = useFormErrors();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = t('errors.name');
    if (!DAY.test(startsOn)) found.starts_on = t('errors.date');
    if (!DAY.test(endsOn) || endsOn < startsOn) found.ends_on = t('errors.lastDay');
    if (!check(found)) return;
    save.mutate(
      { id: record?.id ?? null, body: { name: name.trim(), kind, starts_on: startsOn, ends_on: endsOn } },
      {
        onSuccess: (saved) => {
          addNotification({ type: 'success', text: t('calendar.saved', { name: saved.name }) });
          onClose();
        },
        onError: fail,
      },
    );
  };

  return (
    <form id={formId} onSubmit={submit} noValidate>
      <Stack gap="4">
        <FormAlert text={formError} />
        <Field.Root invalid={Boolean(errors.name)} required>
          <Field.Label>{t('fields.name')}</Field.Label>
          <Input
            value={name}
            maxLength={100}
            onChange={(e) => {
              setName(e.target.value);
              clear('name');
            }}
          />
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>
        <SelectField
          label={t('fields.kind')}
          value={kind}
          w={{ base: 'full', sm: '56' }}
          choices={NON_WORK_DAY_KINDS.map((k) => [k, ts(`nonWorkKinds.${k}`)])}
          error={errors.kind}
          onChange={(value) => {
            setKind(value as NonWorkDayKind);
            clear('kind');
          }}
        />
        <DaySpanFields
          startsOn={startsOn}
          endsOn={endsOn}
          single={false}
          labels={{ first: t('fields.firstDay'), last: t('fields.lastDay') }}
          errors={errors}
          onChange={(values) => {
            if (values.starts_on !== undefined) setStartsOn(values.starts_on);
            if (values.ends_on !== undefined) setEndsOn(values.ends_on);
            for (const field of Object.keys(values)) clear(field);
          }}
        />
      </Stack>
    </form>
  );
}

/** The dialog. */
export function NonWorkDayDialog({ editing, onClose }: NonWorkDayDialogProps) {
  const { t } = useTranslation('timesheet-schedule', { keyPrefix: 'daysOff' });
  const formId = useId();
  const { save } = useNonWorkDayWrites();
  const record = editing && 'id' in editing ? editing : null;
  const close = () => {
    save.reset();
    onClose();
  };
  return (
    <FormDialog
      open={editing !== null}
      title={record ? t('calendar.editTitle', { name: record.name }) : t('calendar.addTitle')}
      formId={formId}
      busy={save.isPending}
      onClose={close}
    >
      {editing !== null && (
        <NonWorkDayForm
          key={record?.id ?? 'new'}
          record={record}
          day={'day' in editing ? editing.day : ''}
          formId={formId}
          onClose={close}
          save={save}
        />
      )}
    </FormDialog>
  );
}
