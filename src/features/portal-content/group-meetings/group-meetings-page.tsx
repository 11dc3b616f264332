/**
 * Group Meetings (/portal-content/group-meetings, issue P1 item 9): the meetings the portal's This Week shows, with
 * when on the school's clock, where or the Meet link, who leads and for which grades; filtered by the days they start.
 */
import { Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSchoolTimeZone } from '../../../api/school-time-zone';
import type { GroupMeetingCreate, GroupMeetingRecord } from '../../../contract';
import { schoolDayOf } from '../../../ui/school-clock';
import { groupMeetingsApi } from '../api/portal-content-api';
import { ContentScreen } from '../parts/content-screen';
import { DateRangeFilter, dateRangeFilter } from '../parts/date-range-filter';
import { useGradesText } from '../parts/grades-field';
import { whenText } from '../parts/when-text';
import { MeetingForm } from './meeting-form';

export interface GroupMeetingsPageProps {
  permissions: readonly string[];
}

/** The screen. */
export default function GroupMeetingsPage({ permissions }: GroupMeetingsPageProps) {
  const { t, i18n } = useTranslation('portal-content', { keyPrefix: 'meetings' });
  const { t: tc } = useTranslation();
  const timeZone = useSchoolTimeZone();
  const today = schoolDayOf(Date.now(), timeZone);
  const gradesText = useGradesText();
  return (
    <ContentScreen<GroupMeetingRecord, GroupMeetingCreate>
      title={tc('sections.groupMeetings')}
      intro={t('intro')}
      permissions={permissions}
      api={groupMeetingsApi}
      sorts={[
        ['starts_at', t('fields.startsAt')],
        ['title', t('fields.title')],
      ]}
      defaultSort="-starts_at"
      filter={dateRangeFilter}
      filters={(state) => <DateRangeFilter state={state} />}
      columns={[
        { key: 'title', label: t('fields.title'), sortField: 'title', render: (r) => r.title },
        {
          key: 'when',
          label: t('fields.when'),
          sortField: 'starts_at',
          render: (r) => whenText(r.starts_at, r.ends_at, false, timeZone, i18n.language),
        },
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
        searchLabel: t('search'),
        add: t('add'),
        empty: t('empty'),
        caption: tc('sections.groupMeetings'),
        addTitle: t('addTitle'),
        editTitle: (r) => t('editTitle', { title: r.title }),
        deleteTitle: t('deleteTitle'),
        deleteBody: (r) => t('deleteBody', { title: r.title }),
        deleted: (r) => t('deleted', { title: r.title }),
        what: (r) => `${r.title}, ${whenText(r.starts_at, r.ends_at, false, timeZone, i18n.language)}`,
      }}
      form={(args) => <MeetingForm {...args} timeZone={timeZone} today={today} />}
    />
  );
}
