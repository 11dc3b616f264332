/**
 * The demo school's office messengers (F4): scholars of grades 5 to 8 on duty Monday to Friday, two posts at a time,
 * in three blocks of the morning and one after lunch, so the schedule has someone on duty most of the school day.
 */
import { uuidv7 } from '../../../src/contract';
import type { Random } from './names';

const BLOCKS = [
  ['08:00', '09:30'],
  ['09:30', '11:00'],
  ['11:00', '12:00'],
  ['12:30', '15:00'],
] as const;
const POSTS = ['Front desk', 'Attendance office'] as const;

export interface MessengerRow {
  id: string;
  scholar_id: string;
  weekday: number;
  start_time: string;
  end_time: string;
  post: string;
}

/** One duty per weekday, block and post, each given to a scholar of grades 5 to 8 drawn by the seeded random. */
export function planMessengers(rnd: Random, scholars: readonly { id: string; grade: string }[]): MessengerRow[] {
  const pool = scholars.filter((s) => ['5', '6', '7', '8'].includes(s.grade));
  if (!pool.length) return [];
  const rows: MessengerRow[] = [];
  for (let weekday = 1; weekday <= 5; weekday++) {
    for (const [start_time, end_time] of BLOCKS) {
      for (const post of POSTS) {
        const scholar = rnd.pick(pool);
        rows.push({ id: uuidv7(), scholar_id: scholar.id, weekday, start_time, end_time, post });
      }
    }
  }
  return rows;
}
