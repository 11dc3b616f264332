/**
 * One side's links: a guardian's scholars or a scholar's guardians, each with the relationship and whether they may
 * pick up, Change (a dialog) and Unlink (a confirmation). On a scholar's page each guardian links to their own page.
 * Loading, empty, offline and error states come with the list.
 */
import { Badge, Button, Card, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { GuardianshipRecord } from '../../../contract/guardians';
import { type QueryLike, QueryState } from '../../../ui/data/query-state';
import { ChangeLinkDialog } from './change-link-dialog';
import { useRelationshipText } from './link-fields';
import { UnlinkDialog } from './unlink-dialog';

export interface LinkListProps {
  /** Whose page it is: a guardian's lists their scholars, a scholar's their guardians. */
  side: 'guardian' | 'scholar';
  query: QueryLike & { data?: { data: GuardianshipRecord[] } };
  /** Whether Change (guardianships-update) and Unlink (guardianships-delete) are offered. */
  may: { update: boolean; delete: boolean };
}

/** The list. */
export function LinkList({ side, query, may }: LinkListProps) {
  const { t } = useTranslation('guardians');
  const [changing, setChanging] = useState<GuardianshipRecord | null>(null);
  const [unlinking, setUnlinking] = useState<GuardianshipRecord | null>(null);
  const links = query.data?.data ?? [];
  return (
    <>
      <QueryState
        query={query}
        isEmpty={links.length === 0}
        emptyText={side === 'guardian' ? t('links.noScholars') : t('links.noGuardians')}
        offlineText={t('needsConnection')}
      >
        <Stack as="ul" gap="2" listStyleType="none" p="0" m="0">
          {links.map((link) => (
            <LinkCard
              key={link.id}
              link={link}
              side={side}
              onChange={may.update ? () => setChanging(link) : undefined}
              onUnlink={may.delete ? () => setUnlinking(link) : undefined}
            />
          ))}
        </Stack>
      </QueryState>
      <ChangeLinkDialog link={changing} onClose={() => setChanging(null)} />
      <UnlinkDialog link={unlinking} onClose={() => setUnlinking(null)} />
    </>
  );
}

function LinkCard({
  link,
  side,
  onChange,
  onUnlink,
}: {
  link: GuardianshipRecord;
  side: LinkListProps['side'];
  onChange?: () => void;
  onUnlink?: () => void;
}) {
  const { t } = useTranslation('guardians');
  const relationship = useRelationshipText();
  const name = side === 'guardian' ? link.scholar_name : link.guardian_name;
  return (
    <Card.Root as="li" size="sm" variant="outline">
      <Card.Body gap="2">
        <Stack gap="0.5">
          {side === 'scholar' ? (
            <Link asChild fontWeight="semibold" color="primary.fg">
              <RouterLink to={`/admin/guardians/${link.parent_id}`} aria-label={t('links.openGuardian', { name })}>
                {name}
              </RouterLink>
            </Link>
          ) : (
            <Text fontWeight="semibold">{name}</Text>
          )}
          <HStack gap="2" wrap="wrap" fontSize="sm">
            <Text>{relationship(link.relationship)}</Text>
            {side === 'guardian' && link.scholar_grade && (
              <Text color="fg.muted">{t('links.grade', { grade: link.scholar_grade })}</Text>
            )}
            {side === 'scholar' && link.guardian_phone && <Text color="fg.muted">{link.guardian_phone}</Text>}
            <Badge colorPalette={link.may_pick_up ? 'green' : 'gray'} variant="subtle">
              {link.may_pick_up ? t('links.picksUp') : t('links.noPickUp')}
            </Badge>
          </HStack>
        </Stack>
        {(onChange || onUnlink) && (
          <HStack gap="2" wrap="wrap">
            {onChange && (
              <Button
                size="sm"
                variant="outline"
                minH="10"
                onClick={onChange}
                aria-label={t('links.changeFor', { name })}
              >
                {t('links.change')}
              </Button>
            )}
            {onUnlink && (
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                minH="10"
                onClick={onUnlink}
                aria-label={t('links.unlinkFor', { name })}
              >
                {t('links.unlink')}
              </Button>
            )}
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
