/**
 * Home: the chosen scholar's day at a glance: whether they checked in, their classes and group
 * meetings today, the work due today and tomorrow, and the school's announcements (in Spanish for a
 * Spanish reader when the school wrote them in Spanish too).
 */
import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalHomeResponse } from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { useSchoolWords } from '../../../ui/school-words';
import { usePortalQuery } from '../data/use-portal-query';
import { AsOfNotice } from '../layout/as-of-notice';
import { formatLongDay, useLocale } from '../layout/portal-format';
import { ItemList, PortalScreen } from '../layout/portal-screen';
import { usePortal } from '../portal-context';
import { ClassItem } from '../schedule/class-item';
import { MeetingItem } from '../this-week/meeting-item';
import { DueSoon } from '../work/due-soon';
import { CheckInStatus } from './check-in-status';

function Part({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Stack as="section" gap="2" aria-labelledby={id}>
      <Heading as="h2" size="md" id={id}>
        {title}
      </Heading>
      {empty ? <Text color="fg.muted">{empty}</Text> : children}
    </Stack>
  );
}

/** The screen. */
export default function HomePage() {
  const { t } = useTranslation('portal');
  const { t: tc } = useTranslation();
  const locale = useLocale();
  const words = useSchoolWords();
  const { userId, scholar, today, timeZone } = usePortal();
  const query = usePortalQuery<PortalHomeResponse>(userId, `v2/scholar/scholars/${scholar.id}/home?date=${today}`);
  const home = query.data?.data;
  return (
    <PortalScreen title={tc('sections.home')} subtitle={t('home.today', { date: formatLongDay(today, locale) })}>
      <AsOfNotice fetchedAt={query.data?.fetchedAt} fromDevice={query.data?.fromDevice} />
      <QueryState query={query} isEmpty={false} emptyText="">
        {home && (
          <Stack gap="5">
            <CheckInStatus arrival={home.arrival} timeZone={timeZone} />
            <DueSoon />
            <Part id="home-classes" title={t('home.classes')} empty={home.classes.length ? null : t('home.noClasses')}>
              <ItemList variant="rows">
                {home.classes.map((c) => (
                  <ClassItem key={`${c.course_id}-${c.start_time}`} item={c} />
                ))}
              </ItemList>
            </Part>
            <Part
              id="home-meetings"
              title={t('home.meetings')}
              empty={home.meetings.length ? null : t('home.noMeetings')}
            >
              <ItemList variant="rows">
                {home.meetings.map((m) => (
                  <MeetingItem key={m.id} meeting={m} timeZone={timeZone} />
                ))}
              </ItemList>
            </Part>
            <Part
              id="home-announcements"
              title={t('home.announcements')}
              empty={home.announcements.length ? null : t('home.noAnnouncements')}
            >
              <ItemList>
                {home.announcements.map((a) => (
                  <Stack as="li" key={a.id} gap="1" borderWidth="1px" borderRadius="md" p="3">
                    <Heading as="h3" size="sm">
                      {words.text(a.title, a.title_es)}
                    </Heading>
                    <Text whiteSpace="pre-wrap">{words.text(a.body, a.body_es)}</Text>
                  </Stack>
                ))}
              </ItemList>
            </Part>
          </Stack>
        )}
      </QueryState>
    </PortalScreen>
  );
}
