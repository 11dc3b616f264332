/** `GET v2/demographics?search=`: the scholars a search finds, to link one to a guardian. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { guardianKeys, scholarsResource } from './guardian-resources';

/** At most this many matches are offered; a longer search narrows them. */
const MATCHES = 10;

/** The active scholars matching `search`; nothing is asked before two characters are typed. */
export function useScholarSearch(search: string) {
  const params = { search: search.trim(), per_page: MATCHES, sort: 'lname', filter: { active: 'true' } };
  return useQuery({
    queryKey: guardianKeys.scholars.list(params),
    queryFn: ({ signal }) => scholarsResource.list(params, signal),
    placeholderData: keepPreviousData,
    enabled: params.search.length >= 2,
  });
}
