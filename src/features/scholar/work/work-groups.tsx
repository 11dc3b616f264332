/**
 * A work list grouped by day: Today, Tomorrow, then Monday to Friday of the school week by name,
 * then Later (or Earlier), and work without a due date last. The grouping is the contract's (`groupWork`), the same
 * rules the server lists with; each group is a section with its heading and its items.
 */
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { WorkItem } from '../../../contract/scholar-work';
import { groupWork, type WorkGroup, type WorkListType } from '../../../contract/work-lists';
import { formatShortDay, isoWeekdayOf, useLocale, weekdayName } from '../layout/portal-format';
import { ItemList } from '../layout/portal-screen';
import { WorkItemRow } from './work-item';

export interface WorkGroupsProps {
  items: readonly WorkItem[];
  type: WorkListType;
  /** The school's date the list is grouped around. */
  today: string;
  timeZone: string;
  /** The names of a parent's children, by id, to say whose each item is (the combined list). */
  scholarNames?: ReadonlyMap<string, string>;
}

/** A group's heading: 'Today', 'Tomorrow', 'Monday', 'Later', 'Earlier', 'No due date'. */
export function useGroupTitle(): (group: Pick<WorkGroup<unknown>, 'kind' | 'date'>) => string {
  const { t } = useTranslation('portal-work');
  const locale = useLocale();
  return (group) => {
    switch (group.kind) {
      case 'today':
        return t('groups.today');
      case 'tomorrow':
        return t('groups.tomorrow');
      case 'weekday':
        return weekdayName(isoWeekdayOf(group.date as string), locale);
      case 'later':
        return t('groups.later');
      case 'earlier':
        return t('groups.earlier');
      case 'no_date':
        return t('groups.noDueDate');
    }
  };
}

/** The groups, each a section headed by its day (with the date beside it for a named day). */
export function WorkGroups({ items, type, today, timeZone, scholarNames }: WorkGroupsProps) {
  const locale = useLocale();
  const titleOf = useGroupTitle();
  const idPrefix = scholarNames ? 'combined' : type;
  return (
    <Stack gap="5">
      {groupWork(items, type, { today, timeZone }).map((group) => {
        const id = `work-${idPrefix}-${group.key}`;
        return (
          <Stack as="section" key={group.key} gap="2" aria-labelledby={id}>
            <Heading as="h2" size="md" id={id}>
              {titleOf(group)}
              {group.date && ' '}
              {group.date && (
                <Text as="span" fontWeight="normal" color="fg.muted" fontSize="sm" ms="1">
                  {formatShortDay(group.date, locale)}
                </Text>
              )}
            </Heading>
            <ItemList>
              {group.items.map((item) => (
                <WorkItemRow
                  key={item.id}
                  item={item}
                  type={type}
                  timeZone={timeZone}
                  scholarName={scholarNames?.get(item.scholar_id)}
                />
              ))}
            </ItemList>
          </Stack>
        );
      })}
    </Stack>
  );
}
