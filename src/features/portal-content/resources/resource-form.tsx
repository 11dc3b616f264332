/**
 * Adding or changing a Scholar Resources or Library link: where it shows, its subject (the portal groups by it), title,
 * web address and description, the grades it is for, and its place among its subject's links (lower first).
 */
import { HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Grade,
  type PortalResourceCreate,
  PortalResourceCreateSchema,
  type PortalResourceRecord,
  RESOURCE_KINDS,
  type ResourceKind,
} from '../../../contract';
import { SelectField } from '../../../ui/form/select-field';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import type { ContentFormArgs } from '../parts/content-screen';
import { TextField } from '../parts/fields';
import { GradesField } from '../parts/grades-field';
import { useContentForm } from '../parts/use-content-form';

interface Form {
  kind: ResourceKind;
  subject: string;
  title: string;
  url: string;
  description: string;
  grades: Grade[];
  position: string;
}

const formOf = (record: PortalResourceRecord | null, kind: ResourceKind): Form => ({
  kind: record?.kind ?? kind,
  subject: record?.subject ?? '',
  title: record?.title ?? '',
  url: record?.url ?? '',
  description: record?.description ?? '',
  grades: (record?.grades ?? []) as Grade[],
  position: String(record?.position ?? 0),
});

export interface ResourceFormProps extends ContentFormArgs<PortalResourceRecord, PortalResourceCreate> {
  /** Where a new link goes: the list on screen. */
  kind: ResourceKind;
}

/** The form. */
export function ResourceForm({ record, formId, close, save, kind }: ResourceFormProps) {
  const { t } = useTranslation('portal-content', { keyPrefix: 'resources' });
  const [form, setForm] = useState(() => formOf(record, kind));
  const { errors, formError, clear, submit } = useContentForm({
    schema: PortalResourceCreateSchema,
    record,
    save,
    close,
    saved: (saved) => t('saved', { title: saved.title }),
  });
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    clear(key);
  };
  const body = (): PortalResourceCreate => ({
    kind: form.kind,
    subject: form.subject.trim(),
    title: form.title.trim(),
    url: form.url.trim(),
    description: form.description.trim() || null,
    grades: form.grades,
    position: form.position.trim() === '' ? 0 : Number(form.position),
  });

  return (
    <form id={formId} onSubmit={submit(body)} noValidate>
      <Stack gap="4">
        <FormAlert text={formError} />
        <SelectField
          label={t('fields.kind')}
          value={form.kind}
          w={{ base: 'full', sm: '56' }}
          error={errors.kind}
          choices={RESOURCE_KINDS.map((k) => [k, t(`kinds.${k}`)])}
          onChange={(v) => set('kind', v as ResourceKind)}
        />
        <HStack gap="3" wrap="wrap" align="flex-start">
          <TextField
            label={t('fields.subject')}
            value={form.subject}
            maxLength={100}
            required
            error={errors.subject}
            w={{ base: 'full', sm: '56' }}
            onChange={(v) => set('subject', v)}
          />
          <TextField
            label={t('fields.position')}
            type="number"
            value={form.position}
            helper={t('fields.positionHint')}
            error={errors.position}
            w={{ base: 'full', sm: '40' }}
            onChange={(v) => set('position', v)}
          />
        </HStack>
        <TextField
          label={t('fields.title')}
          value={form.title}
          maxLength={200}
          required
          error={errors.title}
          onChange={(v) => set('title', v)}
        />
        <TextField
          label={t('fields.url')}
          type="url"
          value={form.url}
          maxLength={2000}
          required
          error={errors.url}
          onChange={(v) => set('url', v)}
        />
        <TextField
          label={t('fields.description')}
          value={form.description}
          maxLength={1000}
          multiline
          error={errors.description}
          onChange={(v) => set('description', v)}
        />
        <GradesField value={form.grades} error={errors.grades} onChange={(grades) => set('grades', grades)} />
      </Stack>
    </form>
  );
}
