/**
 * The serving line on one screen: the service and its running count, the outcome of the last scholar, the search box,
 * and below it the search results (while something is typed) or the grid of photos. The badge scanner (USB, or the
 * camera when it is open) is listened to all the time, so the next scholar can scan while the last outcome is still on
 * screen.
 */
import { Stack } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { useBadgeScanner } from '../../../ui/badge-scanner/use-badge-scanner';
import { CameraPanel } from '../../../ui/scanner/camera-panel';
import { useStableCallback } from '../../../ui/use-stable-callback';
import type { MealDay } from '../station/use-meal-day';
import { MealSearchBox, MealSearchResults } from './meal-search';
import { OutcomePanel } from './outcome-panel';
import { RosterGrid } from './roster-grid';
import { ServicePicker } from './service-picker';
import { useMealLine } from './use-meal-line';

export interface MealLineProps {
  day: MealDay;
  now: number;
}

/** The line. */
export function MealLine({ day, now }: MealLineProps) {
  const line = useMealLine(day, now);
  useBadgeScanner(line.scan);
  // Stable handlers: the parts of the line are memoised, so the render that follows a tap's (the live list bringing
  // the meal) renders almost nothing before the confirmation is painted.
  const serve = useStableCallback(line.serve);
  const scan = useStableCallback(line.scan);
  const type = useStableCallback(line.type);
  const isServed = useStableCallback((scholarId: string) => line.firstMeal(scholarId) !== undefined);
  const searching = line.query.trim() !== '';
  // The grid stays mounted (hidden while a search shows), so a tap's commit does not build it again, and it keeps the
  // class chosen. Its 'Had lunch' marks follow once the outcome has painted (bench/meal-tap.mjs): `served` changes
  // whenever the answers of `isServed` may have.
  const served = useMemo(() => ({ ledger: day.ledger, count: line.count }), [day.ledger, line.count]);
  const gridServed = useAfterPaint(served);
  return (
    <Stack gap="5">
      <ServicePicker mealType={line.mealType} count={line.count} onChoose={line.chooseService} />
      <CameraPanel storageKey="school-ops.meals.camera" onCode={scan} />
      <OutcomePanel outcome={line.outcome} timeZone={day.timeZone} />
      <MealSearchBox query={line.query} onQuery={type} onScan={scan} />
      {searching && (
        <MealSearchResults
          index={day.index}
          query={line.query}
          mealType={line.mealType}
          isServed={isServed}
          onServe={serve}
        />
      )}
      <div hidden={searching}>
        <RosterGrid
          index={day.index}
          mealType={line.mealType}
          isServed={isServed}
          served={gridServed}
          onServe={serve}
        />
      </div>
    </Stack>
  );
}

/** `value`, updated in the task after the next frame is painted: for what may lag a tap's confirmation by a frame. */
function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown(value), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value]);
  return shown;
}
