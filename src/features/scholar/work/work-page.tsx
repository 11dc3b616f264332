/**
 * The work lists, one screen for the route /scholar/work/:type: Current Work, Overdue Work,
 * Missing AutoWork, Completed Work and Show Submissions of the chosen scholar, grouped by day, each with its empty
 * state in the specification's words. A parent follows the portal's scholar switcher, and on Overdue Work and Missing AutoWork may
 * show that list for all their children at once (`?children=all`). Offline the list is the device's last copy with "as of",
 * reclassified on the device's clock (work that fell due since leaves Current Work).
 */
import { EmptyState } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { COMBINED_WORK_TYPES, type CombinedWorkType } from '../../../contract/scholar-work';
import { WORK_LIST_TYPES, type WorkListType } from '../../../contract/work-lists';
import { PortalScreen } from '../layout/portal-screen';
import { usePortal } from '../portal-context';
import { CombinedWork } from './combined-work';
import { ScholarWorkList } from './scholar-work-list';
import { WhoseWork } from './whose-work';

/** Each list's title (the route table's, in the common namespace) and its empty state. */
export const WORK_LISTS = {
  current: { title: 'sections.currentWork', empty: 'empty.noWork' },
  overdue: { title: 'sections.overdueWork', empty: 'empty.noOverdue' },
  'missing-autowork': { title: 'sections.missingAutowork', empty: 'empty.noAutowork' },
  completed: { title: 'sections.completedWork', empty: 'empty.noCompleted' },
  submissions: { title: 'sections.showSubmissions', empty: 'empty.submissionsUpToDate' },
} as const satisfies Record<WorkListType, { title: string; empty: string }>;

const isCombinedType = (type: WorkListType): type is CombinedWorkType =>
  (COMBINED_WORK_TYPES as readonly string[]).includes(type);

const isWorkListType = (value: string | undefined): value is WorkListType =>
  (WORK_LIST_TYPES as readonly string[]).includes(value ?? '');

/** The address's `?children=all`: a parent's combined list on Overdue Work and Missing AutoWork. */
const ALL_CHILDREN = 'all';

/** A type the route does not know: said in place, like the portal's other messages. */
function NoSuchList() {
  const { t } = useTranslation('portal-work');
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <EmptyState.Title as="h1">{t('notFound.title')}</EmptyState.Title>
        <EmptyState.Description>{t('notFound.text')}</EmptyState.Description>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** The screen; the list is the route's `:type`. */
export default function WorkPage() {
  const { type } = useParams();
  const { t } = useTranslation();
  const { userType } = usePortal();
  const [params, setParams] = useSearchParams();
  if (!isWorkListType(type)) return <NoSuchList />;
  const canCombine = isCombinedType(type) && userType === 'parent';
  const combined = canCombine && params.get('children') === ALL_CHILDREN;
  const showAll = (all: boolean) =>
    setParams(
      (p) => {
        if (all) p.set('children', ALL_CHILDREN);
        else p.delete('children');
        return p;
      },
      { replace: true },
    );
  return (
    <PortalScreen title={t(WORK_LISTS[type].title)}>
      {canCombine && <WhoseWork all={combined} onChange={showAll} />}
      {combined && isCombinedType(type) ? (
        <CombinedWork key={type} type={type} />
      ) : (
        <ScholarWorkList key={type} type={type} emptyKey={WORK_LISTS[type].empty} />
      )}
    </PortalScreen>
  );
}
