/**
 * One grade and homeroom of View Who Ate: its counts, then who ate (with the time served, and "Added later" for a
 * meal entered afterwards) and who did not, each with their photo. Never the eligibility category.
 */
import { Badge, Box, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import { useSchoolWords } from '../../../ui/school-words';
import { scholarName } from '../records/model/scholars';
import { formatTime } from '../records/model/school-day';
import type { Ate, WhoAteGroup as Group, WhoAteCounts } from './model/who-ate';
import { ScholarPhoto } from './scholar-photo';

/** "12 ate, 8 did not, 20 in all", with a badge per number. */
export function CountsLine({ counts }: { counts: WhoAteCounts }) {
  const { t } = useTranslation('meal-records');
  return (
    <HStack gap="2" wrap="wrap">
      <Text srOnly>{t('whoAte.counts', { ...counts })}</Text>
      <Badge aria-hidden="true" colorPalette="green" size="lg">{`${t('whoAte.ate')}: ${counts.ate}`}</Badge>
      <Badge aria-hidden="true" colorPalette="orange" size="lg">{`${t('whoAte.didNotEat')}: ${counts.notAte}`}</Badge>
      <Badge aria-hidden="true" size="lg">{`${t('whoAte.total')}: ${counts.total}`}</Badge>
    </HStack>
  );
}

function Person({ scholar, children }: { scholar: DemographicRecord; children?: React.ReactNode }) {
  const name = scholarName(scholar);
  return (
    <HStack as="li" gap="3" py="1">
      <ScholarPhoto name={name} photoId={scholar.photo_id} />
      <Box>
        <Text fontWeight="medium">{name}</Text>
        {children}
      </Box>
    </HStack>
  );
}

function AteItem({ entry, timeZone }: { entry: Ate; timeZone: string }) {
  const { t, i18n } = useTranslation('meal-records');
  return (
    <Person scholar={entry.scholar}>
      <Text fontSize="sm" color="fg.muted">
        {t('whoAte.servedAt', { time: formatTime(entry.record.served_at, timeZone, i18n.language) })}
        {entry.record.added_as_missing && ` · ${t('whoAte.addedLater')}`}
      </Text>
    </Person>
  );
}

/** A group's section. */
export function WhoAteGroupSection({ group, timeZone }: { group: Group; timeZone: string }) {
  const { t } = useTranslation('meal-records');
  const words = useSchoolWords();
  const title = t('whoAte.group', {
    grade: group.grade,
    homeroom: group.homeroom ? words.homeroom(group.homeroom) : t('whoAte.noHomeroom'),
  });
  return (
    <Stack as="section" aria-label={title} gap="3" borderWidth="1px" rounded="md" p="4">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <CountsLine counts={group.counts} />
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Stack gap="1">
          <Heading as="h3" size="sm">
            {t('whoAte.ate')}
          </Heading>
          {group.ate.length ? (
            <Stack as="ul" aria-label={`${title}: ${t('whoAte.ate')}`} gap="0" listStyleType="none">
              {group.ate.map((entry) => (
                <AteItem key={entry.scholar.id} entry={entry} timeZone={timeZone} />
              ))}
            </Stack>
          ) : (
            <Text color="fg.muted">{t('whoAte.noneAte')}</Text>
          )}
        </Stack>
        <Stack gap="1">
          <Heading as="h3" size="sm">
            {t('whoAte.didNotEat')}
          </Heading>
          {group.notAte.length ? (
            <Stack as="ul" aria-label={`${title}: ${t('whoAte.didNotEat')}`} gap="0" listStyleType="none">
              {group.notAte.map((scholar) => (
                <Person key={scholar.id} scholar={scholar} />
              ))}
            </Stack>
          ) : (
            <Text color="fg.muted">{t('whoAte.allAte')}</Text>
          )}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
