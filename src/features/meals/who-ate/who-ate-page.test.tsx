import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../../test/csv-capture';
import { FakeMealsServer, makeRecord, makeScholar } from '../records/test/fake-meals-server';
import { renderMealsScreen } from '../records/test/render-meals';
import { getPhoto } from './api/get-photo';
import { PhotoSourceProvider } from './scholar-photo';
import WhoAtePage from './who-ate-page';

const scholars = [
  makeScholar('s1', 'Ana', 'Garcia', { grade: '7', homeroom: 'Room 12', photo_id: 'p1', meal_eligibility: 'free' }),
  makeScholar('s2', 'Ben', 'Nguyen', { grade: '7', homeroom: 'Room 12', meal_eligibility: 'reduced' }),
  makeScholar('s3', 'Cara', 'Lopez', { grade: '8', homeroom: 'Room 21' }),
  makeScholar('s4', 'Dan', 'Ortiz', { grade: '8', homeroom: 'Room 21' }),
];

let server: FakeMealsServer;
let downloads: ReturnType<typeof captureDownloads>;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 12:10 in Los Angeles: lunch time.
  vi.setSystemTime(new Date('2030-03-04T20:10:00.000Z'));
  server = new FakeMealsServer(scholars, [
    makeRecord('r1', 's1', { eligibility: 'free', served_at: '2030-03-04T20:02:00.000Z' }),
    makeRecord('r2', 's3', { added_as_missing: true, missing_reason: 'Paper roster' }),
    makeRecord('r3', 's4', { meal_type: 'breakfast' }),
  ]).install();
  server.photos.set('p1', new Uint8Array([137, 80, 78, 71]));
  downloads = captureDownloads();
});
afterEach(() => {
  downloads.restore();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const noLocalPhotos = { useLocalPhoto: () => null, fetchPhoto: getPhoto };

async function renderPage(route = '/meals/view-who-ate') {
  const view = await renderMealsScreen(
    <PhotoSourceProvider source={noLocalPhotos}>
      <WhoAtePage permissions={['nslp_records-view_any', 'demographics-update']} />
    </PhotoSourceProvider>,
    { route },
  );
  await screen.findByRole('region', { name: 'Everyone shown' });
  return view;
}
const group = (name: string) => within(screen.getByRole('region', { name }));

describe('View Who Ate', () => {
  it("shows today's service of this time of day, who ate and who did not, per grade and homeroom, with counts", async () => {
    await renderPage();
    const asked = server.calls('GET', 'v2/nslp_records').at(-1)?.query;
    expect(asked?.get('filter[served_on]')).toBe('2030-03-04');
    expect(asked?.get('filter[meal_type]')).toBe('lunch');
    expect((screen.getByLabelText('Service') as HTMLSelectElement).value).toBe('lunch');
    expect((screen.getByLabelText('Day') as HTMLInputElement).value).toBe('2030-03-04');

    expect(group('Everyone shown').getByText('2 ate, 2 did not, 4 in all')).toBeTruthy();
    const seventh = group('Grade 7 · Room 12');
    expect(seventh.getByText('1 ate, 1 did not, 2 in all')).toBeTruthy();
    const ate = within(seventh.getByRole('list', { name: 'Grade 7 · Room 12: Ate' }));
    expect(ate.getByText('Ana Garcia')).toBeTruthy();
    expect(ate.getByText('Served at 12:02 PM')).toBeTruthy();
    expect(
      within(seventh.getByRole('list', { name: 'Grade 7 · Room 12: Did not eat' })).getByText('Ben Nguyen'),
    ).toBeTruthy();

    const eighth = group('Grade 8 · Room 21');
    expect(within(eighth.getByRole('list', { name: 'Grade 8 · Room 21: Ate' })).getByText(/Added later/)).toBeTruthy();
    // Dan had breakfast, not lunch.
    expect(
      within(eighth.getByRole('list', { name: 'Grade 8 · Room 21: Did not eat' })).getByText('Dan Ortiz'),
    ).toBeTruthy();
  });

  it('never shows eligibility, even to those who may see it', async () => {
    await renderPage();
    expect(screen.queryByText(/free/i)).toBeNull();
    expect(screen.queryByText(/reduced/i)).toBeNull();
    expect(screen.queryByText(/paid/i)).toBeNull();
  });

  it('shows the photos fetched with the token, and initials without one', async () => {
    await renderPage();
    // jsdom loads no images, so the avatar keeps its image hidden: look at the element itself.
    const img = await waitFor(() => {
      const found = document.querySelector<HTMLImageElement>('img[alt="Ana Garcia"]');
      if (!found) throw new Error('no photo yet');
      return found;
    });
    expect(img.getAttribute('src')).toMatch(/^blob:test-/);
    expect(server.calls('GET', 'v2/photos/p1')).toHaveLength(1);
    expect(document.querySelector('img[alt="Ben Nguyen"]')).toBeNull();
  });

  it('changes the day and service, and filters by grade, homeroom and name', async () => {
    const view = await renderPage();
    fireEvent.change(screen.getByLabelText('Service'), { target: { value: 'breakfast' } });
    await waitFor(() =>
      expect(server.calls('GET', 'v2/nslp_records').at(-1)?.query.get('filter[meal_type]')).toBe('breakfast'),
    );
    await waitFor(() => expect(group('Everyone shown').getByText('1 ate, 3 did not, 4 in all')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2030-03-03' } });
    await waitFor(() =>
      expect(server.calls('GET', 'v2/nslp_records').at(-1)?.query.get('filter[served_on]')).toBe('2030-03-03'),
    );
    expect(new URLSearchParams(view.location().search).get('day')).toBe('2030-03-03');

    fireEvent.change(screen.getByLabelText('Grade'), { target: { value: '8' } });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Grade 7 · Room 12' })).toBeNull());
    expect(group('Everyone shown').getByText('0 ate, 2 did not, 2 in all')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search a name'), { target: { value: 'ortiz' } });
    await waitFor(() => expect(group('Everyone shown').getByText('0 ate, 1 did not, 1 in all')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Search a name'), { target: { value: 'nobody' } });
    expect(await screen.findByText('No scholars match these filters.')).toBeTruthy();
  });

  it('shows the offline message with Retry, then the groups once the connection is back', async () => {
    server.offline = true;
    await renderMealsScreen(<WhoAtePage />, { route: '/meals/view-who-ate' });
    expect(await screen.findByText(/Meal records are read from the server/)).toBeTruthy();
    server.offline = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Everyone shown' })).toBeTruthy();
  });
});
