/**
 * Who is on duty now, prominently, for the front office looking for a messenger: photo, name, post and time; or,
 * when nobody is, who comes next today.
 */
import { Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord, MessengerScheduleRecord } from '../../../contract';
import { formatClock, nextDutyToday, onDutyNow } from '../model/week';
import { ScholarAvatar } from './scholar-avatar';

export interface OnDutyCardProps {
  duties: readonly MessengerScheduleRecord[];
  scholars: ReadonlyMap<string, DemographicRecord>;
  weekday: number;
  minutes: number;
}

/** The name of a duty's scholar, or that the scholar is not on this device. */
export function useScholarName(scholars: ReadonlyMap<string, DemographicRecord>) {
  const { t } = useTranslation('messenger');
  return (id: string) => {
    const scholar = scholars.get(id);
    return scholar ? `${scholar.nickname || scholar.fname} ${scholar.lname}` : t('unknownScholar');
  };
}

/** The on-duty card. */
export function OnDutyCard({ duties, scholars, weekday, minutes }: OnDutyCardProps) {
  const { t, i18n } = useTranslation('messenger');
  const nameOf = useScholarName(scholars);
  const headingId = useId();
  const now = onDutyNow(duties, weekday, minutes);
  const next = now.length === 0 ? nextDutyToday(duties, weekday, minutes) : undefined;
  const time = (hhmm: string) => formatClock(hhmm, i18n.language);
  return (
    <Card.Root as="section" aria-labelledby={headingId} borderWidth="2px" borderColor="primary.solid">
      <Card.Body gap="4">
        <Heading id={headingId} as="h2" size="lg">
          {t('onDutyNow')}
        </Heading>
        {now.length === 0 ? (
          <Stack gap="1">
            <Text fontSize="lg">{t('nobodyOnDuty')}</Text>
            {next && (
              <Text color="fg.muted">
                {t('nextDuty', { name: nameOf(next.scholar_id), time: time(next.start_time), post: next.post })}
              </Text>
            )}
          </Stack>
        ) : (
          <Stack as="ul" gap="4" listStyleType="none" p="0" m="0">
            {now.map((duty) => (
              <HStack as="li" key={duty.id} gap="4">
                <ScholarAvatar
                  name={nameOf(duty.scholar_id)}
                  photoId={scholars.get(duty.scholar_id)?.photo_id ?? null}
                  size="2xl"
                />
                <Stack gap="0">
                  <Text fontSize="2xl" fontWeight="bold">
                    {nameOf(duty.scholar_id)}
                  </Text>
                  <Text fontSize="xl">{duty.post}</Text>
                  <Text color="fg.muted">
                    {t('timeRange', { start: time(duty.start_time), end: time(duty.end_time) })}
                  </Text>
                </Stack>
              </HStack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
