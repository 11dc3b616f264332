/**
 * Classes (/portal-content/classes): the courses of the portal's Schedule, each with its teacher,
 * room, Meet link, the grades that take it and its weekly sessions on the school's clock.
 */
import { Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { CourseCreate, CourseRecord } from '../../../contract';
import { coursesApi } from '../api/portal-content-api';
import { isoWeekdayName } from '../model/weekdays';
import { ContentScreen } from '../parts/content-screen';
import { useGradesText } from '../parts/grades-field';
import { ClassForm } from './class-form';

export interface ClassesPageProps {
  permissions: readonly string[];
}

/** The screen. */
export default function ClassesPage({ permissions }: ClassesPageProps) {
  const { t, i18n } = useTranslation('portal-content', { keyPrefix: 'classes' });
  const { t: tc } = useTranslation();
  const { t: te } = useTranslation('exports', { keyPrefix: 'content' });
  const gradesText = useGradesText();
  const sessionsText = (r: CourseRecord) =>
    r.sessions.length === 0
      ? t('noSessions')
      : [...r.sessions]
          .sort((a, b) => a.weekday - b.weekday || a.start_time.localeCompare(b.start_time))
          .map(
            (s) =>
              `${isoWeekdayName(s.weekday, i18n.language, 'short')} ${s.start_time.slice(0, 5)}–${s.end_time.slice(0, 5)}`,
          )
          .join(', ');
  return (
    <ContentScreen<CourseRecord, CourseCreate>
      title={tc('sections.classes')}
      intro={t('intro')}
      permissions={permissions}
      api={coursesApi}
      sorts={[
        ['name', t('fields.name')],
        ['teacher', t('fields.teacher')],
        ['room', t('fields.room')],
      ]}
      defaultSort="name"
      columns={[
        { key: 'name', label: t('fields.name'), sortField: 'name', render: (r) => r.name },
        { key: 'teacher', label: t('fields.teacher'), sortField: 'teacher', render: (r) => r.teacher ?? '–' },
        {
          key: 'room',
          label: t('fields.room'),
          sortField: 'room',
          render: (r) =>
            r.meet_url ? (
              <>
                {r.room && `${r.room} · `}
                <Link href={r.meet_url} target="_blank" rel="noopener noreferrer" colorPalette="primary">
                  {t('meetLink')}
                </Link>
              </>
            ) : (
              (r.room ?? '–')
            ),
        },
        { key: 'sessions', label: t('fields.sessions'), render: sessionsText },
        { key: 'grades', label: t('fields.grades'), render: (r) => gradesText(r.grades) },
      ]}
      words={{
        searchLabel: t('search'),
        add: t('add'),
        empty: t('empty'),
        caption: tc('sections.classes'),
        addTitle: t('addTitle'),
        editTitle: (r) => t('editTitle', { name: r.name }),
        deleteTitle: t('deleteTitle'),
        deleteBody: (r) => t('deleteBody', { name: r.name }),
        deleted: (r) => t('deleted', { name: r.name }),
        what: (r) => r.name,
      }}
      csv={{
        fileName: te('fileNames.classes'),
        header: [
          te('columns.name'),
          te('columns.teacher'),
          te('columns.room'),
          te('columns.meetUrl'),
          te('columns.sessions'),
          te('columns.grades'),
        ],
        row: (r) => [r.name, r.teacher ?? '', r.room ?? '', r.meet_url ?? '', sessionsText(r), gradesText(r.grades)],
      }}
      form={(args) => <ClassForm {...args} />}
    />
  );
}
