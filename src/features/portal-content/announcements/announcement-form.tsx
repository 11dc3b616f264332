/**
 * Adding or changing an announcement: its title and text (and their Spanish, which families reading Spanish see
 * instead when it is there), the grades it is for, and the days it shows on the portal's
 * home (from the first day; until the last day, or for good when there is none).
 */
import { useTranslation } from 'react-i18next';
import {
  type AnnouncementCreate,
  AnnouncementCreateSchema,
  type AnnouncementRecord,
  type Grade,
} from '../../../contract';
import type { ContentFormArgs } from '../parts/content-screen';
import { ContentFormFrame, RangeFields, TextField } from '../parts/fields';
import { GradesField } from '../parts/grades-field';
import { useContentForm } from '../parts/use-content-form';

interface Form {
  title: string;
  body: string;
  title_es: string;
  body_es: string;
  grades: Grade[];
  starts_on: string;
  ends_on: string;
}

const formOf = (record: AnnouncementRecord | null, today: string): Form => ({
  title: record?.title ?? '',
  body: record?.body ?? '',
  title_es: record?.title_es ?? '',
  body_es: record?.body_es ?? '',
  grades: (record?.grades ?? []) as Grade[],
  starts_on: record?.starts_on ?? today,
  ends_on: record?.ends_on ?? '',
});

export interface AnnouncementFormProps extends ContentFormArgs<AnnouncementRecord, AnnouncementCreate> {
  today: string;
}

/** The form. */
export function AnnouncementForm({ today, ...args }: AnnouncementFormProps) {
  const { t } = useTranslation('portal-content', { keyPrefix: 'announcements' });
  const { form, set, bind, errors, frame } = useContentForm({
    ...args,
    schema: AnnouncementCreateSchema,
    saved: (saved) => t('saved', { title: saved.title }),
    initial: () => formOf(args.record, today),
  });
  const body = (): AnnouncementCreate => ({
    ...form,
    title: form.title.trim(),
    title_es: form.title_es.trim() || null,
    body_es: form.body_es.trim() || null,
    ends_on: form.ends_on || null,
  });

  return (
    <ContentFormFrame {...frame(body)}>
      <TextField label={t('fields.title')} maxLength={150} required {...bind('title')} />
      <TextField label={t('fields.body')} maxLength={4000} multiline required {...bind('body')} />
      <TextField label={t('fields.titleEs')} maxLength={150} lang="es" {...bind('title_es')} />
      <TextField
        label={t('fields.bodyEs')}
        maxLength={4000}
        multiline
        lang="es"
        helper={t('fields.spanishHint')}
        {...bind('body_es')}
      />
      <RangeFields
        type="date"
        w="44"
        from={{ label: t('fields.startsOn'), required: true, ...bind('starts_on') }}
        to={{ label: t('fields.endsOn'), helper: t('fields.endsOnHint'), ...bind('ends_on') }}
      />
      <GradesField value={form.grades} error={errors.grades} onChange={(grades) => set('grades', grades)} />
    </ContentFormFrame>
  );
}
