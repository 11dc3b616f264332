import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeServer, json } from '../test/fake-server';
import { CONFIG_STORAGE_KEY } from './config-keys';
import { getSchoolTimeZone, TIME_ZONE_STORAGE_KEY } from './school-time-zone';

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

describe('the school time zone', () => {
  it('keeps the zone and the whole config, so a station signed in for weeks knows the coming closures', async () => {
    new ConfigServer().install();
    expect(await getSchoolTimeZone()).toBe('America/Chicago');
    expect(localStorage.getItem(TIME_ZONE_STORAGE_KEY)).toBe('America/Chicago');
    // src/ui/school-closure.test.ts reads the closures from what is kept here.
    expect(JSON.parse(localStorage.getItem(CONFIG_STORAGE_KEY) ?? '{}')).toMatchObject({
      school_name: 'Lincoln',
      closures: [{ name: 'Spring break', starts_on: '2027-03-29', ends_on: '2027-04-02' }],
    });
  });
});
