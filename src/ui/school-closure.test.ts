import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSchoolTimeZone } from '../api/school-time-zone';
import { FakeServer, json } from '../test/fake-server';
import { closureOn } from './school-closure';

class ConfigServer extends FakeServer {
  protected route(): Response {
    return json(200, {
      google_client_id: null,
      school_name: 'Lincoln',
      time_zone: 'America/Chicago',
      version: 'test',
      closures: [{ name: 'Spring break', starts_on: '2027-03-29', ends_on: '2027-04-02' }],
    });
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('closureOn', () => {
  it('knows the closures of the config the time zone fetch kept, so a station signed in for weeks knows them', async () => {
    expect(closureOn('2027-03-31')).toBeNull();
    new ConfigServer().install();
    await getSchoolTimeZone();
    expect(closureOn('2027-03-29')).toBe('Spring break');
    expect(closureOn('2027-03-31')).toBe('Spring break');
    expect(closureOn('2027-04-02')).toBe('Spring break');
    expect(closureOn('2027-04-05')).toBeNull();
  });
});
