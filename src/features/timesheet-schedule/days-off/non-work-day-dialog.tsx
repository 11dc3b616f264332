/**
 * Adding or changing one of the school's non-work days: its name, kind (holiday, break, other), first and last day.
 * Another non-work day on any of those dates is refused by the server with its name and dates, said above the form.
 */
import { Alert, Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NON_WORK_DAY_KINDS, type NonWorkDayKind, type NonWorkDayRecord } from '../../../contract';
import { DialogShell } from '../../../ui/dialog-shell';
import { SelectField } from '../../../ui/form/select-field';
import { addNotification } from '../../../ui/notifications';
import { useFormErrors } from '../parts/use-form-errors';
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
}: {
  record: NonWorkDayRecord | null;
  day: string;
  formId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('timesheet-schedule', { keyPrefix: 'daysOff' });
  const { t: ts } = useTranslation('timesheet-schedule');
  const [name, setName] = useState(record?.name ?? '');
  const [kind, setKind] = useState<NonWorkDayKind>(record?.kind ?? 'holiday');
  const [startsOn, setStartsOn] = useState(record?.starts_on ?? day);
  const [endsOn, setEndsOn] = useState(record?.ends_on ?? day);
  const { errors, formError, check, fail, clear } = useFormErrors();
  const { save } = useNonWorkDayWrites();

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
        {formError && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{formError}</Alert.Title>
          </Alert.Root>
        )}
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
          onChange={(value) => setKind(value as NonWorkDayKind)}
        />
        <HStack gap="3" wrap="wrap" align="flex-start">
          <Field.Root invalid={Boolean(errors.starts_on)} w={{ base: 'full', sm: '44' }}>
            <Field.Label>{t('fields.firstDay')}</Field.Label>
            <Input
              type="date"
              value={startsOn}
              onChange={(e) => {
                const value = e.target.value;
                setStartsOn(value);
                if (endsOn < value) setEndsOn(value);
                clear('starts_on');
              }}
            />
            <Field.ErrorText>{errors.starts_on}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.ends_on)} w={{ base: 'full', sm: '44' }}>
            <Field.Label>{t('fields.lastDay')}</Field.Label>
            <Input
              type="date"
              value={endsOn}
              onChange={(e) => {
                setEndsOn(e.target.value);
                clear('ends_on');
              }}
            />
            <Field.ErrorText>{errors.ends_on}</Field.ErrorText>
          </Field.Root>
        </HStack>
      </Stack>
    </form>
  );
}

/** The dialog. */
export function NonWorkDayDialog({ editing, onClose }: NonWorkDayDialogProps) {
  const { t } = useTranslation('timesheet-schedule', { keyPrefix: 'daysOff' });
  const { t: tc } = useTranslation();
  const formId = useId();
  const record = editing && 'id' in editing ? editing : null;
  return (
    <DialogShell
      open={editing !== null}
      title={record ? t('calendar.editTitle', { name: record.name }) : t('calendar.addTitle')}
      onClose={onClose}
      footer={
        <HStack gap="2">
          <Button variant="outline" onClick={onClose}>
            {tc('actions.cancel')}
          </Button>
          <Button type="submit" form={formId} colorPalette="primary">
            {tc('actions.save')}
          </Button>
        </HStack>
      }
    >
      {editing !== null && (
        <NonWorkDayForm
          key={record?.id ?? 'new'}
          record={record}
          day={'day' in editing ? editing.day : ''}
          formId={formId}
          onClose={onClose}
        />
      )}
    </DialogShell>
  );
}
