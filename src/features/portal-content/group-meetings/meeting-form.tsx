/**
 * Adding or changing a group meeting (the portal's This Week): its title, when it starts and ends on the school's
 * clock, where (a place, a Meet link or both), who leads it, and the grades it is for.
 */
import { HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Grade,
  type GroupMeetingCreate,
  GroupMeetingCreateSchema,
  type GroupMeetingRecord,
} from '../../../contract';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import { fromLocalInput, toLocalInput } from '../model/school-times';
import type { ContentFormArgs } from '../parts/content-screen';
import { TextField } from '../parts/fields';
import { GradesField } from '../parts/grades-field';
import { useContentForm } from '../parts/use-content-form';

interface Form {
  title: string;
  starts_at: string;
  ends_at: string;
  place: string;
  meet_url: string;
  leader: string;
  grades: Grade[];
}

const formOf = (record: GroupMeetingRecord | null, timeZone: string, today: string): Form => ({
  title: record?.title ?? '',
  starts_at: record ? toLocalInput(record.starts_at, timeZone) : `${today}T09:00`,
  ends_at: record ? toLocalInput(record.ends_at, timeZone) : `${today}T10:00`,
  place: record?.place ?? '',
  meet_url: record?.meet_url ?? '',
  leader: record?.leader ?? '',
  grades: (record?.grades ?? []) as Grade[],
});

export interface MeetingFormProps extends ContentFormArgs<GroupMeetingRecord, GroupMeetingCreate> {
  timeZone: string;
  today: string;
}

/** The form. */
export function MeetingForm({ record, formId, close, save, timeZone, today }: MeetingFormProps) {
  const { t } = useTranslation('portal-content', { keyPrefix: 'meetings' });
  const [form, setForm] = useState(() => formOf(record, timeZone, today));
  const { errors, formError, clear, submit } = useContentForm({
    schema: GroupMeetingCreateSchema,
    record,
    save,
    close,
    saved: (saved) => t('saved', { title: saved.title }),
  });
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    clear(key);
  };
  const body = (): GroupMeetingCreate => ({
    title: form.title.trim(),
    starts_at: fromLocalInput(form.starts_at, timeZone) ?? '',
    ends_at: fromLocalInput(form.ends_at, timeZone) ?? '',
    place: form.place.trim() || null,
    meet_url: form.meet_url.trim() || null,
    leader: form.leader.trim() || null,
    grades: form.grades,
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
        <TextField
          label={t('fields.place')}
          value={form.place}
          maxLength={150}
          error={errors.place}
          onChange={(v) => set('place', v)}
        />
        <TextField
          label={t('fields.meetUrl')}
          type="url"
          value={form.meet_url}
          maxLength={2000}
          helper={t('fields.meetUrlHint')}
          error={errors.meet_url}
          onChange={(v) => set('meet_url', v)}
        />
        <TextField
          label={t('fields.leader')}
          value={form.leader}
          maxLength={150}
          error={errors.leader}
          onChange={(v) => set('leader', v)}
        />
        <GradesField value={form.grades} error={errors.grades} onChange={(grades) => set('grades', grades)} />
      </Stack>
    </form>
  );
}
