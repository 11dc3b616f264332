/**
 * The View Records state lives in the URL's search params (like Users and Roles), so a reload, a shared link or the
 * back button brings the same range back: which part (records or daily counts), the date range, service, grade,
 * homeroom, scholar, whether voided records show, added-later only, sort, page and rows per page. An empty range
 * means today on the school's clock; values a hand-edited link gets wrong fall back to the defaults, and changing what
 * is listed starts again at page 1.
 */
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ListParams } from '../../../../api/resource';
import { GRADES, type MealType } from '../../../../contract';
import { PER_PAGE_OPTIONS } from '../../../../ui/data/pager';
import { isDay, isMealType } from './school-day';

/** The sorts the table offers, each either way. */
export const RECORD_SORTS = [
  'served_at',
  '-served_at',
  'meal_type',
  '-meal_type',
  'created_at',
  '-created_at',
] as const;
export const RECORD_VIEWS = ['records', 'counts'] as const;
export type RecordsView = (typeof RECORD_VIEWS)[number];
export const ADDED_CHOICES = ['', 'later', 'line'] as const;
export type AddedChoice = (typeof ADDED_CHOICES)[number];

export interface RecordsState {
  view: RecordsView;
  /** YYYY-MM-DD; '' is today. */
  from: string;
  to: string;
  mealType: MealType | '';
  grade: string;
  homeroom: string;
  scholarId: string;
  includeVoided: boolean;
  /** '' all, 'later' only added as missing, 'line' only counted at the point of service. */
  added: AddedChoice;
  sort: string;
  page: number;
  perPage: number;
}

export const RECORDS_DEFAULTS: RecordsState = {
  view: 'records',
  from: '',
  to: '',
  mealType: '',
  grade: '',
  homeroom: '',
  scholarId: '',
  includeVoided: false,
  added: '',
  sort: '-served_at',
  page: 1,
  perPage: 25,
};

const oneOf = <T extends string | number>(options: readonly T[], value: unknown, fallback: T): T =>
  options.find((option) => option === value) ?? fallback;

/** The state a URL describes. */
export function readRecordsState(params: URLSearchParams): RecordsState {
  const page = Number(params.get('page'));
  const day = (key: string) => {
    const value = params.get(key);
    return isDay(value) ? value : '';
  };
  const meal = params.get('meal');
  return {
    view: oneOf<RecordsView>(RECORD_VIEWS, params.get('view'), 'records'),
    from: day('from'),
    to: day('to'),
    mealType: isMealType(meal) ? meal : '',
    grade: oneOf<string>(GRADES, params.get('grade'), ''),
    homeroom: params.get('homeroom') ?? '',
    scholarId: params.get('scholar') ?? '',
    includeVoided: params.get('voided') === '1',
    added: oneOf<AddedChoice>(ADDED_CHOICES, params.get('added'), ''),
    sort: oneOf<string>(RECORD_SORTS, params.get('sort'), RECORDS_DEFAULTS.sort),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    perPage: oneOf<number>(PER_PAGE_OPTIONS, Number(params.get('per_page')), RECORDS_DEFAULTS.perPage),
  };
}

/** The search params of a state, without the defaults. */
export function writeRecordsState(state: RecordsState): URLSearchParams {
  const params = new URLSearchParams();
  const put = (key: string, value: string, fallback: string) => value !== fallback && params.set(key, value);
  put('view', state.view, RECORDS_DEFAULTS.view);
  put('from', state.from, '');
  put('to', state.to, '');
  put('meal', state.mealType, '');
  put('grade', state.grade, '');
  put('homeroom', state.homeroom, '');
  put('scholar', state.scholarId, '');
  if (state.includeVoided) params.set('voided', '1');
  put('added', state.added, '');
  put('sort', state.sort, RECORDS_DEFAULTS.sort);
  put('page', String(state.page), '1');
  put('per_page', String(state.perPage), String(RECORDS_DEFAULTS.perPage));
  return params;
}

/** The range the state means: an empty end is today, and an empty start is the end. */
export function resolveRange(state: Pick<RecordsState, 'from' | 'to'>, today: string): { from: string; to: string } {
  const to = state.to || (state.from && state.from > today ? state.from : today);
  return { from: state.from || to, to };
}

/** The filters of the list call (and of its CSV export), without page and sort. */
export function toRecordFilters(state: RecordsState, today: string): Record<string, string | undefined> {
  const { from, to } = resolveRange(state, today);
  return {
    from,
    to,
    meal_type: state.mealType || undefined,
    grade: state.grade || undefined,
    homeroom: state.homeroom || undefined,
    scholar_id: state.scholarId || undefined,
    added_as_missing: state.added === 'later' ? 'true' : state.added === 'line' ? 'false' : undefined,
    include_voided: state.includeVoided ? 'true' : undefined,
  };
}

/** The API list parameters of a state. */
export function toRecordsListParams(state: RecordsState, today: string): ListParams {
  return { sort: state.sort, page: state.page, per_page: state.perPage, filter: toRecordFilters(state, today) };
}

/** The state from the URL and a setter that writes changes back (anything but a page change goes back to page 1). */
export function useRecordsState(): [RecordsState, (patch: Partial<RecordsState>) => void] {
  const [params, setParams] = useSearchParams();
  const state = readRecordsState(params);
  // Two filters changed before the navigation renders (React Router renders it in a transition) must both count:
  // the second starts from what the first wrote, not from the params of the last render.
  const pending = useRef<{ from: URLSearchParams; to: URLSearchParams } | null>(null);
  const update = (patch: Partial<RecordsState>) => {
    const base = pending.current?.from === params ? pending.current.to : params;
    const next = { ...readRecordsState(base), ...patch };
    if (!('page' in patch)) next.page = 1;
    const to = writeRecordsState(next);
    pending.current = { from: params, to };
    setParams(to);
  };
  return [state, update];
}
