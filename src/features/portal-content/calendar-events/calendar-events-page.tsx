/**
 * Calendar Events (/portal-content/calendar-events): the school calendar the portal shows, all-day or
 * timed on the school's clock, each with its color; filtered by the days they start.
 */
import { Badge, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type CalendarEventCreate, type CalendarEventRecord, EVENT_COLORS } from '../../../contract';
import { calendarEventsApi } from '../api/portal-content-api';
import { ContentScreen } from '../parts/content-screen';
import { useDatedList, useTitledWords } from '../parts/use-dated-list';
import { whenText } from '../parts/when-text';
import { EventForm } from './event-form';

export interface CalendarEventsPageProps {
  permissions: readonly string[];
}

/** The screen. */
export default function CalendarEventsPage({ permissions }: CalendarEventsPageProps) {
  const { t, i18n } = useTranslation('portal-content', { keyPrefix: 'events' });
  const { t: tc } = useTranslation();
  const { t: te } = useTranslation('exports', { keyPrefix: 'content' });
  const { timeZone, today, list, titleColumn, whenColumn } = useDatedList<CalendarEventRecord, CalendarEventCreate>(
    'events',
  );
  const titledWords = useTitledWords<CalendarEventRecord>('events');
  const when = (r: CalendarEventRecord) => whenText(r.starts_at, r.ends_at, r.all_day, timeZone, i18n.language);
  const colorName = (color: string) =>
    (EVENT_COLORS as readonly string[]).includes(color) ? t(`colors.${color as (typeof EVENT_COLORS)[number]}`) : color;
  return (
    <ContentScreen<CalendarEventRecord, CalendarEventCreate>
      title={tc('sections.calendarEvents')}
      intro={t('intro')}
      permissions={permissions}
      api={calendarEventsApi}
      {...list}
      columns={[
        titleColumn,
        whenColumn((r) => (
          <HStack as="span" gap="2" wrap="wrap" display="inline-flex">
            <span>{when(r)}</span>
            {r.all_day && <Badge variant="subtle">{t('allDay')}</Badge>}
          </HStack>
        )),
        {
          key: 'color',
          label: t('fields.color'),
          render: (r) => (
            <Badge colorPalette={r.color} variant="solid">
              {colorName(r.color)}
            </Badge>
          ),
        },
        {
          key: 'description',
          label: t('fields.description'),
          render: (r) => <Text as="span">{r.description ?? '–'}</Text>,
        },
      ]}
      words={{
        ...titledWords,
        caption: tc('sections.calendarEvents'),
        what: (r) => `${r.title}, ${when(r)}`,
      }}
      csv={{
        fileName: te('fileNames.events'),
        header: [
          te('columns.title'),
          te('columns.when'),
          te('columns.allDay'),
          te('columns.color'),
          te('columns.description'),
        ],
        row: (r) => [r.title, when(r), te(r.all_day ? 'yes' : 'no'), colorName(r.color), r.description ?? ''],
      }}
      form={(args) => <EventForm {...args} timeZone={timeZone} today={today} />}
    />
  );
}
