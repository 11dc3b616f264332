/**
 * View Cumulative's table: a row per person with the pay period's worked, expected so far (with the hours expected
 * later under it) and difference, the same for the school year to date, and the hours worked by category (the pay period's, with the year's under them); a totals row
 * at the bottom. Name and both differences sort (the header's button; `aria-sort` says how). The box scrolls sideways
 * inside the page on a phone, with the names kept in view; it can be focused and scrolled from the keyboard.
 */
import { Box } from '@chakra-ui/react';
import { memo, useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimesheetCategory } from '../../../contract';
import { formatMinutes } from '../../../ui/timekeeping/hours';
import { signedMinutes } from '../reports/model/words';
import { SR_ONLY } from '../reports/sr-only';
import type { CumulativeRow, CumulativeSort, Running } from './model/cumulative-rows';

const TABLE_CSS = {
  '& table': { borderCollapse: 'separate', borderSpacing: 0, fontSize: 'sm', minWidth: 'full' },
  '& caption, & .sr': SR_ONLY,
  '& th, & td': { borderBottomWidth: '1px', borderColor: 'border', px: '2', py: '1.5', bg: 'bg', verticalAlign: 'top' },
  '& td': { position: 'relative', textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  '& thead th': { bg: 'bg.muted', fontWeight: 'semibold', textAlign: 'end' },
  '& thead th[scope="colgroup"]': { textAlign: 'center', borderLeftWidth: '1px' },
  '& [data-start]': { borderLeftWidth: '1px' },
  '& [data-name]': {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    textAlign: 'start',
    minW: { base: '8.5rem', md: '12rem' },
    maxW: { base: '9.5rem', md: '16rem' },
    borderRightWidth: '1px',
  },
  '& tfoot th, & tfoot td': { bg: 'bg.muted', fontWeight: 'semibold' },
  '& .e': { display: 'block', fontSize: 'xs', color: 'fg.muted' },
  // Hours still ahead: slanted (in the muted colour, for contrast), not a shortfall.
  '& .e[data-ahead]': { color: 'fg.muted', fontStyle: 'italic' },
  '& .ex': { display: 'block', fontSize: 'xs', color: 'fg.muted', fontWeight: 'normal' },
  '& [data-sign="under"]': { color: 'fg.error' },
  '& th button': {
    display: 'inline-flex',
    gap: '1',
    alignItems: 'center',
    minH: '8',
    fontWeight: 'semibold',
    textDecoration: 'underline',
    textUnderlineOffset: '2px',
    cursor: 'pointer',
  },
} as const;

/** The arrow of a column's order: ▲ ascending, ▼ descending, ↕ not sorted by it. */
function sortState(field: string, sort: CumulativeSort): 'ascending' | 'descending' | 'none' {
  if (sort === field) return 'ascending';
  if (sort === `-${field}`) return 'descending';
  return 'none';
}

const ARROWS = { ascending: '▲', descending: '▼', none: '↕' } as const;

interface ColumnProps {
  field: 'name' | 'period' | 'year';
  sort: CumulativeSort;
  onSort: (sort: CumulativeSort) => void;
  label: string;
  start?: boolean;
}

/** A header cell whose button sorts by its column (ascending first, then it flips). */
function SortColumn({ field, sort, onSort, label, start }: ColumnProps) {
  const state = sortState(field, sort);
  return (
    <th scope="col" aria-sort={state} data-start={start ? '' : undefined}>
      <button type="button" onClick={() => onSort((sort === field ? `-${field}` : field) as CumulativeSort)}>
        {label}
        <span aria-hidden="true" style={{ opacity: state === 'none' ? 0.5 : 1 }}>
          {ARROWS[state]}
        </span>
      </button>
    </th>
  );
}

/** A difference, marked in words (its sign) and in colour when under expected. */
function Difference({ minutes }: { minutes: number }) {
  return <td data-sign={minutes < 0 ? 'under' : undefined}>{signedMinutes(minutes)}</td>;
}

function RunningCells({
  value,
  start,
  later,
}: {
  value: Running;
  start?: boolean;
  /** The words of the hours expected later ('2:00 later'). */
  later: (hours: string) => string;
}) {
  return (
    <>
      <td data-start={start ? '' : undefined}>{formatMinutes(value.worked)}</td>
      <td>
        {formatMinutes(value.expected)}
        {value.ahead > 0 && (
          <span className="e" data-ahead="">
            {' '}
            {later(formatMinutes(value.ahead))}
          </span>
        )}
      </td>
      <Difference minutes={value.difference} />
    </>
  );
}

interface RowProps {
  row: Pick<CumulativeRow, 'period' | 'year'> & { userId?: string; name: string; exempt?: boolean };
  categories: readonly TimesheetCategory[];
  yearWord: string;
  exemptWord: string;
  later: (hours: string) => string;
}

const Row = memo(function Row({ row, categories, yearWord, exemptWord, later }: RowProps) {
  return (
    <tr data-user={row.userId}>
      <th scope="row" data-name="">
        {row.name}
        {row.exempt && <span className="ex">{exemptWord}</span>}
      </th>
      <RunningCells value={row.period} start later={later} />
      <RunningCells value={row.year} start later={later} />
      {categories.map((c, i) => (
        <td key={c} data-start={i === 0 ? '' : undefined}>
          {formatMinutes(row.period.byCategory[c] ?? 0)}
          <span className="e">
            <span className="sr">{yearWord} </span>
            {formatMinutes(row.year.byCategory[c] ?? 0)}
          </span>
        </td>
      ))}
    </tr>
  );
});

export interface CumulativeTableProps {
  rows: readonly CumulativeRow[];
  totals: { period: Running; year: Running };
  categories: readonly TimesheetCategory[];
  periodLabel: string;
  yearLabel: string;
  /** The year runs to today (the current pay period), not to the period's end. */
  yearToToday: boolean;
  sort: CumulativeSort;
  onSort: (sort: CumulativeSort) => void;
}

/** The table in its scroll box. */
export function CumulativeTable({
  rows,
  totals,
  categories,
  periodLabel,
  yearLabel,
  yearToToday,
  sort,
  onSort,
}: CumulativeTableProps) {
  const { t } = useTranslation('timesheet-reports', { keyPrefix: 'cumulative' });
  // One function per language, so the memoised rows are not redrawn for a new one each time.
  const later = useCallback((hours: string) => t('later', { hours }), [t]);
  const { t: tt } = useTranslation('timesheet');
  const captionId = useId();
  const columns = (group: 'period' | 'year') => (
    <>
      <th scope="col" data-start="">
        {t('columns.worked')}
      </th>
      <th scope="col">{t('columns.expected')}</th>
      <SortColumn field={group} sort={sort} onSort={onSort} label={t('columns.difference')} />
    </>
  );
  return (
    <Box
      data-scroll-box=""
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      overflowX="auto"
      maxW="full"
      borderWidth="1px"
      borderRadius="l2"
      css={TABLE_CSS}
    >
      <table>
        <caption id={captionId}>{t('caption', { period: periodLabel, year: yearLabel })}</caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2} aria-sort={sortState('name', sort)} data-name="">
              <button type="button" onClick={() => onSort(sort === 'name' ? '-name' : 'name')}>
                {t('columns.person')}
                <span aria-hidden="true" style={{ opacity: sortState('name', sort) === 'none' ? 0.5 : 1 }}>
                  {ARROWS[sortState('name', sort)]}
                </span>
              </button>
            </th>
            <th scope="colgroup" colSpan={3}>
              {t('groups.period', { range: periodLabel })}
            </th>
            <th scope="colgroup" colSpan={3}>
              {t(yearToToday ? 'groups.yearToToday' : 'groups.year', { range: yearLabel })}
            </th>
            {categories.length > 0 && (
              <th scope="colgroup" colSpan={categories.length}>
                {t('groups.categories')}
              </th>
            )}
          </tr>
          <tr>
            {columns('period')}
            {columns('year')}
            {categories.map((c, i) => (
              <th key={c} scope="col" data-start={i === 0 ? '' : undefined}>
                {tt(`categories.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Row
              key={row.userId}
              row={row}
              categories={categories}
              yearWord={t('yearShort')}
              exemptWord={t('exempt')}
              later={later}
            />
          ))}
        </tbody>
        <tfoot>
          <Row
            row={{ name: t('total', { count: rows.length }), ...totals }}
            categories={categories}
            yearWord={t('yearShort')}
            exemptWord={t('exempt')}
            later={later}
          />
        </tfoot>
      </table>
    </Box>
  );
}
