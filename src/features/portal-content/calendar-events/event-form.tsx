/**
 * Adding or changing a school calendar event: its title and description, all day (then only the first and last day,
 * stored as midnight of the first day to midnight after the last on the school's clock) or a start and an end, and
 * its color on the portal's calendar.
 */
import { HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CalendarEventCreate,
  CalendarEventCreateSchema,
  type CalendarEventRecord,
  EVENT_COLORS,
} from '../../../contract';
import { SelectField } from '../../../ui/form/select-field';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import { allDayDays, allDayInstants, fromLocalInput, toLocalInput } from '../model/school-times';
import type { ContentFormArgs } from '../parts/content-screen';
import { SwitchField, TextField } from '../parts/fields';
import { useContentForm } from '../parts/use-content-form';

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

export interface EventFormProps extends ContentFormArgs<CalendarEventRecord, CalendarEventCreate> {
  timeZone: string;
  today: string;
}

/** The form. */
export function EventForm({ record, formId, close, save, timeZone, today }: EventFormProps) {
  const { t } = useTranslation('portal-content', { keyPrefix: 'events' });
  const [form, setForm] = useState(() => formOf(record, timeZone, today));
  const { errors, formError, clear, submit } = useContentForm({
    schema: CalendarEventCreateSchema,
    record,
    save,
    close,
    saved: (saved) => t('saved', { title: saved.title }),
  });
  const set = <K extends keyof Form>(key: K, value: Form[K], field: string = key) => {
    setForm((f) => ({ ...f, [key]: value }));
    clear(field);
  };
  const body = (): CalendarEventCreate => ({
    title: form.title.trim(),
    description: form.description.trim() || null,
    all_day: form.all_day,
    color: form.color,
    ...instantsOf(form, timeZone),
  });

  return (
    <form id={formId} onSubmit={submit(body)} noValidate>
      <Stack gap="4">
        <FormAlert text={formError} />
        <TextField
          label={t('fields.title')}
          value={form.title}
          maxLength={150}
          required
          error={errors.title}
          onChange={(v) => set('title', v)}
        />
        <TextField
          label={t('fields.description')}
          value={form.description}
          maxLength={2000}
          multiline
          error={errors.description}
          onChange={(v) => set('description', v)}
        />
        <SwitchField label={t('fields.allDay')} checked={form.all_day} onChange={(on) => set('all_day', on)} />
        {form.all_day ? (
          <HStack gap="3" wrap="wrap" align="flex-start">
            <TextField
              label={t('fields.firstDay')}
              type="date"
              value={form.first_day}
              required
              error={errors.starts_at}
              w={{ base: 'full', sm: '44' }}
              onChange={(v) => set('first_day', v, 'starts_at')}
            />
            <TextField
              label={t('fields.lastDay')}
              type="date"
              value={form.last_day}
              required
              error={errors.ends_at}
              w={{ base: 'full', sm: '44' }}
              onChange={(v) => set('last_day', v, 'ends_at')}
            />
          </HStack>
        ) : (
          <HStack gap="3" wrap="wrap" align="flex-start">
            <TextField
              label={t('fields.startsAt')}
              type="datetime-local"
              value={form.starts_at}
              required
              error={errors.starts_at}
              w={{ base: 'full', sm: '56' }}
              onChange={(v) => set('starts_at', v)}
            />
            <TextField
              label={t('fields.endsAt')}
              type="datetime-local"
              value={form.ends_at}
              required
              error={errors.ends_at}
              w={{ base: 'full', sm: '56' }}
              onChange={(v) => set('ends_at', v)}
            />
          </HStack>
        )}
        <SelectField
          label={t('fields.color')}
          value={form.color}
          w={{ base: 'full', sm: '48' }}
          error={errors.color}
          choices={EVENT_COLORS.map((c) => [c, t(`colors.${c}`)])}
          onChange={(v) => set('color', v as EventColor)}
        />
      </Stack>
    </form>
  );
}
