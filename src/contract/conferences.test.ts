import { describe, expect, it } from 'vitest';
import { ConferenceCreateSchema, conferenceSpan } from './conferences';

describe('conferenceSpan', () => {
  it('is null without sign-ins', () => {
    expect(conferenceSpan([], 20)).toBeNull();
  });

  it('runs from the first sign-in to the last plus one conference', () => {
    const span = conferenceSpan(
      ['2026-11-20T23:40:00.000Z', '2026-11-20T23:00:00.000Z', '2026-11-21T00:10:00.000Z'],
      20,
    );
    expect(span).toEqual({ started_at: '2026-11-20T23:00:00.000Z', ended_at: '2026-11-21T00:30:00.000Z', minutes: 90 });
  });

  it('one sign-in gives one conference', () => {
    expect(conferenceSpan(['2026-11-20T23:00:00Z'], 15)?.minutes).toBe(15);
  });
});

describe('ConferenceCreateSchema', () => {
  const ok = {
    title: 'Fall Scholar Led Conferences',
    body: 'Welcome.',
    held_on: '2026-11-20',
    start_time: '15:00',
    end_time: '19:00',
  };
  it('defaults the minutes per scholar and no teacher', () => {
    expect(ConferenceCreateSchema.parse(ok)).toMatchObject({ minutes_per_scholar: 20, teacher_id: null, grades: [] });
  });
  it('wants the end after the start', () => {
    const parsed = ConferenceCreateSchema.safeParse({ ...ok, end_time: '14:00' });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'))).toEqual(['end_time']);
  });
});
