/** One list of the chosen scholar's work (`GET v2/scholar/scholars/:id/work?type=`), kept on the device. */
import { useTranslation } from 'react-i18next';
import type { WorkListResponse } from '../../../contract/scholar-work';
import type { WorkListType } from '../../../contract/work-lists';
import { usePortalQuery } from '../data/use-portal-query';
import { usePortal } from '../portal-context';
import { usePageParam, withPage } from './use-page-param';
import { WorkListBody } from './work-list-body';
import { workListPath } from './work-paths';

export interface ScholarWorkListProps {
  type: WorkListType;
  /** The key of the list's empty state in portal-work. */
  emptyKey: string;
}

/** The list. */
export function ScholarWorkList({ type, emptyKey }: ScholarWorkListProps) {
  const { t } = useTranslation('portal-work');
  const { userId, scholar } = usePortal();
  const [page, setPage] = usePageParam();
  const query = usePortalQuery<WorkListResponse>(userId, withPage(workListPath(scholar.id, type), page));
  return (
    <WorkListBody query={query} type={type} emptyText={t(emptyKey as 'empty.noWork')} page={page} onPage={setPage} />
  );
}
