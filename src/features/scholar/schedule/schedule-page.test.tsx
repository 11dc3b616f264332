import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortalClass } from '../../../contract';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ANA, FakePortalServer } from '../layout/fake-portal-server';
import { TestPortal } from '../layout/portal-test-context';
import SchedulePage from './schedule-page';

const lesson = (name: string, weekday: number, start_time: string, end_time: string): PortalClass => ({
  course_id: name,
  name,
  teacher: null,
  room: null,
  meet_url: null,
  weekday,
  start_time,
  end_time,
});

afterEach(() => vi.unstubAllGlobals());

describe('Scholar Portal: Schedule', () => {
  it('lists the classes by weekday, Monday first, only days with classes, today marked', async () => {
    const server = new FakePortalServer();
    server.answers.set(`v2/scholar/scholars/${ANA.id}/schedule`, {
      data: [
        lesson('Art', 5, '13:00', '13:50'),
        lesson('Math 7', 1, '08:30', '09:20'),
        lesson('Robotics', 5, '08:00', '08:50'),
      ],
    });
    server.install();
    await renderWithProviders(
      <TestPortal userId="schedule-1">
        <SchedulePage />
      </TestPortal>,
      { route: '/scholar/schedule' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Schedule' })).toBeTruthy();
    const days = await screen.findAllByRole('heading', { level: 2 });
    // Friday 27 November 2026 is today.
    expect(days.map((h) => h.textContent)).toEqual(['Monday', 'Friday Today']);
    const friday = screen.getByRole('region', { name: 'Friday Today' });
    expect(
      within(friday)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['8:00 AM– 8:50 AMRobotics', '1:00 PM– 1:50 PMArt']);
  });
});
