/** How the Scholars screens name a scholar: the nickname when there is one, else the first name, then the last. */
import type { DemographicRecord } from '../../../contract/demographics';

export const scholarName = (s: Pick<DemographicRecord, 'fname' | 'nickname' | 'lname'>) =>
  `${s.nickname || s.fname} ${s.lname}`;
