/**
 * The staff's calls of the Independent Study Learning Agreements (`v2/independent_study`): the list, one
 * agreement, the teachers to choose from, and the writes (create, edit a draft, send, addendum, countersign, delete).
 * All online: an agreement and its signatures are never written offline.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client';
import { type ListResult, listSearchParams, type ListParams as PageParams } from '../../api/resource';
import type {
  AddendumCreate,
  AgreementCreate,
  AgreementListResponse,
  AgreementOptionsResponse,
  AgreementResponse,
  AgreementState,
  AgreementSummary,
  AgreementUpdate,
  SignBody,
} from '../../contract/independent-study';

const BASE = 'v2/independent_study';

export const agreementKeys = {
  all: ['independent_study'] as const,
  list: (params: ListParams) => [...agreementKeys.all, 'list', params] as const,
  detail: (id: string) => [...agreementKeys.all, 'detail', id] as const,
  options: () => [...agreementKeys.all, 'options'] as const,
};

export interface ListParams {
  state: AgreementState | '';
  mine: boolean;
  search: string;
  page: number;
  perPage: number;
}

/** The most agreements the list answers a page (AgreementListQuerySchema). */
export const AGREEMENTS_MAX_PER_PAGE = 100;

/** One page of agreements for filter, search and page as the generic list helpers give them (the CSV export). */
export function listAgreements(params: PageParams, signal?: AbortSignal): Promise<ListResult<AgreementSummary>> {
  return call(() => api.get(BASE, { searchParams: listSearchParams(params), signal }).json<AgreementListResponse>());
}

/** The agreements of one page. */
export function useAgreements(params: ListParams) {
  return useQuery({
    queryKey: agreementKeys.list(params),
    // TanStack Query's placeholderData: the previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ page: String(params.page), per_page: String(params.perPage) });
      if (params.state) q.set('filter[state]', params.state);
      if (params.mine) q.set('filter[mine]', '1');
      if (params.search.trim()) q.set('search', params.search.trim());
      return call(() => api.get(BASE, { searchParams: q, signal }).json<AgreementListResponse>());
    },
  });
}

/** One agreement. */
export function useAgreement(id: string) {
  return useQuery({
    queryKey: agreementKeys.detail(id),
    queryFn: ({ signal }) => call(() => api.get(`${BASE}/${id}`, { signal }).json<AgreementResponse>()),
  });
}

/** The supervising teachers to choose from. */
export function useAgreementOptions() {
  return useQuery({
    queryKey: agreementKeys.options(),
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => call(() => api.get(`${BASE}/options`, { signal }).json<AgreementOptionsResponse>()),
  });
}

const post = (path: string, json?: unknown) =>
  call(() => api.post(path, json === undefined ? {} : { json }).json<AgreementResponse>());

export const createAgreement = (body: AgreementCreate) => post(BASE, body);
export const updateAgreement = (id: string, body: AgreementUpdate) =>
  post(`${BASE}/${id}`, { ...body, _method: 'PATCH' });
export const sendAgreement = (id: string) => post(`${BASE}/${id}/send`);
export const addAddendum = (id: string, body: AddendumCreate) => post(`${BASE}/${id}/addenda`, body);
export const countersign = (id: string, body: SignBody) => post(`${BASE}/${id}/countersign`, body);
export const deleteAgreement = (id: string) => call(() => api.delete(`${BASE}/${id}`).json<{ message: string }>());

/** Downloads the signed agreement's PDF. */
export async function downloadPdf(id: string, fileName: string): Promise<void> {
  const blob = await call(() => api.get(`${BASE}/${id}/pdf`).blob());
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
