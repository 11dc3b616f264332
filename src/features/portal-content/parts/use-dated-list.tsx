/**
 * What the lists of dated content share: the school's clock and day, the list of meetings or events by when they start
 * with its From and To dates, and the words of a list whose records have a title.
 */

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchoolTimeZone } from '../../../api/school-time-zone';
import { schoolDayOf } from '../../../ui/school-clock';
import type { ContentScreenProps } from './content-screen';
import type { Column } from './content-table';
import { DateRangeFilter, dateRangeFilter } from './date-range-filter';

/** The sections whose records have a title. */
export type TitledSection = 'announcements' | 'events' | 'meetings';

/** A list's words, but its caption and how a record is named in a sentence. */
export function useTitledWords<R extends { title: string }>(section: TitledSection) {
  const { t } = useTranslation('portal-content', { keyPrefix: section });
  return {
    searchLabel: t('search'),
    add: t('add'),
    empty: t('empty'),
    addTitle: t('addTitle'),
    editTitle: (r: R) => t('editTitle', { title: r.title }),
    deleteTitle: t('deleteTitle'),
    deleteBody: (r: R) => t('deleteBody', { title: r.title }),
    deleted: (r: R) => t('deleted', { title: r.title }),
  };
}

/**
 * The school's time zone and today there, a list by when its records start, filtered by From and To, and its title
 * and when columns (the when column's text given).
 */
export function useDatedList<R extends { id: string; title: string }, C>(section: 'events' | 'meetings') {
  const { t } = useTranslation('portal-content', { keyPrefix: section });
  const timeZone = useSchoolTimeZone();
  const today = schoolDayOf(Date.now(), timeZone);
  const list = {
    sorts: [
      ['starts_at', t('fields.startsAt')],
      ['title', t('fields.title')],
    ],
    defaultSort: '-starts_at',
    filter: dateRangeFilter,
    filters: (state) => <DateRangeFilter state={state} />,
  } satisfies Partial<ContentScreenProps<R, C>>;
  const titleColumn: Column<R> = { key: 'title', label: t('fields.title'), sortField: 'title', render: (r) => r.title };
  const whenColumn = (render: (record: R) => ReactNode): Column<R> => ({
    key: 'when',
    label: t('fields.when'),
    sortField: 'starts_at',
    render,
  });
  return { timeZone, today, list, titleColumn, whenColumn };
}
