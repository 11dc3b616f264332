/**
 * What a screen has just written, kept until the live list shows it: the state a second tap must be decided on in
 * the milliseconds before the live query has caught up. Only today's writes count, so a kiosk that stays open
 * overnight starts the next school day with nobody 'already arrived'.
 */
import { useRef } from 'react';
import { applyEvent, type DayEvent, dayOf, latestDay, type ScholarDay } from '../model/day-state';
import { schoolDayOf } from '../model/school-clock';
import type { CheckInDay } from './use-check-in-day';

/** A scholar's day as the screen must see it, and how to note a write. */
export function useWrittenDays(day: Pick<CheckInDay, 'days' | 'today' | 'timeZone'>) {
  const written = useRef(new Map<string, ScholarDay>());
  const isToday = (d: ScholarDay | undefined) =>
    d?.at !== null && d?.at !== undefined && schoolDayOf(d.at, day.timeZone) === day.today;
  const dayFor = (id: string): ScholarDay => {
    const mine = written.current.get(id);
    return latestDay(dayOf(day.days, id), isToday(mine) ? mine : undefined);
  };
  return {
    dayFor,
    /** Notes a check-in just written for this scholar. */
    remember(id: string, event: Pick<DayEvent, 'kind' | 'occurred_at' | 'reason' | 'late' | 'pending'>): ScholarDay {
      const next = applyEvent(dayFor(id), event);
      written.current.set(id, next);
      return next;
    },
  };
}
