/**
 * The portal calls of the work lists, as the screens ask for them: one path per list and scholar, so that
 * each is kept on the device on its own (the portal's portal cache) and Home shares the Current Work answer.
 */
import type { CombinedWorkType } from '../../../contract/scholar-work';
import type { WorkListType } from '../../../contract/work-lists';

/** One scholar's list: `GET v2/scholar/scholars/:id/work?type=…`. */
export const workListPath = (scholarId: string, type: WorkListType) =>
  `v2/scholar/scholars/${scholarId}/work?type=${type}`;

/** A list of every scholar of the caller at once (a parent's combined Overdue Work or Missing AutoWork). */
export const combinedWorkPath = (type: CombinedWorkType) => `v2/scholar/work/${type}`;
