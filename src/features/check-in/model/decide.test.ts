import { describe, expect, it } from 'vitest';
import { NOT_ARRIVED, type ScholarDay } from './day-state';
import { decideArrival, decideDeparture, reasonValue, staffAction } from './decide';

const inSchool: ScholarDay = {
  ...NOT_ARRIVED,
  state: 'in',
  arrivedAt: '2026-03-02T15:52:00Z',
  at: '2026-03-02T15:52:00Z',
};
const left: ScholarDay = { ...inSchool, state: 'left' };

describe('decisions', () => {
  it('records an arrival at once, asks a reason when late, and never records a second one', () => {
    expect(decideArrival(NOT_ARRIVED, false)).toEqual({ type: 'record' });
    expect(decideArrival(NOT_ARRIVED, true)).toEqual({ type: 'ask-reason' });
    expect(decideArrival(inSchool, false)).toEqual({ type: 'already', day: inSchool });
    expect(decideArrival(left, true)).toEqual({ type: 'already', day: left });
  });

  it('asks a reason for every early departure, unless the scholar is already gone', () => {
    expect(decideDeparture(inSchool)).toEqual({ type: 'ask-reason' });
    expect(decideDeparture(NOT_ARRIVED)).toEqual({ type: 'ask-reason' });
    expect(decideDeparture(left)).toEqual({ type: 'already', day: left });
    expect(decideDeparture({ ...left, state: 'signed_out' }).type).toBe('already');
  });

  it('gives staff check in or check out by state', () => {
    expect(staffAction('not_arrived')).toBe('arrival');
    expect(staffAction('in')).toBe('departure');
    expect(staffAction('left')).toBe('sign_in');
    expect(staffAction('signed_out')).toBe('sign_in');
  });

  it("records 'Other' reasons with the contract's prefix", () => {
    expect(reasonValue({ listed: 'Bus was late' })).toBe('Bus was late');
    expect(reasonValue({ other: '  Flat tyre ' })).toBe('Other: Flat tyre');
  });
});
