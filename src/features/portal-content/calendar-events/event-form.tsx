/**
 * Adding or changing a school calendar event: its title and description, all day (then only the first and last day,
 * stored as midnight of the first day to midnight after the last on the school's clock) or a start and an end, and
 * its color on the portal's calendar.
 */
import { useTranslation } from 'react-i18next';
import {
  type CalendarEventCreate,
  CalendarEventCreateSchema,
  type CalendarEventRecord,
  EVENT_COLORS,
} from '../../../contract';
import { SelectField } from '../../../ui/form/select-field';
import { allDayDays, allDayInstants, fromLocalInput, toLocalInput } from '../model/school-times';
import { ContentFormFrame, RangeFields, SwitchField, TextField } from '../parts/fields';
import { type DatedFormArgs, useContentForm } from '../parts/use-content-form';

type EventColor = (typeof EVENT_COLORS)[number];

interface Form {
  title: string;
  description: string;
  all_day: boolean;
  first_day: string;
  last_day: string;
  starts_at: string;
  ends_at: string;
  color: EventColor;
}

function formOf(record: CalendarEventRecord | null, timeZone: string, today: string): Form {
  const color = (EVENT_COLORS as readonly string[]).includes(record?.color ?? '')
    ? (record?.color as EventColor)
    : 'blue';
  if (!record) {
    return {
      title: '',
      description: '',
      all_day: true,
      first_day: today,
      last_day: today,
      starts_at: `${today}T09:00`,
      ends_at: `${today}T10:00`,
      color,
    };
  }
  const days = record.all_day ? allDayDays(record.starts_at, record.ends_at, timeZone) : null;
  const startsAt = toLocalInput(record.starts_at, timeZone);
  const endsAt = toLocalInput(record.ends_at, timeZone);
  return {
    title: record.title,
    description: record.description ?? '',
    all_day: record.all_day,
    first_day: days?.first ?? startsAt.slice(0, 10),
    last_day: days?.last ?? endsAt.slice(0, 10),
    starts_at: record.all_day ? `${days?.first}T09:00` : startsAt,
    ends_at: record.all_day ? `${days?.first}T10:00` : endsAt,
    color,
  };
}

/** The instants to send: from the days of an all-day event, or from the two date-times. */
function instantsOf(form: Form, timeZone: string): { starts_at: string; ends_at: string } {
  if (form.all_day) {
    if (!form.first_day || !form.last_day) return { starts_at: '', ends_at: '' };
    return allDayInstants(form.first_day, form.last_day, timeZone);
  }
  return {
    starts_at: fromLocalInput(form.starts_at, timeZone) ?? '',
    ends_at: fromLocalInput(form.ends_at, timeZone) ?? '',
  };
}

/** The form. */
export function EventForm({ timeZone, today, ...args }: DatedFormArgs<CalendarEventRecord, CalendarEventCreate>) {
  const { t } = useTranslation('portal-content', { keyPrefix: 'events' });
  const { form, set, bind, errors, frame } = useContentForm({
    ...args,
    schema: CalendarEventCreateSchema,
    saved: (saved) => t('saved', { title: saved.title }),
    initial: () => formOf(args.record, timeZone, today),
  });
  const body = (): CalendarEventCreate => ({
    title: form.title.trim(),
    description: form.description.trim() || null,
    all_day: form.all_day,
    color: form.color,
    ...instantsOf(form, timeZone),
  });

  return (
    <ContentFormFrame {...frame(body)}>
      <TextField label={t('fields.title')} maxLength={150} required {...bind('title')} />
      <TextField label={t('fields.description')} maxLength={2000} multiline {...bind('description')} />
      <SwitchField label={t('fields.allDay')} checked={form.all_day} onChange={(on) => set('all_day', on)} />
      {form.all_day ? (
        <RangeFields
          type="date"
          w="44"
          from={{ label: t('fields.firstDay'), required: true, ...bind('first_day', 'starts_at') }}
          to={{ label: t('fields.lastDay'), required: true, ...bind('last_day', 'ends_at') }}
        />
      ) : (
        <RangeFields
          type="datetime-local"
          w="56"
          from={{ label: t('fields.startsAt'), required: true, ...bind('starts_at') }}
          to={{ label: t('fields.endsAt'), required: true, ...bind('ends_at') }}
        />
      )}
      <SelectField
        label={t('fields.color')}
        value={form.color}
        w={{ base: 'full', sm: '48' }}
        error={errors.color}
        choices={EVENT_COLORS.map((c) => [c, t(`colors.${c}`)])}
        onChange={(v) => set('color', v as EventColor)}
      />
    </ContentFormFrame>
  );
}
