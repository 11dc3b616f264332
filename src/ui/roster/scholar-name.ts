import type { DemographicRecord } from '../../contract';

/** The name the records screens show: the preferred first name and the surname. */
export function scholarName(scholar: Pick<DemographicRecord, 'fname' | 'nickname' | 'lname'>): string {
  return `${scholar.nickname || scholar.fname} ${scholar.lname}`;
}

/** Up to two initials of a name as shown ('Ada Lovelace' → 'AL'), for a face without a photo. */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase())
    .slice(0, 2)
    .join('');
