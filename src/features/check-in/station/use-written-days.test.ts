import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deriveDayStates } from '../model/day-state';
import { useWrittenDays } from './use-written-days';

const ZONE = 'America/Los_Angeles';

describe('useWrittenDays', () => {
  it('keeps what was just written ahead of the live list, for today only', () => {
    const days = deriveDayStates([]);
    const { result, rerender } = renderHook((props) => useWrittenDays(props), {
      initialProps: { days, today: '2026-03-02', timeZone: ZONE },
    });
    const arrival = { kind: 'arrival' as const, occurred_at: '2026-03-02T15:50:00.000Z', reason: null, late: false };
    result.current.remember('a', { ...arrival, pending: true });
    expect(result.current.dayFor('a').state).toBe('in');
    expect(result.current.dayFor('b').state).toBe('not_arrived');

    // The kiosk stayed open overnight: yesterday's arrival does not count today.
    rerender({ days, today: '2026-03-03', timeZone: ZONE });
    expect(result.current.dayFor('a').state).toBe('not_arrived');
  });
});
