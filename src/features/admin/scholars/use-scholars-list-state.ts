/**
 * The Scholars list state (search, grade, homeroom, program, enrolled or withdrawn, page, rows per page) lives in the
 * URL's search params, so a reload, a shared link or the back button brings the same list back. Defaults stay out of
 * the URL, values the screen cannot use fall back to them, and changing what is listed starts again at page 1.
 */
import { useSearchParams } from 'react-router-dom';
import type { ListParams } from '../../../api/resource';
import { GRADES } from '../../../contract/common';
import { PER_PAGE_OPTIONS } from '../../../ui/data/pager';

export const SCHOLAR_STATUSES = ['active', 'withdrawn', 'all'] as const;
export type ScholarStatus = (typeof SCHOLAR_STATUSES)[number];

export interface ScholarsListState {
  search: string;
  grade: string;
  homeroom: string;
  program: string;
  status: ScholarStatus;
  page: number;
  perPage: number;
}

export const SCHOLARS_LIST_DEFAULTS: ScholarsListState = {
  search: '',
  grade: '',
  homeroom: '',
  program: '',
  status: 'active',
  page: 1,
  perPage: 25,
};

const oneOf = <T extends string | number>(options: readonly T[], value: unknown, fallback: T): T =>
  options.find((option) => option === value) ?? fallback;

/** The list state a URL describes. */
export function readScholarsListState(params: URLSearchParams): ScholarsListState {
  const page = Number(params.get('page'));
  return {
    search: params.get('search') ?? '',
    grade: oneOf<string>(GRADES, params.get('grade'), ''),
    homeroom: params.get('homeroom') ?? '',
    program: params.get('program') ?? '',
    status: oneOf<ScholarStatus>(SCHOLAR_STATUSES, params.get('status'), 'active'),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    perPage: oneOf<number>(PER_PAGE_OPTIONS, Number(params.get('per_page')), SCHOLARS_LIST_DEFAULTS.perPage),
  };
}

/** The search params of a list state, without the defaults. */
export function writeScholarsListState(state: ScholarsListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.grade) params.set('grade', state.grade);
  if (state.homeroom) params.set('homeroom', state.homeroom);
  if (state.program) params.set('program', state.program);
  if (state.status !== 'active') params.set('status', state.status);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.perPage !== SCHOLARS_LIST_DEFAULTS.perPage) params.set('per_page', String(state.perPage));
  return params;
}

/** The API list parameters of a list state, without the page (the export takes every page of the same list). */
export function toScholarsFilter(state: ScholarsListState): Omit<ListParams, 'page' | 'per_page'> {
  return {
    search: state.search.trim() || undefined,
    sort: 'lname',
    filter: {
      grade: state.grade || undefined,
      homeroom: state.homeroom.trim() || undefined,
      program: state.program.trim() || undefined,
      active: state.status === 'all' ? undefined : String(state.status === 'active'),
    },
  };
}

export const toScholarsListParams = (state: ScholarsListState): ListParams => ({
  ...toScholarsFilter(state),
  page: state.page,
  per_page: state.perPage,
});

/** The list state from the URL and a setter that writes changes back (typing replaces the entry; the rest push). */
export function useScholarsListState(): [ScholarsListState, (patch: Partial<ScholarsListState>) => void] {
  const [params, setParams] = useSearchParams();
  const state = readScholarsListState(params);
  const update = (patch: Partial<ScholarsListState>) => {
    setParams(
      (current) => {
        const next = { ...readScholarsListState(current), ...patch };
        if (!('page' in patch)) next.page = 1;
        return writeScholarsListState(next);
      },
      { replace: 'search' in patch || 'homeroom' in patch || 'program' in patch },
    );
  };
  return [state, update];
}
