/**
 * Adding or changing a class (the portal's Schedule): its name, teacher, room and Meet link, the grades that take it,
 * and its weekly sessions.
 */
import { HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CourseCreate, CourseCreateSchema, type CourseRecord, type Grade } from '../../../contract';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import type { ContentFormArgs } from '../parts/content-screen';
import { TextField } from '../parts/fields';
import { GradesField } from '../parts/grades-field';
import { useContentForm } from '../parts/use-content-form';
import { newSessionRow, type SessionRow, SessionsField } from './sessions-field';

interface Form {
  name: string;
  teacher: string;
  room: string;
  meet_url: string;
  grades: Grade[];
  sessions: SessionRow[];
}

const formOf = (record: CourseRecord | null): Form => ({
  name: record?.name ?? '',
  teacher: record?.teacher ?? '',
  room: record?.room ?? '',
  meet_url: record?.meet_url ?? '',
  grades: (record?.grades ?? []) as Grade[],
  sessions: (record?.sessions ?? []).map((s) => ({
    ...newSessionRow(),
    weekday: String(s.weekday),
    start_time: s.start_time.slice(0, 5),
    end_time: s.end_time.slice(0, 5),
  })),
});

/** The form. */
export function ClassForm({ record, formId, close, save }: ContentFormArgs<CourseRecord, CourseCreate>) {
  const { t } = useTranslation('portal-content', { keyPrefix: 'classes' });
  const [form, setForm] = useState(() => formOf(record));
  const { errors, formError, clear, submit } = useContentForm({
    schema: CourseCreateSchema,
    record,
    save,
    close,
    saved: (saved) => t('saved', { name: saved.name }),
  });
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    clear(key);
  };
  const body = (): CourseCreate => ({
    name: form.name.trim(),
    teacher: form.teacher.trim() || null,
    room: form.room.trim() || null,
    meet_url: form.meet_url.trim() || null,
    grades: form.grades,
    sessions: form.sessions.map(({ weekday, start_time, end_time }) => ({
      weekday: Number(weekday),
      start_time,
      end_time,
    })),
  });

  return (
    <form id={formId} onSubmit={submit(body)} noValidate>
      <Stack gap="4">
        <FormAlert text={formError} />
        <TextField
          label={t('fields.name')}
          value={form.name}
          maxLength={150}
          required
          error={errors.name}
          onChange={(v) => set('name', v)}
        />
        <HStack gap="3" wrap="wrap" align="flex-start">
          <TextField
            label={t('fields.teacher')}
            value={form.teacher}
            maxLength={150}
            error={errors.teacher}
            w={{ base: 'full', sm: '56' }}
            onChange={(v) => set('teacher', v)}
          />
          <TextField
            label={t('fields.room')}
            value={form.room}
            maxLength={60}
            error={errors.room}
            w={{ base: 'full', sm: '40' }}
            onChange={(v) => set('room', v)}
          />
        </HStack>
        <TextField
          label={t('fields.meetUrl')}
          type="url"
          value={form.meet_url}
          maxLength={2000}
          error={errors.meet_url}
          onChange={(v) => set('meet_url', v)}
        />
        <GradesField value={form.grades} error={errors.grades} onChange={(grades) => set('grades', grades)} />
        <SessionsField value={form.sessions} errors={errors} onChange={(sessions) => set('sessions', sessions)} />
      </Stack>
    </form>
  );
}
