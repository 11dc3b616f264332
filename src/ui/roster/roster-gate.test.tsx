import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { TIME_ZONE_STORAGE_KEY } from '../intl-format';
import { StationNotices } from './roster-gate';

afterEach(() => localStorage.clear());

describe('StationNotices', () => {
  it("says when the roster was updated in the station header's words, on the school's clock", async () => {
    // The school is in New York; whatever the device's own zone, the header and this line read the school's clock.
    localStorage.setItem(TIME_ZONE_STORAGE_KEY, 'America/New_York');
    await renderWithProviders(
      <StationNotices day={{ online: true, snapshotAt: Date.parse('2026-11-17T19:40:00Z') }} offlineText="Offline" />,
    );
    expect(screen.getByText('Roster updated Tuesday, November 17 at 2:40 PM')).toBeTruthy();
    expect(screen.queryByText('Offline')).toBeNull();
  });
});
