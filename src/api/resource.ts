/**
 * Generic helpers for the server's resource layer (DESIGN section 4): list with filter, search, sort and pages;
 * single; create; update by POST with `_method: 'PATCH'` (JSON, or multipart when a file goes with it); delete. Each
 * resource gets a query-key factory so screens invalidate exactly what a change touched.
 */
import { api, call } from './client';

export interface ListParams {
  search?: string;
  sort?: string;
  page?: number;
  per_page?: number;
  filter?: Record<string, string | undefined>;
}

export interface ListResult<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
}

/** The query string of a list call: `filter[field]=value` for each filter that has a value. */
export function listSearchParams(params: ListParams): URLSearchParams {
  const q = new URLSearchParams();
  if (params.search?.trim()) q.set('search', params.search.trim());
  if (params.sort) q.set('sort', params.sort);
  if (params.page) q.set('page', String(params.page));
  if (params.per_page) q.set('per_page', String(params.per_page));
  for (const [field, value] of Object.entries(params.filter ?? {})) {
    if (value !== undefined && value !== '') q.set(`filter[${field}]`, value);
  }
  return q;
}

/** Turns an object with File/Blob values into multipart form data with `_method: 'PATCH'` when asked. */
export function toFormData(body: Record<string, unknown>, method?: 'PATCH'): FormData {
  const form = new FormData();
  if (method) form.append('_method', method);
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (value instanceof Blob) form.append(key, value);
    else if (Array.isArray(value)) for (const v of value) form.append(`${key}[]`, String(v));
    else form.append(key, value === null ? '' : String(value));
  }
  return form;
}

const hasFile = (body: Record<string, unknown>) => Object.values(body).some((v) => v instanceof Blob);

/** The calls and query keys of one resource. */
export function resourceApi<Rec, Create extends object, Update extends object>(name: string) {
  const keys = {
    all: [name] as const,
    lists: () => [name, 'list'] as const,
    list: (params: ListParams) => [name, 'list', params] as const,
    detail: (id: string) => [name, 'detail', id] as const,
  };
  return {
    keys,
    list: (params: ListParams = {}, signal?: AbortSignal) =>
      call(() => api.get(name, { searchParams: listSearchParams(params), signal }).json<ListResult<Rec>>()),
    get: (id: string, signal?: AbortSignal) =>
      call(() => api.get(`${name}/${id}`, { signal }).json<{ data: Rec }>()).then((r) => r.data),
    create: (body: Create) =>
      call(() =>
        api
          .post(
            name,
            hasFile(body as Record<string, unknown>)
              ? { body: toFormData(body as Record<string, unknown>) }
              : { json: body },
          )
          .json<{ data: Rec }>(),
      ).then((r) => r.data),
    update: (id: string, body: Update) =>
      call(() =>
        api
          .post(
            `${name}/${id}`,
            hasFile(body as Record<string, unknown>)
              ? { body: toFormData(body as Record<string, unknown>, 'PATCH') }
              : { json: { _method: 'PATCH', ...body } },
          )
          .json<{ data: Rec }>(),
      ).then((r) => r.data),
    remove: (id: string) => call(() => api.delete(`${name}/${id}`).json<{ message: string }>()),
  };
}
