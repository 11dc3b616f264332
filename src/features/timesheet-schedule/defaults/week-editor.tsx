/**
 * The week editor: the effective date, the weekday grid with the week's total, "Copy Monday to Tuesday–Friday", an
 * optional note and Save. Saving changes the person's week from that date when they have one, else adds a week from
 * it (the weeks before stay: that is the history). The form is checked before anything is sent, with each message
 * beside its field; the server's 422 lands on the same fields (`days.2.end`), and its 409 (a week from that date was
 * added meanwhile) shows as it says it.
 */
import { Alert, Button, Field, Heading, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import type { TimekeepingStaffRecord, TimesheetScheduleRecord, Week } from '../../../contract';
import { toFieldErrors } from '../../../ui/form/field-errors';
import { addNotification } from '../../../ui/notifications';
import { formatDay } from '../../../ui/school-clock';
import { formatMinutes, staffName } from '../../../ui/timekeeping/hours';
import { useSaveWeek } from './api/defaults-queries';
import {
  checkWeek,
  copyMondayToWeekdays,
  dayValues,
  NOTE_MAX,
  type WeekValues,
  weekTotal,
  worked,
} from './model/week-form';
import { type DayField, WeekGrid } from './week-grid';

export interface WeekEditorProps {
  person: TimekeepingStaffRecord;
  /** The person's weeks (to tell a change from an addition). */
  weeks: readonly TimesheetScheduleRecord[];
  /** The week being changed; null: a new week, starting from `base`. */
  editing: TimesheetScheduleRecord | null;
  base: Week;
  /** Today on the school's calendar, a new week's first day. */
  today: string;
  canCreate: boolean;
  canUpdate: boolean;
  onSaved: (week: TimesheetScheduleRecord) => void;
  onNewWeek: () => void;
}

const shownOutside = (field: string) => field !== 'effective_from' && field !== 'note' && !field.startsWith('days.');

/** The editor of one week. */
export function WeekEditor(props: WeekEditorProps) {
  const { person, weeks, editing, base, today, canCreate, canUpdate, onSaved, onNewWeek } = props;
  const { t, i18n } = useTranslation('timesheet-schedule', { keyPrefix: 'defaults' });
  const { t: tc } = useTranslation();
  const { t: ts } = useTranslation('timesheet-schedule');
  const [values, setValues] = useState<WeekValues>(() => ({
    effective_from: editing?.effective_from ?? today,
    note: editing?.note ?? '',
    days: dayValues(editing?.days ?? base),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveWeek();
  const titleId = useId();
  const name = staffName(person);
  const sameDate = weeks.find((w) => w.effective_from === values.effective_from) ?? null;

  const change = (next: Partial<WeekValues>, fixed: string[]) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !fixed.includes(key))));
  };
  const dayFields = (i: number) => [`days.${i}`, `days.${i}.start`, `days.${i}.end`, `days.${i}.break_minutes`];
  const setDay = (index: number, field: DayField, value: string) =>
    change({ days: values.days.map((d, i) => (i === index ? { ...d, [field]: value } : d)) }, dayFields(index));
  const setWorks = (index: number, works: boolean) =>
    change(
      { days: values.days.map((d, i) => (i !== index ? d : works ? worked(d) : { ...d, works: false })) },
      dayFields(index),
    );

  const fail = (error: unknown) => {
    const fields = toFieldErrors(error, tc);
    setErrors(fields);
    const outside = Object.entries(fields).filter(([field]) => shownOutside(field));
    if (error instanceof ApiError && error.status === 422 && Object.keys(fields).length) {
      setFormError([tc('form.incomplete'), ...outside.map(([, message]) => message)].join(' '));
    } else if (error instanceof ApiError && error.isOffline) setFormError(ts('offline'));
    else setFormError(error instanceof ApiError ? error.message : tc('states.error'));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = checkWeek(values);
    if (!checked.ok) {
      setErrors(Object.fromEntries(Object.entries(checked.errors).map(([field, key]) => [field, t(`errors.${key}`)])));
      setFormError(tc('form.incomplete'));
      return;
    }
    if (sameDate && !canUpdate) {
      setErrors({ effective_from: t('editor.needsUpdate', { name }) });
      return;
    }
    setErrors({});
    save.mutate(
      { user_id: person.id, existing: sameDate, ...checked.data },
      {
        onSuccess: (week) => {
          addNotification({
            type: 'success',
            text: t('editor.saved', { name, date: formatDay(week.effective_from, i18n.language) }),
          });
          onSaved(week);
        },
        onError: fail,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <Stack gap="4">
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="lg" id={titleId}>
            {editing
              ? t('editor.editTitle', { date: formatDay(editing.effective_from, i18n.language) })
              : t('editor.newTitle')}
          </Heading>
          {editing && canCreate && (
            <Button variant="outline" size="sm" minH="10" onClick={onNewWeek}>
              {t('editor.newWeek')}
            </Button>
          )}
        </HStack>
        {weeks.length === 0 && <Text color="fg.muted">{t('editor.firstWeek')}</Text>}
        {formError && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{formError}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root invalid={Boolean(errors.effective_from)} maxW="xs">
          <Field.Label>{t('editor.effectiveFrom')}</Field.Label>
          <Input
            type="date"
            value={values.effective_from}
            onChange={(event) => change({ effective_from: event.target.value }, ['effective_from'])}
          />
          {errors.effective_from ? (
            <Field.ErrorText>{errors.effective_from}</Field.ErrorText>
          ) : (
            <Field.HelperText>{sameDate ? t('editor.replaces', { name }) : t('editor.adds')}</Field.HelperText>
          )}
        </Field.Root>
        <WeekGrid days={values.days} errors={errors} onWorks={setWorks} onChange={setDay} />
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" aria-live="polite">
            {t('editor.weekTotal', { hours: formatMinutes(weekTotal(values.days)) })}
          </Text>
          <Button
            variant="outline"
            size="sm"
            minH="10"
            onClick={() =>
              change(
                { days: copyMondayToWeekdays(values.days) },
                [1, 2, 3, 4].flatMap((i) => dayFields(i)),
              )
            }
          >
            {t('editor.copyMonday')}
          </Button>
        </HStack>
        <Field.Root invalid={Boolean(errors.note)}>
          <Field.Label>{t('editor.note')}</Field.Label>
          <Textarea
            value={values.note}
            maxLength={NOTE_MAX}
            rows={2}
            onChange={(event) => change({ note: event.target.value }, ['note'])}
          />
          <Field.ErrorText>{errors.note}</Field.ErrorText>
        </Field.Root>
        <HStack>
          <Button type="submit" colorPalette="primary" minH="10" loading={save.isPending}>
            {t('editor.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
