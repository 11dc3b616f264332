/**
 * Group Meetings (/portal-content/group-meetings): the meetings the portal's This Week shows, with
 * when on the school's clock, where or the Meet link, who leads and for which grades; filtered by the days they start.
 */
import { Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { GroupMeetingCreate, GroupMeetingRecord } from '../../../contract';
import { groupMeetingsApi } from '../api/portal-content-api';
import { ContentScreen } from '../parts/content-screen';
import { useGradesText } from '../parts/grades-field';
import { useDatedList, useTitledWords } from '../parts/use-dated-list';
import { whenText } from '../parts/when-text';
import { MeetingForm } from './meeting-form';

export interface GroupMeetingsPageProps {
  permissions: readonly string[];
}

/** The screen. */
export default function GroupMeetingsPage({ permissions }: GroupMeetingsPageProps) {
  const { t, i18n } = useTranslation('portal-content', { keyPrefix: 'meetings' });
  const { t: tc } = useTranslation();
  const { t: te } = useTranslation('exports', { keyPrefix: 'content' });
  const { timeZone, today, list, titleColumn, whenColumn } = useDatedList<GroupMeetingRecord, GroupMeetingCreate>(
    'meetings',
  );
  const titledWords = useTitledWords<GroupMeetingRecord>('meetings');
  const gradesText = useGradesText();
  return (
    <ContentScreen<GroupMeetingRecord, GroupMeetingCreate>
      title={tc('sections.groupMeetings')}
      intro={t('intro')}
      permissions={permissions}
      api={groupMeetingsApi}
      {...list}
      columns={[
        titleColumn,
        whenColumn((r) => whenText(r.starts_at, r.ends_at, false, timeZone, i18n.language)),
        {
          key: 'where',
          label: t('fields.where'),
          render: (r) =>
            !r.place && !r.meet_url ? (
              '–'
            ) : (
              <>
                {r.place}
                {r.place && r.meet_url && ' · '}
                {r.meet_url && (
                  <Link href={r.meet_url} target="_blank" rel="noopener noreferrer" colorPalette="primary">
                    {t('meetLink')}
                  </Link>
                )}
              </>
            ),
        },
        { key: 'leader', label: t('fields.leader'), render: (r) => r.leader ?? '–' },
        { key: 'grades', label: t('fields.grades'), render: (r) => gradesText(r.grades) },
      ]}
      words={{
        ...titledWords,
        caption: tc('sections.groupMeetings'),
        what: (r) => `${r.title}, ${whenText(r.starts_at, r.ends_at, false, timeZone, i18n.language)}`,
      }}
      csv={{
        fileName: te('fileNames.meetings'),
        header: [
          te('columns.title'),
          te('columns.when'),
          te('columns.place'),
          te('columns.meetUrl'),
          te('columns.leader'),
          te('columns.grades'),
        ],
        row: (r) => [
          r.title,
          whenText(r.starts_at, r.ends_at, false, timeZone, i18n.language),
          r.place ?? '',
          r.meet_url ?? '',
          r.leader ?? '',
          gradesText(r.grades),
        ],
      }}
      form={(args) => <MeetingForm {...args} timeZone={timeZone} today={today} />}
    />
  );
}
