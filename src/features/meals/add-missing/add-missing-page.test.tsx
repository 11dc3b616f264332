import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import { nslpRecord } from '../../../offline/test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ada, type Fixture, LUNCH_TIME, makeFixture, mei } from '../test/meals-fixture';
import AddMissingPage from './add-missing-page';

let fixture: Fixture;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(LUNCH_TIME));
});
afterEach(() => {
  vi.useRealTimers();
  fixture.db.close();
});

async function renderForm(options: Parameters<typeof makeFixture>[0] = { online: true }) {
  fixture = await makeFixture(options);
  await renderWithProviders(fixture.wrap(<AddMissingPage />), {
    route: '/meals/add-meals-missing',
    queryClient: fixture.queryClient,
  });
  await screen.findByRole('form', { name: 'Add a missing meal' });
}

const field = (name: RegExp) => screen.getByLabelText(name);
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add meal' }));

function fill({ day = '2026-02-27', meal = 'lunch', scholarId = ada.id, reason = 'Scanner was down' } = {}) {
  fireEvent.change(field(/Day served/), { target: { value: day } });
  fireEvent.change(field(/Meal service/), { target: { value: meal } });
  fireEvent.change(screen.getByRole('combobox', { name: /Scholar/ }), { target: { value: scholarId } });
  fireEvent.change(field(/Reason/), { target: { value: reason } });
}

describe('Add Missing', () => {
  it('says which field is wrong and sends nothing', async () => {
    await renderForm();
    fill({ day: '2026-03-03', scholarId: '', reason: ' ' });
    submit();
    expect(await screen.findByText('The day cannot be after today.')).toBeTruthy();
    expect(screen.getByText('Choose the scholar.')).toBeTruthy();
    expect(screen.getByText('Say why the meal was not recorded at the line.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('This form is incomplete');
    expect(fixture.createMissing).not.toHaveBeenCalled();
  });

  it('sends an earlier day as added as missing, with the reason, and says it was added', async () => {
    await renderForm();
    fixture.createMissing.mockImplementation(async (body) =>
      nslpRecord({ scholar_id: ada.id, id: String(body.id), added_as_missing: true }),
    );
    fill();
    submit();
    expect((await screen.findByRole('status')).textContent).toContain('Lunch added for Ada Lovelace.');
    expect(fixture.createMissing).toHaveBeenCalledWith({
      id: expect.any(String),
      scholar_id: ada.id,
      meal_type: 'lunch',
      served_at: '2026-02-27T20:00:00.000Z',
      added_as_missing: true,
      missing_reason: 'Scanner was down',
    });
    expect(fixture.syncNow).toHaveBeenCalled();
    expect(await fixture.written()).toEqual([]);
  });

  it("shows the server's conflict plainly: the scholar already had that meal that day", async () => {
    await renderForm();
    fixture.createMissing.mockRejectedValue(
      new ApiError('This scholar already had lunch that day.', 409, {}, 'conflict', {
        ...nslpRecord({ scholar_id: mei.id, served_on: '2026-02-27', served_at: '2026-02-27T19:45:00.000Z' }),
      }),
    );
    fill({ scholarId: mei.id });
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent?.replace(/\s/g, ' ')).toContain(
      'Not counted: Mei Chen already had lunch that day (recorded at 11:45 AM).',
    );
  });

  it("refuses today's second meal from the device's records before sending", async () => {
    await renderForm({ online: true, meals: [nslpRecord({ scholar_id: ada.id, served_at: LUNCH_TIME })] });
    fill({ day: '2026-03-02' });
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Not counted: Ada Lovelace'));
    expect(fixture.createMissing).not.toHaveBeenCalled();
  });

  it('says a connection is needed when the server cannot be reached', async () => {
    await renderForm();
    fixture.createMissing.mockRejectedValue(new ApiError('The server cannot be reached.', 0));
    fill();
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('needs a connection');
  });
});
