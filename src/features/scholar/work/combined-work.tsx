/**
 * A parent's one list of all their children's missing and overdue work, or missing AutoWork
 * (`GET v2/scholar/work/{type}`), grouped by day like the child's own list, each item saying whose it is.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CombinedOverdueResponse, CombinedWorkType } from '../../../contract/scholar-work';
import { usePortalQuery } from '../data/use-portal-query';
import { scholarName } from '../layout/portal-format';
import { usePortal } from '../portal-context';
import { usePageParam, withPage } from './use-page-param';
import { WorkListBody } from './work-list-body';
import { combinedWorkPath } from './work-paths';

/** What an empty combined list says. */
const EMPTY = { overdue: 'empty.upToDate', 'missing-autowork': 'empty.noAutowork' } as const satisfies Record<
  CombinedWorkType,
  string
>;

/** The list of `type`. */
export function CombinedWork({ type }: { type: CombinedWorkType }) {
  const { t } = useTranslation('portal-work');
  const { userId, scholars } = usePortal();
  const [page, setPage] = usePageParam();
  const query = usePortalQuery<CombinedOverdueResponse>(userId, withPage(combinedWorkPath(type), page));
  const answered = query.data?.data.scholars;
  // The answer names every child; the portal's own list covers an answer kept before a child was added.
  const names = useMemo(
    () => new Map([...scholars, ...(answered ?? [])].map((s) => [s.id, scholarName(s)] as const)),
    [scholars, answered],
  );
  return (
    <WorkListBody
      query={query}
      type={type}
      emptyText={t(EMPTY[type])}
      scholarNames={names}
      page={page}
      onPage={setPage}
    />
  );
}
