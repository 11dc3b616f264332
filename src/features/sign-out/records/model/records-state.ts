/**
 * The View Records state lives in the URL's search params (like the meal records), so a reload, a shared link or the
 * back button brings the same view back: the date range, which records (sign-outs and returns by default, arrivals and
 * departures on request), method, flagged only, scholar, pick-up adult (one from a list by id, or any typed name),
 * sort, page and rows per page. An empty range means today on the school's clock; values a hand-edited link gets
 * wrong fall back to the defaults, and changing what is listed starts again at page 1.
 */
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ListParams } from '../../../../api/resource';
import { CHECK_IN_METHODS, type CheckInRecord } from '../../../../contract';
import { PER_PAGE_OPTIONS } from '../../../../ui/data/pager';

type CheckInKind = CheckInRecord['kind'];
type CheckInMethod = CheckInRecord['method'];

/** Which records the list holds: '' sign-outs and returns, one of them, or every kind. */
export const KIND_CHOICES = ['', 'sign_out', 'sign_in', 'all'] as const;
export type KindChoice = (typeof KIND_CHOICES)[number];

/** The kinds each choice asks the API for (`filter[kind]` takes them separated by commas). */
export const KINDS_OF: Record<KindChoice, readonly CheckInKind[]> = {
  '': ['sign_out', 'sign_in'],
  sign_out: ['sign_out'],
  sign_in: ['sign_in'],
  all: ['sign_out', 'sign_in', 'arrival', 'departure'],
};

export const RECORD_SORTS = ['-occurred_at', 'occurred_at'] as const;

export interface RecordsState {
  /** YYYY-MM-DD; '' is today. */
  from: string;
  to: string;
  kinds: KindChoice;
  method: CheckInMethod | '';
  flaggedOnly: boolean;
  scholarId: string;
  /** An adult of a pick-up list, by id. */
  pickUpId: string;
  /** A name as typed (overrides are typed, not chosen): the API's search over the adult's name and the reasons. */
  adult: string;
  sort: string;
  page: number;
  perPage: number;
}

export const RECORDS_DEFAULTS: RecordsState = {
  from: '',
  to: '',
  kinds: '',
  method: '',
  flaggedOnly: false,
  scholarId: '',
  pickUpId: '',
  adult: '',
  sort: '-occurred_at',
  page: 1,
  perPage: 25,
};

const oneOf = <T extends string | number>(options: readonly T[], value: unknown, fallback: T): T =>
  options.find((option) => option === value) ?? fallback;

/** True for a real calendar date written YYYY-MM-DD. */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The state a URL describes. */
export function readRecordsState(params: URLSearchParams): RecordsState {
  const page = Number(params.get('page'));
  const day = (key: string) => {
    const value = params.get(key);
    return isDay(value) ? value : '';
  };
  return {
    from: day('from'),
    to: day('to'),
    kinds: oneOf<KindChoice>(KIND_CHOICES, params.get('kinds') ?? '', ''),
    method: oneOf<CheckInMethod | ''>(CHECK_IN_METHODS, params.get('method'), ''),
    flaggedOnly: params.get('flagged') === '1',
    scholarId: params.get('scholar') ?? '',
    pickUpId: params.get('pick_up') ?? '',
    adult: (params.get('adult') ?? '').slice(0, 100),
    sort: oneOf<string>(RECORD_SORTS, params.get('sort'), RECORDS_DEFAULTS.sort),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    perPage: oneOf<number>(PER_PAGE_OPTIONS, Number(params.get('per_page')), RECORDS_DEFAULTS.perPage),
  };
}

/** The search params of a state, without the defaults. */
export function writeRecordsState(state: RecordsState): URLSearchParams {
  const params = new URLSearchParams();
  const put = (key: string, value: string, fallback: string) => value !== fallback && params.set(key, value);
  put('from', state.from, '');
  put('to', state.to, '');
  put('kinds', state.kinds, '');
  put('method', state.method, '');
  if (state.flaggedOnly) params.set('flagged', '1');
  put('scholar', state.scholarId, '');
  put('pick_up', state.pickUpId, '');
  put('adult', state.adult.trim(), '');
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

/** The filters of the list call (and of its CSV export), without page, sort and search. */
export function toRecordFilters(state: RecordsState, today: string): Record<string, string | undefined> {
  const { from, to } = resolveRange(state, today);
  return {
    from,
    to,
    kind: KINDS_OF[state.kinds].join(','),
    method: state.method || undefined,
    flagged: state.flaggedOnly ? 'true' : undefined,
    scholar_id: state.scholarId || undefined,
    pick_up_id: state.pickUpId || undefined,
  };
}

/** What the list asks besides page and rows per page: filters, the typed adult's name, sort. */
export function toRecordsQuery(state: RecordsState, today: string): Omit<ListParams, 'page' | 'per_page'> {
  return { filter: toRecordFilters(state, today), search: state.adult.trim() || undefined, sort: state.sort };
}

/** The API list parameters of a state. */
export function toRecordsListParams(state: RecordsState, today: string): ListParams {
  return { ...toRecordsQuery(state, today), page: state.page, per_page: state.perPage };
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
