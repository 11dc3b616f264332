/**
 * The loading, offline, error (with Retry) and empty states of a report, for the pay period lookup first and then the
 * summary: QueryState (src/ui/data) with the reports' own offline words (they show what the server has, so offline
 * they need a connection rather than a sync).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type QueryLike, QueryState } from '../../../ui/data/query-state';

export interface ReportStateProps {
  /** The query the screen waits on now (the pay period's dates, then the summary). */
  query: QueryLike;
  isEmpty: boolean;
  emptyText: string;
  skeletonRows?: number;
  children: ReactNode;
}

/** QueryState with the reports' offline text. */
export function ReportState({ query, isEmpty, emptyText, skeletonRows = 6, children }: ReportStateProps) {
  const { t } = useTranslation('timesheet-reports');
  return (
    <QueryState
      query={query}
      isEmpty={isEmpty}
      emptyText={emptyText}
      offlineText={t('offline')}
      skeletonRows={skeletonRows}
    >
      {children}
    </QueryState>
  );
}
