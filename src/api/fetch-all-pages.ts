/**
 * Every page of a list, one request after another at the largest page size: for a CSV export of a filtered range, a
 * roster that names the records, and a day's meals of View Who Ate. One at a time rather than all at once, so a school
 * year's export does not crowd out the stations' sync on the same server; `onProgress` tells the screen how far it got.
 */

import { MAX_PER_PAGE } from '../contract/common';
import type { ListParams, ListResult } from './resource';

export interface PageProgress {
  /** Pages fetched so far. */
  done: number;
  /** Pages in all (known after the first answer). */
  pages: number;
}

/** A list call of `resourceApi`: one page for these parameters. */
export type ListCall<T> = (params: ListParams, signal?: AbortSignal) => Promise<ListResult<T>>;

/** All the rows a list call answers for these parameters, in order. */
export async function fetchAllPages<T>(
  list: ListCall<T>,
  params: Omit<ListParams, 'page' | 'per_page'>,
  options: { signal?: AbortSignal; onProgress?: (progress: PageProgress) => void; perPage?: number } = {},
): Promise<T[]> {
  const perPage = options.perPage ?? MAX_PER_PAGE;
  const first = await list({ ...params, page: 1, per_page: perPage }, options.signal);
  const pages = Math.max(1, Math.ceil(first.meta.total / perPage));
  const rows = [...first.data];
  options.onProgress?.({ done: 1, pages });
  for (let page = 2; page <= pages; page++) {
    options.signal?.throwIfAborted();
    const next = await list({ ...params, page, per_page: perPage }, options.signal);
    rows.push(...next.data);
    options.onProgress?.({ done: page, pages });
  }
  return rows;
}
