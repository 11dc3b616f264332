/**
 * Adding or changing an announcement: its title and text, the grades it is for, and the days it shows on the portal's
 * home (from the first day; until the last day, or for good when there is none).
 */
import { HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AnnouncementCreate,
  AnnouncementCreateSchema,
  type AnnouncementRecord,
  type Grade,
} from '../../../contract';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import type { ContentFormArgs } from '../parts/content-screen';
import { TextField } from '../parts/fields';
import { GradesField } from '../parts/grades-field';
import { useContentForm } from '../parts/use-content-form';

interface Form {
  title: string;
  body: string;
  grades: Grade[];
  starts_on: string;
  ends_on: string;
}

const formOf = (record: AnnouncementRecord | null, today: string): Form => ({
  title: record?.title ?? '',
  body: record?.body ?? '',
  grades: (record?.grades ?? []) as Grade[],
  starts_on: record?.starts_on ?? today,
  ends_on: record?.ends_on ?? '',
});

export interface AnnouncementFormProps extends ContentFormArgs<AnnouncementRecord, AnnouncementCreate> {
  today: string;
}

/** The form. */
export function AnnouncementForm({ record, formId, close, save, today }: AnnouncementFormProps) {
  const { t } = useTranslation('portal-content', { keyPrefix: 'announcements' });
  const [form, setForm] = useState(() => formOf(record, today));
  const { errors, formError, clear, submit } = useContentForm({
    schema: AnnouncementCreateSchema,
    record,
    save,
    close,
    saved: (saved) => t('saved', { title: saved.title }),
  });
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    clear(key);
  };
  const body = (): AnnouncementCreate => ({ ...form, title: form.title.trim(), ends_on: form.ends_on || null });

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
          label={t('fields.body')}
          value={form.body}
          maxLength={4000}
          multiline
          required
          error={errors.body}
          onChange={(v) => set('body', v)}
        />
        <HStack gap="3" wrap="wrap" align="flex-start">
          <TextField
            label={t('fields.startsOn')}
            type="date"
            value={form.starts_on}
            required
            error={errors.starts_on}
            w={{ base: 'full', sm: '44' }}
            onChange={(v) => set('starts_on', v)}
          />
          <TextField
            label={t('fields.endsOn')}
            type="date"
            value={form.ends_on}
            helper={t('fields.endsOnHint')}
            error={errors.ends_on}
            w={{ base: 'full', sm: '44' }}
            onChange={(v) => set('ends_on', v)}
          />
        </HStack>
        <GradesField value={form.grades} error={errors.grades} onChange={(grades) => set('grades', grades)} />
      </Stack>
    </form>
  );
}
