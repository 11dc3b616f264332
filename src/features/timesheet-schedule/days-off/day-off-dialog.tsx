/**
 * Adding or changing one of a person's days off: the type (vacation, sick, personal, unpaid, other), the first and the
 * last day, or part of one day with the hours off, and a note. Another day off of the person on those dates (or those
 * hours) is refused by the server with its dates and type, said above the form, which keeps what was typed.
 */
import { Checkbox, Field, HStack, Input, Stack, Textarea } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY_OFF_TYPES, type DayOffRecord, type DayOffType, type TimekeepingStaffRecord } from '../../../contract';
import { SelectField } from '../../../ui/form/select-field';
import { addNotification } from '../../../ui/notifications';
import { FormAlert, FormDialog } from '../../../ui/timekeeping/form-dialog';
import { staffName } from '../../../ui/timekeeping/hours';
import { useFormErrors } from '../../../ui/timekeeping/use-form-errors';
import { DaySpanFields } from '../parts/day-span-fields';
import { useDayOffWrites } from './use-days-off';

export interface DayOffDialogProps {
  /** Closed: null; a new one: `{ day }`; else the record to change. */
  editing: DayOffRecord | { day: string } | null;
  person: TimekeepingStaffRecord;
  onClose: () => void;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

interface FormProps {
  record: DayOffRecord | null;
  day: string;
  person: TimekeepingStaffRecord;
  formId: string;
  onClose: () => void;
  save: ReturnType<typeof useDayOffWrites>['save'];
}

function DayOffForm({ record, day, person, formId, onClose, save }: FormProps) {
  const { t } = useTranslation('timesheet-schedule', { keyPrefix: 'daysOff' });
  const { t: ts } = useTranslation('timesheet-schedule');
  const [type, setType] = useState<DayOffType>(record?.type ?? 'vacation');
  const [startsOn, setStartsOn] = useState(record?.starts_on ?? day);
  const [endsOn, setEndsOn] = useState(record?.ends_on ?? day);
  const [partDay, setPartDay] = useState(Boolean(record?.start_time));
  const [startTime, setStartTime] = useState(record?.start_time ?? '12:00');
  const [endTime, setEndTime] = useState(record?.end_time ?? '16:00');
  const [note, setNote] = useState(record?.note ?? '');
  const { errors, formError, check, fail, clear } = useFormErrors();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!DAY.test(startsOn)) found.starts_on = t('errors.date');
    if (!partDay && (!DAY.test(endsOn) || endsOn < startsOn)) found.ends_on = t('errors.lastDay');
    if (partDay) {
      if (!TIME.test(startTime)) found.start_time = t('errors.time');
      if (!TIME.test(endTime)) found.end_time = t('errors.time');
      else if (TIME.test(startTime) && endTime <= startTime) found.end_time = t('errors.endAfterStart');
    }
    if (!check(found)) return;
    const body = {
      user_id: person.id,
      type,
      starts_on: startsOn,
      ends_on: partDay ? startsOn : endsOn,
      start_time: partDay ? startTime : null,
      end_time: partDay ? endTime : null,
      note: note.trim() || null,
    };
    save.mutate(
      { id: record?.id ?? null, body },
      {
        onSuccess: () => {
          addNotification({ type: 'success', text: t('staff.saved', { name: staffName(person) }) });
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
        <SelectField
          label={t('fields.type')}
          value={type}
          w={{ base: 'full', sm: '56' }}
          choices={DAY_OFF_TYPES.map((k) => [k, ts(`dayOffTypes.${k}`)])}
          error={errors.type}
          onChange={(value) => {
            setType(value as DayOffType);
            clear('type');
          }}
        />
        <Checkbox.Root checked={partDay} onCheckedChange={(d) => setPartDay(d.checked === true)} minH="10">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('fields.partDay')}</Checkbox.Label>
        </Checkbox.Root>
        <DaySpanFields
          startsOn={startsOn}
          endsOn={endsOn}
          single={partDay}
          labels={{ first: partDay ? t('fields.date') : t('fields.firstDay'), last: t('fields.lastDay') }}
          errors={partDay ? { starts_on: errors.starts_on ?? errors.ends_on } : errors}
          onChange={(values) => {
            if (values.starts_on !== undefined) setStartsOn(values.starts_on);
            if (values.ends_on !== undefined) setEndsOn(values.ends_on);
            for (const field of Object.keys(values)) clear(field);
            // One date shows the last day's message under it too, so a new date clears that as well.
            if (partDay) clear('ends_on');
          }}
        />
        {partDay && (
          <HStack gap="3" wrap="wrap" align="flex-start">
            <Field.Root invalid={Boolean(errors.start_time)} w="36">
              <Field.Label>{t('fields.offFrom')}</Field.Label>
              <Input
                type="time"
                value={startTime}
                onChange={(e) => {
                  setStartTime(e.target.value);
                  clear('start_time');
                }}
              />
              <Field.ErrorText>{errors.start_time}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.end_time)} w="36">
              <Field.Label>{t('fields.offUntil')}</Field.Label>
              <Input
                type="time"
                value={endTime}
                onChange={(e) => {
                  setEndTime(e.target.value);
                  clear('end_time');
                }}
              />
              <Field.ErrorText>{errors.end_time}</Field.ErrorText>
            </Field.Root>
          </HStack>
        )}
        <Field.Root invalid={Boolean(errors.note)}>
          <Field.Label>{t('fields.note')}</Field.Label>
          <Textarea
            value={note}
            maxLength={500}
            onChange={(e) => {
              setNote(e.target.value);
              clear('note');
            }}
          />
          <Field.ErrorText>{errors.note}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </form>
  );
}

/** The dialog. */
export function DayOffDialog({ editing, person, onClose }: DayOffDialogProps) {
  const { t } = useTranslation('timesheet-schedule', { keyPrefix: 'daysOff' });
  const formId = useId();
  const { save } = useDayOffWrites();
  const record = editing && 'id' in editing ? editing : null;
  const close = () => {
    save.reset();
    onClose();
  };
  return (
    <FormDialog
      open={editing !== null}
      title={t(record ? 'staff.editTitle' : 'staff.addTitle', { name: staffName(person) })}
      formId={formId}
      busy={save.isPending}
      onClose={close}
    >
      {editing !== null && (
        <DayOffForm
          key={record?.id ?? 'new'}
          record={record}
          day={'day' in editing ? editing.day : ''}
          person={person}
          formId={formId}
          onClose={close}
          save={save}
        />
      )}
    </FormDialog>
  );
}
