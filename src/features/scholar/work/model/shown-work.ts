/**
 * What a work list shows of an answer: online, the server's items as it classified them, around the school's today
 * it answered; from the device (offline), the kept items classified again on the device's clock with the contract's
 * rules (work that fell due since the copy was kept leaves Current Work), around today's school date. And
 * the search of a list: the words typed, in a title or a course's name, without regard to case or accents.
 */
import type { WorkItem } from '../../../../contract/scholar-work';
import { localDate, selectWork, type WorkListType } from '../../../../contract/work-lists';

/** The part of a work answer (a scholar's list or the combined list) this needs. */
export interface WorkAnswerLike {
  data: WorkItem[];
  time_zone: string;
  today: string;
  autowork_topic: string;
}

export interface ShownWork {
  items: WorkItem[];
  /** The school's date the list is grouped around. */
  today: string;
  timeZone: string;
}

/** The items to show and the day to group them around. */
export function shownWork(answer: WorkAnswerLike, type: WorkListType, fromDevice: boolean, now: number): ShownWork {
  const timeZone = answer.time_zone;
  if (!fromDevice) return { items: answer.data, today: answer.today, timeZone };
  return {
    items: selectWork(answer.data, type, { now, timeZone, autoworkTopic: answer.autowork_topic }),
    today: localDate(now, timeZone),
    timeZone,
  };
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The items whose title or course has every word of `search` (all items for an empty search). */
export function searchWork<T extends Pick<WorkItem, 'title' | 'course_name'>>(
  items: readonly T[],
  search: string,
): T[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const text = fold(`${item.title} ${item.course_name}`);
    return words.every((w) => text.includes(w));
  });
}
