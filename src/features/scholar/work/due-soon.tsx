/**
 * Home's work (filled by P2): what the chosen scholar has due today and tomorrow and not turned in,
 * from the same Current Work answer as the list (one call, one copy on the device), with the way to the whole list.
 */
import { Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { WorkListResponse } from '../../../contract/scholar-work';
import { groupWork } from '../../../contract/work-lists';
import { QueryState } from '../../../ui/data/query-state';
import { usePortalQuery } from '../data/use-portal-query';
import { ItemList } from '../layout/portal-screen';
import { usePortal } from '../portal-context';
import { shownWork } from './model/shown-work';
import { WorkItemRow } from './work-item';
import { workListPath } from './work-paths';

/** Today's and tomorrow's work, each a section of Home. */
export function DueSoon() {
  const { t } = useTranslation('portal-work');
  const { userId, scholar } = usePortal();
  const query = usePortalQuery<WorkListResponse>(userId, workListPath(scholar.id, 'current'));
  const answer = query.data;
  const shown = answer ? shownWork(answer.data, 'current', answer.fromDevice, Date.now()) : null;
  const groups = shown ? groupWork(shown.items, 'current', shown) : [];
  const parts = [
    { kind: 'today', title: t('home.dueToday'), empty: t('home.noneToday') },
    { kind: 'tomorrow', title: t('home.dueTomorrow'), empty: t('home.noneTomorrow') },
  ] as const;
  return (
    <QueryState query={query} isEmpty={false} emptyText="" skeletonRows={2}>
      {shown && (
        <Stack gap="5">
          {parts.map((part) => {
            const items = groups.find((g) => g.kind === part.kind)?.items ?? [];
            const id = `home-work-${part.kind}`;
            return (
              <Stack as="section" key={part.kind} gap="2" aria-labelledby={id}>
                <Heading as="h2" size="md" id={id}>
                  {part.title}
                </Heading>
                {items.length === 0 ? (
                  <Text color="fg.muted">{part.empty}</Text>
                ) : (
                  <ItemList>
                    {items.map((item) => (
                      <WorkItemRow key={item.id} item={item} type="current" timeZone={shown.timeZone} />
                    ))}
                  </ItemList>
                )}
              </Stack>
            );
          })}
          <Link asChild colorPalette="primary" color="colorPalette.fg" textDecoration="underline" alignSelf="start">
            <RouterLink to="work/current">{t('home.allWork')}</RouterLink>
          </Link>
        </Stack>
      )}
    </QueryState>
  );
}
