/**
 * Announcements (/portal-content): what the school tells scholars and parents on the portal's home,
 * for some grades or all, from a first day to a last one. Newest first by default.
 */
import { useTranslation } from 'react-i18next';
import { useSchoolTimeZone } from '../../../api/school-time-zone';
import type { AnnouncementCreate, AnnouncementRecord } from '../../../contract';
import { formatDay, schoolDayOf } from '../../../ui/school-clock';
import { announcementsApi } from '../api/portal-content-api';
import { ContentScreen } from '../parts/content-screen';
import { useGradesText } from '../parts/grades-field';
import { useTitledWords } from '../parts/use-dated-list';
import { AnnouncementForm } from './announcement-form';

export interface AnnouncementsPageProps {
  permissions: readonly string[];
}

/** The screen. */
export default function AnnouncementsPage({ permissions }: AnnouncementsPageProps) {
  const { t, i18n } = useTranslation('portal-content', { keyPrefix: 'announcements' });
  const { t: tc } = useTranslation();
  const { t: te } = useTranslation('exports', { keyPrefix: 'content' });
  const today = schoolDayOf(Date.now(), useSchoolTimeZone());
  const gradesText = useGradesText();
  const titledWords = useTitledWords<AnnouncementRecord>('announcements');
  const day = (d: string) => formatDay(d, i18n.language);
  return (
    <ContentScreen<AnnouncementRecord, AnnouncementCreate>
      title={tc('sections.announcements')}
      intro={t('intro')}
      permissions={permissions}
      api={announcementsApi}
      sorts={[
        ['starts_on', t('fields.startsOn')],
        ['title', t('fields.title')],
        ['created_at', t('fields.createdAt')],
      ]}
      defaultSort="-starts_on"
      columns={[
        { key: 'title', label: t('fields.title'), sortField: 'title', render: (r) => r.title },
        {
          key: 'dates',
          label: t('fields.shown'),
          sortField: 'starts_on',
          render: (r) =>
            r.ends_on
              ? t('dates', { first: day(r.starts_on), last: day(r.ends_on) })
              : t('from', { first: day(r.starts_on) }),
        },
        { key: 'grades', label: t('fields.grades'), render: (r) => gradesText(r.grades) },
        {
          key: 'body',
          label: t('fields.body'),
          render: (r) => (r.body.length > 120 ? `${r.body.slice(0, 119)}…` : r.body),
        },
      ]}
      words={{
        ...titledWords,
        caption: tc('sections.announcements'),
        what: (r) => r.title,
      }}
      csv={{
        fileName: te('fileNames.announcements'),
        header: [
          te('columns.title'),
          te('columns.titleEs'),
          te('columns.firstDay'),
          te('columns.lastDay'),
          te('columns.grades'),
          te('columns.body'),
          te('columns.bodyEs'),
        ],
        row: (r) => [
          r.title,
          r.title_es ?? '',
          r.starts_on,
          r.ends_on ?? '',
          gradesText(r.grades),
          r.body,
          r.body_es ?? '',
        ],
      }}
      form={(args) => <AnnouncementForm {...args} today={today} />}
    />
  );
}
