/**
 * The scholar's authorized pick-up adults, read only: name, relationship, phone and whether they may pick up; the
 * pick-up screens edit them (a link there, for those who may).
 */
import { Badge, Heading, HStack, Link, List, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { QueryState } from '../../../ui/data/query-state';
import { pickUpsQueryOptions } from '../api/scholars';

export function PickUpsSection({ scholarId, canEdit }: { scholarId: string; canEdit: boolean }) {
  const { t } = useTranslation('scholars');
  const adults = useQuery(pickUpsQueryOptions(scholarId));
  const rows = adults.data?.data ?? [];
  return (
    <Stack as="section" aria-labelledby="scholar-pick-ups" gap="3">
      <Heading as="h2" size="md" id="scholar-pick-ups">
        {t('pickUps.title')}
      </Heading>
      <QueryState
        query={adults}
        isEmpty={rows.length === 0}
        emptyText={t('pickUps.none')}
        offlineText={t('page.offline')}
        skeletonRows={2}
      >
        <List.Root gap="2" variant="plain">
          {rows.map((a) => (
            <List.Item key={a.id} borderWidth="1px" rounded="md" p="3" display="block">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="medium">{a.full_name}</Text>
                <Badge colorPalette={a.status === 'authorized' ? 'green' : 'red'}>
                  {t(`pickUps.status.${a.status}`)}
                </Badge>
                {!a.active && <Badge>{t('pickUps.inactive')}</Badge>}
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {[a.relationship, a.phone].filter(Boolean).join(' · ')}
              </Text>
            </List.Item>
          ))}
        </List.Root>
      </QueryState>
      {canEdit && (
        <Link asChild color="primary.fg" alignSelf="flex-start" minH="10">
          <RouterLink to={`/sign-out/edit-authorized-pick-ups?scholar=${scholarId}`}>{t('pickUps.edit')}</RouterLink>
        </Link>
      )}
    </Stack>
  );
}
