import 'fake-indexeddb/auto';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DismissalChange, uuidv7 } from '../../../contract';
import { renderWithProviders } from '../../../test/render-with-providers';
import SignOutPage from '../line/sign-out-page';
import { ada, type Fixture, jose, makeFixture, mother, PICK_UP_TIME, TODAY } from '../station/station-fixture';

const LINE = ['check_ins-create', 'authorized_pick_ups-view_any', 'dismissal-view_any'];
const SEARCH = 'Find a scholar by name or student number';
let fixture: Fixture;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(PICK_UP_TIME));
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  fixture.db.close();
});

/** A confirmed change as the sync pull stores it on the device. */
const change = (extra: Partial<DismissalChange> & { scholar_id: string }): DismissalChange => ({
  id: uuidv7(),
  request_id: uuidv7(),
  scholar_name: '',
  plan: 'walker',
  detail: null,
  pick_up_id: null,
  pick_up_name: null,
  starts_on: TODAY,
  ends_on: TODAY,
  weekday: null,
  note: null,
  status: 'confirmed',
  requested_by_name: null,
  requested_at: '2026-03-02T16:00:00.000Z',
  decided_at: '2026-03-02T17:00:00.000Z',
  decided_by_name: null,
  auto_confirmed: false,
  decision_note: null,
  withdrawn_at: null,
  updated_at: '2026-03-02T17:00:00.000Z',
  ...extra,
});

async function openPickUp(changes: DismissalChange[], query: string, name: string) {
  fixture = await makeFixture({
    scholars: [ada, { ...jose, dismissal_plan: 'bus', dismissal_detail: '7' }],
  });
  await fixture.db.dismissal_changes.bulkPut(changes);
  await renderWithProviders(fixture.wrap(<SignOutPage permissions={LINE} resetAfterMs={60_000} />), {
    route: '/sign-out',
    queryClient: fixture.queryClient,
  });
  fireEvent.change(await screen.findByRole('searchbox', { name: SEARCH }), { target: { value: query } });
  fireEvent.click(await screen.findByRole('button', { name: `Open the pick-up list of ${name}` }));
  await screen.findByRole('heading', { name: `Pick-up for ${name}` });
  return screen.getByRole('region', { name: 'Going home today' });
}

describe('the plan for today on the pick-up screen', () => {
  it('shows "Walker today" for a confirmed change from the device, with the usual plan beside it', async () => {
    const plan = await openPickUp([change({ scholar_id: ada.id })], 'lovel', 'Ada Lovelace');
    expect(await within(plan).findByText('Walker today')).toBeTruthy();
    expect(within(plan).getByText('A change from the family. Usually: picked up')).toBeTruthy();
    // The adults stay as they are: a change never adds or removes anyone.
    expect(screen.getByRole('button', { name: 'Sign Ada Lovelace out with Grace Lovelace' })).toBeTruthy();
  });

  it('shows the default plan without a change, and ignores a change of another day or not confirmed', async () => {
    const plan = await openPickUp(
      [
        change({ scholar_id: jose.id, starts_on: '2026-03-03', ends_on: '2026-03-03' }),
        change({ scholar_id: jose.id, status: 'pending' }),
      ],
      'núñez',
      'José Núñez',
    );
    expect(await within(plan).findByText('Bus today: 7')).toBeTruthy();
    expect(within(plan).queryByText(/A change from the family/)).toBeNull();
  });

  it('names the adult of a pick-up change, and a weekly change on its weekday', async () => {
    const monday = 1;
    const plan = await openPickUp(
      [
        change({
          scholar_id: ada.id,
          plan: 'pick_up',
          pick_up_id: mother.id,
          pick_up_name: 'Grace Lovelace',
          starts_on: '2026-02-23',
          ends_on: '2026-06-19',
          weekday: monday,
        }),
      ],
      'lovel',
      'Ada Lovelace',
    );
    expect(await within(plan).findByText('Picked up today by Grace Lovelace')).toBeTruthy();
  });
});
