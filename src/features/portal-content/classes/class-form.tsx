/**
 * Adding or changing a class (the portal's Schedule): its name, teacher, room and Meet link, the grades that take it,
 * and its weekly sessions.
 */
import { useTranslation } from 'react-i18next';
import { type CourseCreate, CourseCreateSchema, type CourseRecord, type Grade } from '../../../contract';
import type { ContentFormArgs } from '../parts/content-screen';
import { ContentFormFrame, FieldRow, TextField } from '../parts/fields';
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
export function ClassForm(args: ContentFormArgs<CourseRecord, CourseCreate>) {
  const { t } = useTranslation('portal-content', { keyPrefix: 'classes' });
  const { form, set, bind, errors, frame } = useContentForm({
    ...args,
    schema: CourseCreateSchema,
    saved: (saved) => t('saved', { name: saved.name }),
    initial: () => formOf(args.record),
  });
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
    <ContentFormFrame {...frame(body)}>
      <TextField label={t('fields.name')} maxLength={150} required {...bind('name')} />
      <FieldRow>
        <TextField label={t('fields.teacher')} maxLength={150} w={{ base: 'full', sm: '56' }} {...bind('teacher')} />
        <TextField label={t('fields.room')} maxLength={60} w={{ base: 'full', sm: '40' }} {...bind('room')} />
      </FieldRow>
      <TextField label={t('fields.meetUrl')} type="url" maxLength={2000} {...bind('meet_url')} />
      <GradesField value={form.grades} error={errors.grades} onChange={(grades) => set('grades', grades)} />
      <SessionsField value={form.sessions} errors={errors} onChange={(sessions) => set('sessions', sessions)} />
    </ContentFormFrame>
  );
}
