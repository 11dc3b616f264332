/**
 * "Copy to others": one person's week given to several people from a date (`POST v2/timesheet_schedules/copy`). The
 * people are chosen with the staff picker (the week's own person left out); the date starts as the week's own first
 * day, or today when that has passed. A week someone already has from that date is replaced, as the dialog says.
 */
import { Alert, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import type { TimekeepingStaffRecord, TimesheetScheduleRecord } from '../../../contract';
import { DialogShell } from '../../../ui/dialog-shell';
import { toFieldErrors } from '../../../ui/form/field-errors';
import { addNotification } from '../../../ui/notifications';
import { formatDay } from '../../../ui/school-clock';
import { formatMinutes, staffName } from '../../../ui/timekeeping/hours';
import { StaffMultiPicker } from '../../../ui/timekeeping/staff-picker';
import { useCopyWeek } from './api/defaults-queries';

export interface CopyWeekDialogProps {
  /** The week to copy; null when closed. */
  week: TimesheetScheduleRecord | null;
  person: TimekeepingStaffRecord;
  today: string;
  onClose: () => void;
}

type Props = Omit<CopyWeekDialogProps, 'week'> & {
  week: TimesheetScheduleRecord;
  formId: string;
  copy: ReturnType<typeof useCopyWeek>;
};

function CopyForm({ week, person, today, onClose, formId, copy }: Props) {
  const { t, i18n } = useTranslation('timesheet-schedule', { keyPrefix: 'defaults' });
  const { t: tc } = useTranslation();
  const { t: ts } = useTranslation('timesheet-schedule');
  const [people, setPeople] = useState<TimekeepingStaffRecord[]>([]);
  const [from, setFrom] = useState(week.effective_from > today ? week.effective_from : today);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!people.length) missing.user_ids = t('errors.choosePeople');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from)) missing.effective_from = t('errors.dateRequired');
    setErrors(missing);
    setFormError(null);
    if (Object.keys(missing).length) return;
    copy.mutate(
      { schedule_id: week.id, user_ids: people.map((p) => p.id), effective_from: from },
      {
        onSuccess: (written) => {
          addNotification({
            type: 'success',
            text: t('copy.done', { count: written.length, date: formatDay(from, i18n.language) }),
          });
          onClose();
        },
        onError: (error) => {
          const fields = toFieldErrors(error, tc);
          setErrors(fields);
          const named = Boolean(fields.user_ids || fields.effective_from);
          if (error instanceof ApiError && error.isOffline) setFormError(ts('offline'));
          else if (!named) setFormError(error instanceof ApiError ? error.message : tc('states.error'));
        },
      },
    );
  };

  return (
    <form id={formId} onSubmit={submit} noValidate>
      <Stack gap="4">
        <Text>{t('copy.summary', { hours: formatMinutes(week.weekly_minutes), name: staffName(person) })}</Text>
        {formError && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{formError}</Alert.Title>
          </Alert.Root>
        )}
        <StaffMultiPicker
          label={t('copy.people')}
          value={people}
          exclude={[person.id]}
          error={errors.user_ids}
          onChange={(next) => {
            setPeople(next);
            setErrors(({ user_ids: _fixed, ...rest }) => rest);
          }}
        />
        <Field.Root invalid={Boolean(errors.effective_from)} maxW="xs">
          <Field.Label>{t('copy.effectiveFrom')}</Field.Label>
          <Input type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
          <Field.ErrorText>{errors.effective_from}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </form>
  );
}

/** The copy dialog. */
export function CopyWeekDialog({ week, onClose, ...props }: CopyWeekDialogProps) {
  const { t, i18n } = useTranslation('timesheet-schedule', { keyPrefix: 'defaults' });
  const { t: tc } = useTranslation();
  const formId = useId();
  const copy = useCopyWeek();
  const close = () => {
    copy.reset();
    onClose();
  };
  return (
    <DialogShell
      open={week !== null}
      onClose={close}
      title={week ? t('copy.title', { date: formatDay(week.effective_from, i18n.language) }) : ''}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {tc('actions.cancel')}
          </Button>
          <Button type="submit" form={formId} colorPalette="primary" loading={copy.isPending}>
            {t('copy.submit')}
          </Button>
        </>
      }
    >
      {week && <CopyForm key={week.id} week={week} onClose={close} formId={formId} copy={copy} {...props} />}
    </DialogShell>
  );
}
