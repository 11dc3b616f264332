/**
 * The words of the grid's cells, looked up once per language rather than once per cell (a month of 40 people is about
 * 1,500 cells): the marks' short texts and what screen readers hear for them, the flags' short and full names.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FLAG_CODES, type FlagCode } from '../../../contract';

export interface GridWords {
  /** Said before the expected hours under the worked ones ('expected'). */
  expected: string;
  /** The same of a day or total with hours still ahead ('expected so far'). */
  expectedSoFar: string;
  /** Said before the hours still expected later ('expected later'); `laterShort` follows them on screen. */
  expectedLater: string;
  laterShort: string;
  /** A missing clock-out, shown in the cell. */
  missingOut: string;
  /** Clocked in now, shown in the cell. */
  clockedIn: string;
  /** Said before an over or under difference ('Over expected by'). */
  over: string;
  under: string;
  flagShort: Record<FlagCode, string>;
  flagLong: Record<FlagCode, string>;
  /** A state button's name, starting with its words: 'Approved: review the pay period of Ana Ruiz, Nov 1 – 15'. */
  review: (values: { name: string; dates: string; text: string }) => string;
  /** The same when the button says its dates ('Nov 1 – 15: Approved: review this pay period of Ana Ruiz'). */
  reviewOne: (values: { name: string; text: string }) => string;
  /** A submitted period's check box: 'Select the pay period of Ana Ruiz, Nov 1 – 15'. */
  select: (values: { name: string; dates: string }) => string;
  states: Record<'open' | 'submitted' | 'returned' | 'approved', string>;
  exempt: string;
  locale: string;
}

/** The grid's words in the reader's language. */
export function useGridWords(): GridWords {
  const { t, i18n } = useTranslation('timesheet-reports', { keyPrefix: 'grid' });
  const { t: tt } = useTranslation('timesheet');
  const language = i18n.language;
  // The words change with the language only (its `t` functions are new with it).
  return useMemo(
    () => ({
      expected: t('cell.expected'),
      expectedSoFar: t('cell.expectedSoFar'),
      expectedLater: t('cell.expectedLater'),
      laterShort: t('cell.laterShort'),
      missingOut: t('cell.missingOut'),
      clockedIn: t('cell.clockedIn'),
      over: t('cell.over'),
      under: t('cell.under'),
      flagShort: Object.fromEntries(FLAG_CODES.map((c) => [c, tt(`flagsShort.${c}`)])) as Record<FlagCode, string>,
      flagLong: Object.fromEntries(FLAG_CODES.map((c) => [c, tt(`flags.${c}`)])) as Record<FlagCode, string>,
      review: (values) => t('review', values),
      reviewOne: (values) => t('reviewOne', values),
      select: (values) => t('select', values),
      states: {
        open: tt('states.open'),
        submitted: tt('states.submitted'),
        returned: tt('states.returned'),
        approved: tt('states.approved'),
      },
      exempt: t('exempt'),
      locale: language,
    }),
    [language],
  );
}
