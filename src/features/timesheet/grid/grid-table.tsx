/**
 * The grid itself: a row per person (their name, exempt or not, and their pay periods' states), a column per day with
 * the hours worked and, under them, the hours expected so far and apart the hours still expected later (a future
 * day's, the rest of today's), styled as ahead rather than short; after each week (Monday to Sunday) a column with the week's
 * total, and a last column with the range's total when it spans more than one week; the bottom row totals each day.
 *
 * Built for a month of 40 people (about 1,500 cells, DESIGN section 8's 100 ms; bench/timesheet-grid.mjs): plain
 * table elements made by functions rather than components, styled once by the scroll box's style sheet (data
 * attributes pick a cell's look) instead of a styled component per cell; a row's cells keyed by their place, so the
 * next week or month updates the same cells in place; rows memoised, so opening a dialog redraws nothing; and a fixed
 * table layout with set column widths, so the browser need not measure every cell to lay the table out.
 *
 * The box scrolls both ways inside the page (a phone never scrolls the page sideways): the header row and the names
 * stay in view. It can be focused and scrolled from the keyboard, and is named by the table's caption.
 * A cell needing attention has a tint AND an icon with words ('⚠ No clock-out', '▲ +1:15', '⚑ 8+ day'); screen
 * readers hear the full words ('Over expected by +1:15', 'Over 8 hours this day') and not the icons.
 */
import { Box } from '@chakra-ui/react';
import { memo, type ReactNode, useId } from 'react';
import { formatMinutes } from '../../../ui/timekeeping/hours';
import { rangeText, shortDay, signedMinutes, weekdayShort } from '../reports/model/words';
import { SR_INLINE, SR_ONLY } from '../reports/sr-only';
import type { GridCell, GridModel, GridPeriod, GridRow, GridWeek, Totals } from './grid-model';
import type { GridWords } from './grid-words';

/** Column widths: the names' (narrower on a phone), a day's, a total's. */
const NAME_WIDTH = { base: '8.5rem', md: '12rem' } as const;
const DAY_REM = 5.25;
const SUM_REM = 5.75;

/**
 * The grid's one style sheet. Only the header row and the names stay in place (sticky): every sticky cell is a layer
 * the browser paints on its own, so the totals row scrolls with the rest, cells are not positioned and words for
 * screen readers are hidden without absolute positioning (positioned cells after the sticky ones would each become a
 * layer too, and a month has 1,500 of them).
 */
