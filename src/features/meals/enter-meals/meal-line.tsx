/**
 * The serving line on one screen: the service and its running count, the outcome of the last scholar, the search box,
 * and below it the search results (while something is typed) or the grid of photos. The badge scanner (USB, or the
 * camera when it is open) is listened to all the time, so the next scholar can scan while the last outcome is still on
 * screen.
 */
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

/** The line's column: a plain element, since the line renders with every tap (a Chakra Stack resolves its style). */
const LINE_STYLE = { display: 'flex', flexDirection: 'column', gap: 'var(--chakra-spacing-5)' } as const;

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
  // A tap empties the search with its outcome, but the results stay (and the grid hidden) until the outcome has been
  // painted: taking them down and laying out the grid is most of a frame's work, which would hold the confirmation
  // back a frame (bench/meal-tap.mjs). Typing shows its results at once.
  const shownQuery = useHeldUntilPainted(line.query);
  const searching = shownQuery.trim() !== '';
  // The grid stays mounted (hidden while a search shows), so a tap's commit does not build it again, and it keeps the
  // class chosen. Its 'Had lunch' marks, and the results', follow once the outcome has painted: `served` changes
  // whenever the answers of `isServed` may have.
  const served = useMemo(() => ({ ledger: day.ledger, count: line.count }), [day.ledger, line.count]);
  const servedAfterPaint = useAfterPaint(served);
  return (
    <div style={LINE_STYLE}>
      <ServicePicker mealType={line.mealType} offered={line.offered} count={line.count} onChoose={line.chooseService} />
      <CameraPanel storageKey="school-ops.meals.camera" onCode={scan} />
      <OutcomePanel outcome={line.outcome} timeZone={day.timeZone} />
      <MealSearchBox query={line.query} onQuery={type} onScan={scan} />
      {searching && (
        <MealSearchResults
          index={day.index}
          query={shownQuery}
          mealType={line.mealType}
          isServed={isServed}
          served={servedAfterPaint}
          onServe={serve}
        />
      )}
      <div hidden={searching}>
        <RosterGrid
          index={day.index}
          mealType={line.mealType}
          isServed={isServed}
          served={servedAfterPaint}
          onServe={serve}
        />
      </div>
    </div>
  );
}

/** Calls `then` in the task after the next frame is painted; the returned function cancels it. */
function afterPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** `value`, updated in the task after the next frame is painted: for what may lag a tap's confirmation by a frame. */
function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => afterPaint(() => setShown(value)), [value]);
  return shown;
}

/**
 * The search text the results follow: the box's own text, except that when the box is emptied the last text stays
 * until the next frame has been painted.
 */
export function useHeldUntilPainted(query: string): string {
  const [previous, setPrevious] = useState(query);
  const [held, setHeld] = useState<string | null>(null);
  if (query !== previous) {
    // Adjusting state to a new prop while rendering (React's pattern for it): no extra commit.
    setPrevious(query);
    setHeld(query.trim() === '' && previous.trim() !== '' ? previous : null);
  }
  useEffect(() => (held === null ? undefined : afterPaint(() => setHeld(null))), [held]);
  return held ?? query;
}
