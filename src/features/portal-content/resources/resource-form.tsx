/**
 * Adding or changing a Scholar Resources or Library link: where it shows, its subject (the portal groups by it), title,
 * web address and description, the grades it is for, and its place among its subject's links (lower first).
 */
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
import type { ContentFormArgs } from '../parts/content-screen';
import { ContentFormFrame, FieldRow, TextField } from '../parts/fields';
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
export function ResourceForm({ kind, ...args }: ResourceFormProps) {
  const { t } = useTranslation('portal-content', { keyPrefix: 'resources' });
  const { form, set, bind, errors, frame } = useContentForm({
    ...args,
    schema: PortalResourceCreateSchema,
    saved: (saved) => t('saved', { title: saved.title }),
    initial: () => formOf(args.record, kind),
  });
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
    <ContentFormFrame {...frame(body)}>
      <SelectField
        label={t('fields.kind')}
        value={form.kind}
        w={{ base: 'full', sm: '56' }}
        error={errors.kind}
        choices={RESOURCE_KINDS.map((k) => [k, t(`kinds.${k}`)])}
        onChange={(v) => set('kind', v as ResourceKind)}
      />
      <FieldRow>
        <TextField
          label={t('fields.subject')}
          maxLength={100}
          required
          w={{ base: 'full', sm: '56' }}
          {...bind('subject')}
        />
        <TextField
          label={t('fields.position')}
          type="number"
          helper={t('fields.positionHint')}
          w={{ base: 'full', sm: '40' }}
          {...bind('position')}
        />
      </FieldRow>
      <TextField label={t('fields.title')} maxLength={200} required {...bind('title')} />
      <TextField label={t('fields.url')} type="url" maxLength={2000} required {...bind('url')} />
      <TextField label={t('fields.description')} maxLength={1000} multiline {...bind('description')} />
      <GradesField value={form.grades} error={errors.grades} onChange={(grades) => set('grades', grades)} />
    </ContentFormFrame>
  );
}
