/**
 * The Users and Roles list state (search, type, role, active or deactivated, sort, page, rows per page) lives in the URL's search params, so
 * a reload, a shared link or the back button brings the same list back. Defaults stay out of the URL, values the
 * screen cannot use (a hand-edited link) fall back to them, and changing what is listed starts again at page 1.
 */
import { useSearchParams } from 'react-router-dom';
import type { ListParams } from '../../../api/resource';
import { USER_TYPES, type UserType } from '../../../contract/auth';
import { PER_PAGE_OPTIONS } from '../../../ui/data/pager';

/** The sorts the screen offers: by name (surname) and by email, each either way. */
export const USER_SORTS = ['lname', '-lname', 'email', '-email'] as const;

/** Which accounts the list shows by their active flag: all, the active ones, the deactivated ones. */
export const USER_STATUSES = ['active', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export interface UsersListState {
  search: string;
  type: UserType | '';
  roleId: string;
  status: UserStatus | '';
  sort: string;
  page: number;
  perPage: number;
}

export const USERS_LIST_DEFAULTS: UsersListState = {
  search: '',
  type: '',
  roleId: '',
  status: '',
  sort: 'lname',
  page: 1,
  perPage: 25,
};

const oneOf = <T extends string | number>(options: readonly T[], value: unknown, fallback: T): T =>
  options.find((option) => option === value) ?? fallback;

/** The list state a URL describes. */
export function readUsersListState(params: URLSearchParams): UsersListState {
  const page = Number(params.get('page'));
  return {
    search: params.get('search') ?? '',
    type: oneOf<UserType | ''>(USER_TYPES, params.get('type'), ''),
    roleId: params.get('role') ?? '',
    status: oneOf<UserStatus | ''>(USER_STATUSES, params.get('status'), ''),
    sort: oneOf<string>(USER_SORTS, params.get('sort'), USERS_LIST_DEFAULTS.sort),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    perPage: oneOf<number>(PER_PAGE_OPTIONS, Number(params.get('per_page')), USERS_LIST_DEFAULTS.perPage),
  };
}

/** The search params of a list state, without the defaults. */
export function writeUsersListState(state: UsersListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.type) params.set('type', state.type);
  if (state.roleId) params.set('role', state.roleId);
  if (state.status) params.set('status', state.status);
  if (state.sort !== USERS_LIST_DEFAULTS.sort) params.set('sort', state.sort);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.perPage !== USERS_LIST_DEFAULTS.perPage) params.set('per_page', String(state.perPage));
  return params;
}

/** The API list parameters of a list state. */
export function toUsersListParams(state: UsersListState): ListParams {
  return {
    search: state.search.trim() || undefined,
    sort: state.sort,
    page: state.page,
    per_page: state.perPage,
    filter: {
      type: state.type || undefined,
      role_id: state.roleId || undefined,
      active: state.status ? String(state.status === 'active') : undefined,
    },
  };
}

/** The list state from the URL and a setter that writes changes back (typing replaces the entry; the rest push). */
export function useUsersListState(): [UsersListState, (patch: Partial<UsersListState>) => void] {
  const [params, setParams] = useSearchParams();
  const state = readUsersListState(params);
  const update = (patch: Partial<UsersListState>) => {
    setParams(
      (current) => {
        const next = { ...readUsersListState(current), ...patch };
        if (!('page' in patch)) next.page = 1;
        return writeUsersListState(next);
      },
      { replace: 'search' in patch },
    );
  };
  return [state, update];
}
