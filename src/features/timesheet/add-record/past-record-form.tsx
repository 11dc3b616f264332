/**
 * A record for a past day: the date, start, end, unpaid break, category (a leave's type), note. The
 * times are the school's wall clock; an end before the start is the next morning (a night). Written through the
 * outbox like a clocking, so it works offline; what the device can tell (a field, an overlap with the person's own
 * records) it says under the field before anything is queued, and the server checks all of it again. Not the
 * record dialog's `RecordFields`: the next day follows from the times here (no box to tick) and the fields are fewer,
 * so only the break and the category with the leave type are shared.
 */
import { Button, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordIssues, type TimesheetCategory, TimesheetCreateSchema } from '../../../contract';
import { OutboxValidationError } from '../../../offline';
import { addNotification } from '../../../ui/notifications';
import { addDays, formatDay, instantAt } from '../../../ui/school-clock';
import { BreakField, CategoryFields } from '../parts/record-fields';
import { OverlapError, type PastRecord } from './use-clock';

export interface PastRecordFormProps {
  today: string;
  timeZone: string;
  onAdd: (record: PastRecord) => Promise<unknown>;
}

type Errors = Partial<Record<'date' | 'start' | 'end' | 'break' | 'leave_type' | 'note', string>>;

const FIELD_OF: Record<string, keyof Errors> = {
  started_at: 'start',
  ended_at: 'end',
  break_minutes: 'break',
  leave_type: 'leave_type',
  note: 'note',
};

export function PastRecordForm({ today, timeZone, onAdd }: PastRecordFormProps) {
  const { t, i18n } = useTranslation('timesheet', { keyPrefix: 'past' });
  const { t: tc } = useTranslation();
  const [date, setDate] = useState(today);
  const [start, setStart] = useState('08:00');
  const [end, setEnd] = useState('16:30');
  const [breakMinutes, setBreakMinutes] = useState('30');
  const [category, setCategory] = useState<TimesheetCategory>('regular');
  const [leaveType, setLeaveType] = useState<string>('sick');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const nextDay = Boolean(start && end && end <= start);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) found.date = t('errors.date');
    else if (date > today) found.date = t('errors.future');
    if (!/^\d{2}:\d{2}$/.test(start)) found.start = t('errors.time');
    if (!/^\d{2}:\d{2}$/.test(end)) found.end = t('errors.time');
    const minutes = Number(breakMinutes || '0');
    if (!Number.isInteger(minutes) || minutes < 0) found.break = t('errors.break');
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    const record: PastRecord = {
      started_at: instantAt(date, start, timeZone),
      ended_at: instantAt(nextDay ? addDays(date, 1) : date, end, timeZone),
      break_minutes: minutes,
      category,
      leave_type: category === 'leave' ? leaveType : null,
      note: note.trim() || null,
    };
    const issues = recordIssues(record);
    const parsed = TimesheetCreateSchema.safeParse(record);
    const all = [
      ...issues,
      ...(parsed.success ? [] : parsed.error.issues.map((i) => ({ path: String(i.path[0]), message: i.message }))),
    ];
    if (all.length) {
      setErrors(Object.fromEntries(all.map((i) => [FIELD_OF[i.path] ?? 'date', t(`errors.${i.path}`, i.message)])));
      return;
    }
    setBusy(true);
    try {
      await onAdd(record);
      setErrors({});
      setNote('');
      addNotification({ type: 'success', text: t('added', { day: formatDay(date, i18n.language) }) });
    } catch (err) {
      if (err instanceof OverlapError) setErrors({ start: t('errors.overlap') });
      else if (err instanceof OutboxValidationError) setErrors({ date: Object.values(err.errors).flat().join(' ') });
      else addNotification({ type: 'error', text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };

  const clear = (field: keyof Errors) => setErrors(({ [field]: _, ...rest }) => rest);

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="past-title">
      <Stack gap="3" maxW="xl">
        <Text as="h2" id="past-title" fontSize="lg" fontWeight="semibold">
          {t('title')}
        </Text>
        {Object.keys(errors).length > 0 && (
          <Text color="fg.error" role="alert">
            {tc('form.incomplete')}
          </Text>
        )}
        <Field.Root invalid={Boolean(errors.date)} w={{ base: 'full', sm: '48' }}>
          <Field.Label>{t('date')}</Field.Label>
          <Input
            type="date"
            value={date}
            max={today}
            onChange={(e) => {
              setDate(e.target.value);
              clear('date');
            }}
          />
          <Field.ErrorText>{errors.date}</Field.ErrorText>
        </Field.Root>
        <HStack gap="3" align="start" flexWrap="wrap">
          <Field.Root invalid={Boolean(errors.start)} w="32">
            <Field.Label>{t('start')}</Field.Label>
            <Input
              type="time"
              value={start}
              onChange={(e) => {
                setStart(e.target.value);
                clear('start');
              }}
            />
            <Field.ErrorText>{errors.start}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.end)} w="32">
            <Field.Label>{t('end')}</Field.Label>
            <Input
              type="time"
              value={end}
              onChange={(e) => {
                setEnd(e.target.value);
                clear('end');
              }}
            />
            {nextDay && <Field.HelperText>{t('nextDay')}</Field.HelperText>}
            <Field.ErrorText>{errors.end}</Field.ErrorText>
          </Field.Root>
          <BreakField
            label={t('break')}
            value={breakMinutes}
            onChange={(value) => {
              setBreakMinutes(value);
              clear('break');
            }}
            error={errors.break}
            w="32"
          />
        </HStack>
        <CategoryFields
          labels={{ category: t('category'), leaveType: t('leaveType') }}
          category={category}
          leaveType={leaveType}
          onCategory={setCategory}
          onLeaveType={(value) => {
            setLeaveType(value);
            clear('leave_type');
          }}
          errors={errors}
          w={{ base: 'full', sm: '48' }}
        />
        <Field.Root invalid={Boolean(errors.note)}>
          <Field.Label>{t('note')}</Field.Label>
          <Textarea value={note} maxLength={500} rows={2} onChange={(e) => setNote(e.target.value)} />
          <Field.ErrorText>{errors.note}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" loading={busy} alignSelf="start">
          {t('add')}
        </Button>
      </Stack>
    </form>
  );
}