const GRID_CSS = {
  '--name-w': NAME_WIDTH,
  '& table': { borderCollapse: 'separate', borderSpacing: 0, fontSize: 'sm', tableLayout: 'fixed' },
  '& col[data-c="name"]': { width: 'var(--name-w)' },
  '& col[data-c="day"]': { width: `${DAY_REM}rem` },
  '& col[data-c="sum"]': { width: `${SUM_REM}rem` },
  '& .sr': SR_INLINE,
  '& caption': SR_ONLY,
  '& th, & td': { borderBottomWidth: '1px', borderColor: 'border', px: '2', py: '1.5', verticalAlign: 'top' },
  '& td': { textAlign: 'end', fontVariantNumeric: 'tabular-nums', fontWeight: 'semibold', whiteSpace: 'nowrap' },
  '& thead th': { position: 'sticky', top: 0, zIndex: 2, fontWeight: 'semibold', textAlign: 'end', bg: 'bg.muted' },
  '& thead th[data-today]': { color: 'primary.fg', textDecoration: 'underline', textUnderlineOffset: '3px' },
  '& th:first-of-type': {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    textAlign: 'start',
    borderRightWidth: '1px',
    bg: 'bg',
    overflowWrap: 'anywhere',
  },
  '& thead th:first-of-type': { zIndex: 3, bg: 'bg.muted' },
  '& tfoot th, & tfoot td': { bg: 'bg.muted', fontWeight: 'semibold' },
  '& .e': { display: 'block', fontSize: 'xs', color: 'fg.muted', fontWeight: 'normal' },
  // Hours still ahead: slanted (in the muted colour, for contrast), never the tint or the icon of a shortfall.
  '& .e[data-ahead]': { color: 'fg.muted', fontStyle: 'italic' },
  '& .m': { display: 'block', fontSize: 'xs', lineHeight: 'short', whiteSpace: 'normal' },
  // The marks' icons: shown, with an empty text for screen readers (they hear the words that follow).
  '& .m[data-m="missingOut"]': { color: 'red.fg', _before: { content: '"⚠ " / ""' } },
  '& .m[data-m="flag"]': { color: 'orange.fg', _before: { content: '"⚑ " / ""' } },
  '& .m[data-m="over"]': { color: 'purple.fg', _before: { content: '"▲ " / ""' } },
  '& .m[data-m="under"]': { color: 'yellow.fg', _before: { content: '"▼ " / ""' } },
  '& .m[data-m="in"]': { color: 'blue.fg', _before: { content: '"● " / ""' } },
  '& td[data-a="missingOut"]': { bg: 'red.subtle' },
  '& td[data-a="flag"]': { bg: 'orange.subtle' },
  '& td[data-a="over"]': { bg: 'purple.subtle' },
  '& td[data-a="under"]': { bg: 'yellow.subtle' },
  '& [data-week]': { bg: 'bg.subtle', borderLeftWidth: '1px' },
  '& [data-total]': { bg: 'bg.emphasized', borderLeftWidth: '1px' },
  '& .name': { display: 'block', fontWeight: 'semibold' },
  '& .ex': { display: 'block', fontSize: 'xs', color: 'fg.muted', fontWeight: 'normal' },
  '& .periods': { display: 'flex', flexWrap: 'wrap', gap: '1', mt: '1', alignItems: 'center' },
  '& .tick': { width: '5', height: '5', accentColor: 'primary.solid' },
  '& .st': {
    display: 'inline-flex',
    alignItems: 'center',
    minH: '8',
    px: '2',
    borderRadius: 'l2',
    borderWidth: '1px',
    fontSize: 'xs',
    fontWeight: 'semibold',
    lineHeight: 'short',
    textAlign: 'start',
  },
  '& button.st': { cursor: 'pointer', textDecoration: 'underline', textUnderlineOffset: '2px' },
  '& button.st:focus-visible': { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' },
  '& .st[data-state="open"]': { bg: 'bg', color: 'fg', borderColor: 'border.emphasized' },
  '& .st[data-state="submitted"]': { bg: 'blue.subtle', color: 'blue.fg', borderColor: 'blue.muted' },
  '& .st[data-state="returned"]': { bg: 'orange.subtle', color: 'orange.fg', borderColor: 'orange.muted' },
  '& .st[data-state="approved"]': { bg: 'green.subtle', color: 'green.fg', borderColor: 'green.muted' },
} as const;

/**
 * The worked hours (the cell's own text) with the expected so far under them, then the hours expected later when
 * there are any (a future day shows only those).
 */
function hours(totals: Totals, words: GridWords): ReactNode[] {
  const ahead = totals.expected - totals.soFar;
  const out: ReactNode[] = [formatMinutes(totals.worked)];
  if (totals.soFar > 0 || ahead <= 0) {
    out.push(
      <span key="e" className="e">
        <span className="sr">{ahead > 0 ? words.expectedSoFar : words.expected} </span>
        {formatMinutes(totals.soFar)}
      </span>,
    );
  }
  if (ahead > 0) {
    out.push(
      <span key="a" className="e" data-ahead="">
        <span className="sr">{words.expectedLater} </span>
        {formatMinutes(ahead)}
        <span aria-hidden="true"> {words.laterShort}</span>
      </span>,
    );
  }
  return out;
}

/** The marks of one day, each words after an icon (the style sheet's, which screen readers skip), keyed by place. */
function marks(cell: GridCell, words: GridWords): ReactNode[] {
  const out: ReactNode[] = [];
  if (cell.open === 'missingOut') {
    out.push(
      <span key={out.length} className="m" data-m="missingOut">
        {words.missingOut}
      </span>,
    );
  } else if (cell.open === 'clockedIn') {
    out.push(
      <span key={out.length} className="m" data-m="in">
        {words.clockedIn}
      </span>,
    );
  }
  for (const code of cell.flags) {
    out.push(
      <span key={out.length} className="m" data-m="flag">
        <span aria-hidden="true">{words.flagShort[code]}</span>
        <span className="sr"> {words.flagLong[code]}</span>
      </span>,
    );
  }
  const over = cell.marks.includes('over');
  if (over || cell.marks.includes('under')) {
    out.push(
      <span key={out.length} className="m" data-m={over ? 'over' : 'under'}>
        <span className="sr">{over ? words.over : words.under} </span>
        {signedMinutes(cell.difference)}
      </span>,
    );
  }
  return out;
}

/** One day of one person, keyed by its place in the row. */
function dayCell(cell: GridCell, words: GridWords, key: number) {
  const empty = !cell.listed && cell.worked === 0 && !cell.marks.length;
  return (
    <td key={key} data-date={cell.date} data-a={cell.marks[0]}>
      {empty ? null : hours(cell, words)}
      {empty ? null : marks(cell, words)}
    </td>
  );
}

/** A total (a week's, the range's, a day's in the bottom row), keyed by its place in the row. */
function totalCell(totals: Totals, words: GridWords, key: number, kind: 'week' | 'total' | null) {
  return (
    <td key={key} data-week={kind === 'week' ? '' : undefined} data-total={kind === 'total' ? '' : undefined}>
      {hours(totals, words)}
    </td>
  );
}

/** The cells of a row after its header: each week's days then the week's total, and the range's total last. */
function rowCells(
  weeks: readonly GridWeek[],
  day: (index: number, key: number) => ReactNode,
  week: (w: number, key: number) => ReactNode,
  total: ((key: number) => ReactNode) | null,
): ReactNode[] {
  const out: ReactNode[] = [];
  weeks.forEach((w, i) => {
    for (let d = w.first; d < w.first + w.length; d++) out.push(day(d, out.length));
    out.push(week(i, out.length));
  });
  if (total && weeks.length > 1) out.push(total(out.length));
  return out;
}

/** Ticking a submitted period for "Approve selected": the ticked periods of the row and the toggle. */
export interface GridSelection {
  /** The ticked periods' first days of this row, joined by spaces (a string, so the row's memo holds). */
  starts: string;
  toggle: (row: GridRow, period: GridPeriod) => void;
}

interface PeriodStatesProps {
  row: GridRow;
  words: GridWords;
  onReview: ((row: GridRow, period: GridPeriod) => void) | null;
  selection: GridSelection | null;
}

/** The person's pay periods' states: buttons that open the approval dialog, or plain badges; a submitted one ticks. */
function PeriodStates({ row, words, onReview, selection }: PeriodStatesProps) {
  const several = row.periods.length > 1;
  const ticked = selection ? selection.starts.split(' ') : [];
  return (
    <span className="periods">
      {row.periods.map((period) => {
        const dates = rangeText({ from: period.start, to: period.end }, words.locale, false);
        const state = words.states[period.state];
        const text = several ? `${dates}: ${state}` : state;
        const tick = selection && period.state === 'submitted' && (
          <input
            key={`tick-${period.start}`}
            type="checkbox"
            className="tick"
            checked={ticked.includes(period.start)}
            aria-label={words.select({ name: row.name, dates })}
            onChange={() => selection.toggle(row, period)}
          />
        );
        const badge = onReview ? (
          <button
            key={period.start}
            type="button"
            className="st"
            data-state={period.state}
            aria-label={
              several ? words.reviewOne({ name: row.name, text }) : words.review({ name: row.name, dates, text })
            }
            onClick={() => onReview(row, period)}
          >
            {text}
          </button>
        ) : (
          <span key={period.start} className="st" data-state={period.state}>
            {text}
          </span>
        );
        return tick ? [tick, badge] : badge;
      })}
    </span>
  );
}

interface RowProps {
  row: GridRow;
  weeks: readonly GridWeek[];
  words: GridWords;
  onReview: ((row: GridRow, period: GridPeriod) => void) | null;
  /** The row's ticked periods' first days, joined by spaces, with `onToggle`; null without selection. */
  selected: string | null;
  onToggle: GridSelection['toggle'] | null;
}

/** One person's row; redrawn only when its data, the weeks, the words, its ticks or the handlers change. */
const PersonRow = memo(function PersonRow({ row, weeks, words, onReview, selected, onToggle }: RowProps) {
  const selection = selected !== null && onToggle ? { starts: selected, toggle: onToggle } : null;
  return (
    <tr data-user={row.userId}>
      <th scope="row">
        <span className="name">{row.name}</span>
        {row.exempt && <span className="ex">{words.exempt}</span>}
        <PeriodStates row={row} words={words} onReview={onReview} selection={selection} />
      </th>
      {rowCells(
        weeks,
        (d, key) => dayCell(row.cells[d] as GridCell, words, key),
        (w, key) => totalCell(row.weeks[w] as Totals, words, key, 'week'),
        (key) => totalCell(row.total, words, key, 'total'),
      )}
    </tr>
  );
});

export interface GridTableTexts {
  caption: string;
  person: string;
  weekTotal: (range: string) => string;
  total: string;
  dayTotals: string;
}

export interface GridTableProps {
  model: GridModel;
  today: string;
  words: GridWords;
  texts: GridTableTexts;
  onReview: ((row: GridRow, period: GridPeriod) => void) | null;
  /** The ticked periods as `user_id|start`, and the toggle; null when periods cannot be ticked. */
  selected?: ReadonlySet<string> | null;
  onToggle?: GridSelection['toggle'] | null;
}

/** The ticked periods' first days of one person, joined by spaces. */
const startsOf = (selected: ReadonlySet<string>, userId: string) =>
  [...selected]
    .filter((key) => key.startsWith(`${userId}|`))
    .map((key) => key.slice(userId.length + 1))
    .sort()
    .join(' ');

/** The grid in its scroll box. */
export function GridTable({ model, today, words, texts, onReview, selected = null, onToggle = null }: GridTableProps) {
  const captionId = useId();
  const { weeks, dates } = model;
  const sums = weeks.length + (weeks.length > 1 ? 1 : 0);
  const columns = [<col key="name" data-c="name" />];
  for (let i = 0; i < dates.length + sums; i++) columns.push(<col key={i} data-c={i < dates.length ? 'day' : 'sum'} />);
  return (
    <Box
      data-scroll-box=""
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      overflow="auto"
      // As wide as its table, up to the screen's width: a few days leave no empty band inside the border.
      w="fit-content"
      maxW="full"
      maxH={{ base: '70vh', md: '75vh' }}
      borderWidth="1px"
      borderRadius="l2"
      css={GRID_CSS}
    >
      <table style={{ width: `calc(var(--name-w) + ${dates.length * DAY_REM + sums * SUM_REM}rem)` }}>
        <caption id={captionId} className="sr">
          {texts.caption}
        </caption>
        <colgroup>{columns}</colgroup>
        <thead>
          <tr>
            <th scope="col">{texts.person}</th>
            {rowCells(
              weeks,
              (d, key) => {
                const date = dates[d] as string;
                return (
                  <th
                    key={key}
                    scope="col"
                    data-today={date === today ? '' : undefined}
                    aria-current={date === today ? 'date' : undefined}
                  >
                    <time dateTime={date}>
                      <span aria-hidden="true">
                        {weekdayShort(date, words.locale)}
                        <br />
                        {Number(date.slice(8))}
                      </span>
                      <span className="sr">{shortDay(date, words.locale)}</span>
                    </time>
                  </th>
                );
              },
              (w, key) => {
                const week = weeks[w] as GridWeek;
                return (
                  <th key={key} scope="col" data-week="">
                    {texts.weekTotal(rangeText({ from: week.from, to: week.to }, words.locale, false))}
                  </th>
                );
              },
              (key) => (
                <th key={key} scope="col" data-total="">
                  {texts.total}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {model.rows.map((row) => (
            <PersonRow
              key={row.userId}
              row={row}
              weeks={weeks}
              words={words}
              onReview={onReview}
              selected={selected ? startsOf(selected, row.userId) : null}
              onToggle={onToggle}
            />
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{texts.dayTotals}</th>
            {rowCells(
              weeks,
              (d, key) => totalCell(model.dayTotals[d] as Totals, words, key, null),
              (w, key) => totalCell(model.weekTotals[w] as Totals, words, key, 'week'),
              (key) => totalCell(model.total, words, key, 'total'),
            )}
          </tr>
        </tfoot>
      </table>
    </Box>
  );
}
