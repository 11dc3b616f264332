/**
 * Adding or changing a group meeting (the portal's This Week): its title, when it starts and ends on the school's
 * clock, where (a place, a Meet link or both), who leads it, and the grades it is for.
 */
import { useTranslation } from 'react-i18next';
import {
  type Grade,
  type GroupMeetingCreate,
  GroupMeetingCreateSchema,
  type GroupMeetingRecord,
} from '../../../contract';
import { fromLocalInput, toLocalInput } from '../model/school-times';
import { ContentFormFrame, RangeFields, TextField } from '../parts/fields';
import { GradesField } from '../parts/grades-field';
import { type DatedFormArgs, useContentForm } from '../parts/use-content-form';

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

/** The form. */
export function MeetingForm({ timeZone, today, ...args }: DatedFormArgs<GroupMeetingRecord, GroupMeetingCreate>) {
  const { t } = useTranslation('portal-content', { keyPrefix: 'meetings' });
  const { form, set, bind, errors, frame } = useContentForm({
    ...args,
    schema: GroupMeetingCreateSchema,
    saved: (saved) => t('saved', { title: saved.title }),
    initial: () => formOf(args.record, timeZone, today),
  });
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
    <ContentFormFrame {...frame(body)}>
      <TextField label={t('fields.title')} maxLength={150} required {...bind('title')} />
      <RangeFields
        type="datetime-local"
        w="56"
        from={{ label: t('fields.startsAt'), required: true, ...bind('starts_at') }}
        to={{ label: t('fields.endsAt'), required: true, ...bind('ends_at') }}
      />
      <TextField label={t('fields.place')} maxLength={150} {...bind('place')} />
      <TextField
        label={t('fields.meetUrl')}
        type="url"
        maxLength={2000}
        helper={t('fields.meetUrlHint')}
        {...bind('meet_url')}
      />
      <TextField label={t('fields.leader')} maxLength={150} {...bind('leader')} />
      <GradesField value={form.grades} error={errors.grades} onChange={(grades) => set('grades', grades)} />
    </ContentFormFrame>
  );
}
