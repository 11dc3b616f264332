/** `GET v2/guardianships?filter[scholar_id]=` or `filter[parent_id]=`: one side's links, with both names. */
import { useQuery } from '@tanstack/react-query';
import { guardianKeys, guardianshipsResource } from './guardian-resources';

/** A scholar has a handful of guardians and a guardian a handful of scholars: one page holds them all. */
const PER_PAGE = 100;

/** The links of a scholar or of a guardian. */
export function useGuardianships(side: 'scholar_id' | 'parent_id', id: string | undefined) {
  const params = {
    filter: { [side]: id },
    per_page: PER_PAGE,
    sort: side === 'scholar_id' ? 'guardian_name' : 'scholar_name',
  };
  return useQuery({
    queryKey: guardianKeys.links.list(params),
    queryFn: ({ signal }) => guardianshipsResource.list(params, signal),
    enabled: Boolean(id),
  });
}
