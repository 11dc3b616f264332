/**
 * A parent's one list of the missing and overdue work of all their children (issue P2 item 6,
 * `GET v2/scholar/work/overdue`), grouped by day like Overdue Work, each item saying whose it is.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CombinedOverdueResponse } from '../../../contract/scholar-work';
import { usePortalQuery } from '../data/use-portal-query';
import { scholarName } from '../layout/portal-format';
import { usePortal } from '../portal-context';
import { usePageParam, withPage } from './use-page-param';
import { WorkListBody } from './work-list-body';
import { COMBINED_OVERDUE_PATH } from './work-paths';

/** The list. */
export function CombinedOverdue() {
  const { t } = useTranslation('portal-work');
  const { userId, scholars } = usePortal();
  const [page, setPage] = usePageParam();
  const query = usePortalQuery<CombinedOverdueResponse>(userId, withPage(COMBINED_OVERDUE_PATH, page));
  const answered = query.data?.data.scholars;
  // The answer names every child; the portal's own list covers an answer kept before a child was added.
  const names = useMemo(
    () => new Map([...scholars, ...(answered ?? [])].map((s) => [s.id, scholarName(s)] as const)),
    [scholars, answered],
  );
  return (
    <WorkListBody
      query={query}
      type="overdue"
      emptyText={t('empty.upToDate')}
      scholarNames={names}
      page={page}
      onPage={setPage}
    />
  );
}
