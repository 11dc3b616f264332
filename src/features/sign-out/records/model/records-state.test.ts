import { describe, expect, it } from 'vitest';
import {
  RECORDS_DEFAULTS,
  readRecordsState,
  resolveRange,
  toRecordsListParams,
  writeRecordsState,
} from './records-state';

describe('View Records state in the URL', () => {
  it('writes only what differs from the defaults and reads it back', () => {
    const state = {
      ...RECORDS_DEFAULTS,
      from: '2030-03-01',
      kinds: 'all' as const,
      method: 'scan' as const,
      flaggedOnly: true,
      scholarId: 's1',
      pickUpId: 'p1',
      adult: 'Joe',
      sort: 'occurred_at',
      page: 3,
      perPage: 50,
    };
    const params = writeRecordsState(state);
    expect(params.toString()).toBe(
      'from=2030-03-01&kinds=all&method=scan&flagged=1&scholar=s1&pick_up=p1&adult=Joe&sort=occurred_at&page=3&per_page=50',
    );
    expect(readRecordsState(params)).toEqual(state);
    expect(writeRecordsState(RECORDS_DEFAULTS).toString()).toBe('');
  });

  it('falls back to the defaults for what a hand-edited link gets wrong', () => {
    const state = readRecordsState(
      new URLSearchParams('from=2030-02-30&kinds=everything&method=fax&sort=name&page=-1&per_page=7&flagged=yes'),
    );
    expect(state).toEqual(RECORDS_DEFAULTS);
  });

  it('reads an empty range as today, and an empty start as the end', () => {
    expect(resolveRange({ from: '', to: '' }, '2030-03-04')).toEqual({ from: '2030-03-04', to: '2030-03-04' });
    expect(resolveRange({ from: '2030-03-01', to: '' }, '2030-03-04')).toEqual({
      from: '2030-03-01',
      to: '2030-03-04',
    });
    expect(resolveRange({ from: '', to: '2030-02-10' }, '2030-03-04')).toEqual({
      from: '2030-02-10',
      to: '2030-02-10',
    });
  });

  it('asks the API for sign-outs and returns by default, every kind on request, the typed adult as search', () => {
    expect(toRecordsListParams(RECORDS_DEFAULTS, '2030-03-04')).toEqual({
      filter: {
        from: '2030-03-04',
        to: '2030-03-04',
        kind: 'sign_out,sign_in',
        method: undefined,
        flagged: undefined,
        scholar_id: undefined,
        pick_up_id: undefined,
      },
      search: undefined,
      sort: '-occurred_at',
      page: 1,
      per_page: 25,
    });
    const all = toRecordsListParams(
      { ...RECORDS_DEFAULTS, kinds: 'all', flaggedOnly: true, adult: ' Joe ', pickUpId: 'p1' },
      '2030-03-04',
    );
    expect(all.filter?.kind).toBe('sign_out,sign_in,arrival,departure');
    expect(all.filter?.flagged).toBe('true');
    expect(all.filter?.pick_up_id).toBe('p1');
    expect(all.search).toBe('Joe');
  });
});
