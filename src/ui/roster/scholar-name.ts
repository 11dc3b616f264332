import type { DemographicRecord } from '../../contract';

/** The name the records screens show: the preferred first name and the surname. */
export function scholarName(scholar: Pick<DemographicRecord, 'fname' | 'nickname' | 'lname'>): string {
  return `${scholar.nickname || scholar.fname} ${scholar.lname}`;
}
