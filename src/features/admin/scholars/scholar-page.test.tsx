import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { FakeScholarsServer } from '../test/fake-scholars-server';
import ScholarPage from './scholar-page';

let server: FakeScholarsServer;
beforeEach(() => {
  server = new FakeScholarsServer().install();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const OFFICE = [
  'demographics-view_any',
  'demographics-view',
  'demographics-create',
  'demographics-update',
  'authorized_pick_ups-view_any',
  'authorized_pick_ups-update',
  'meal_eligibility-view',
  'meal_eligibility-update',
];
const READER = ['demographics-view_any', 'demographics-view'];

async function renderPage(route: string, permissions = OFFICE) {
  return renderWithProviders(
    <Routes>
      <Route path="/admin/scholars/:id" element={<ScholarPage permissions={permissions} />} />
      <Route path="/admin/scholars" element={<p>The list</p>} />
    </Routes>,
    { route },
  );
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe("A scholar's page: adding", () => {
  it('says which fields are missing before sending anything, then adds the scholar and opens their page', async () => {
    const view = await renderPage('/admin/scholars/new');
    await screen.findByRole('heading', { name: 'Add a scholar' });
    type('First name', 'Ana');
    fireEvent.click(screen.getByRole('button', { name: 'Add the scholar' }));
    expect(await screen.findByText(/This form is incomplete/)).toBeTruthy();
    expect(server.calls('POST', 'v2/demographics')).toHaveLength(0);
    const form = within(screen.getByRole('form', { name: "Scholar's details" }));
    expect(form.getAllByText('This field is required.')).toHaveLength(3);
    expect(field('Last name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Student number').getAttribute('aria-invalid')).toBe('true');
    expect(field('First name').getAttribute('aria-invalid')).toBeNull();

    type('Last name', 'García');
    type('Student number', '7001');
    fireEvent.change(screen.getByRole('combobox', { name: /Grade/ }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the scholar' }));
    await waitFor(() => expect(view.location().pathname).not.toBe('/admin/scholars/new'));
    const [sent] = server.calls('POST', 'v2/demographics');
    expect(sent?.body).toMatchObject({ fname: 'Ana', lname: 'García', student_number: '7001', grade: '10' });
    expect(view.location().pathname).toBe(`/admin/scholars/${sent?.body?.id}`);
    expect(await screen.findByRole('heading', { name: 'Ana García' })).toBeTruthy();
  });

  it('refuses a duplicate student number naming its holder with a link, and keeps everything typed', async () => {
    await renderPage('/admin/scholars/new');
    await screen.findByRole('heading', { name: 'Add a scholar' });
    type('First name', 'Ana');
    type('Last name', 'García');
    type('Nickname', 'Anita');
    type('Student number', '1234');
    type('Homeroom', 'Room 3');
    fireEvent.change(screen.getByRole('combobox', { name: /Grade/ }), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the scholar' }));
    expect(await screen.findByText('Student number 1234 belongs to Jasmine Mitchell.')).toBeTruthy();
    expect(screen.getByRole('link', { name: "Open Jasmine Mitchell's record" }).getAttribute('href')).toBe(
      '/admin/scholars/s-1234',
    );
    expect(screen.getByText('This student number is already in use.')).toBeTruthy();
    expect(field('First name').value).toBe('Ana');
    expect(field('Last name').value).toBe('García');
    expect(field('Nickname').value).toBe('Anita');
    expect(field('Student number').value).toBe('1234');
    expect(field('Homeroom').value).toBe('Room 3');
    expect((screen.getByRole('combobox', { name: /Grade/ }) as HTMLSelectElement).value).toBe('9');
    // A new number: the same create (its id made once) goes through.
    const first = server.calls('POST', 'v2/demographics')[0]?.body?.id;
    type('Student number', '7002');
    fireEvent.click(screen.getByRole('button', { name: 'Add the scholar' }));
    expect(await screen.findByRole('heading', { name: 'Anita García' })).toBeTruthy();
    expect(server.calls('POST', 'v2/demographics')[1]?.body?.id).toBe(first);
  });

  it("shows the server's own field errors on an edit", async () => {
    await renderPage('/admin/scholars/s-3');
    await screen.findByRole('heading', { name: 'Scholar03 Lopez' });
    server.failNext('POST', /^v2\/demographics\/s-3$/, 422, {
      message: 'This form is incomplete.',
      code: 'validation',
      errors: { homeroom: ['Too long for a homeroom.'] },
    });
    type('Homeroom', 'Room 99');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too long for a homeroom.')).toBeTruthy();
    expect(field('Homeroom').value).toBe('Room 99');
  });
});

describe("A scholar's page: enrolment", () => {
  it('withdraws with a day and a reason, shows them, then re-enrols', async () => {
    await renderPage('/admin/scholars/s-1234');
    await screen.findByRole('heading', { name: 'Jasmine Mitchell' });
    const enrolment = () => within(screen.getByRole('region', { name: 'Enrolment' }));
    fireEvent.click(enrolment().getByRole('button', { name: 'Withdraw' }));
    const form = within(screen.getByRole('form', { name: 'Withdraw Jasmine Mitchell' }));
    fireEvent.change(form.getByLabelText(/Last day at school/), { target: { value: '2026-11-16' } });
    fireEvent.click(form.getByRole('button', { name: 'Withdraw the scholar' }));
    expect(await form.findByText('This field is required.')).toBeTruthy();
    expect(server.calls('POST', 'v2/demographics/s-1234/withdraw')).toHaveLength(0);
    fireEvent.change(form.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Moved away' } });
    fireEvent.click(form.getByRole('button', { name: 'Withdraw the scholar' }));
    expect(await enrolment().findByText('Reason: Moved away')).toBeTruthy();
    expect(server.calls('POST', 'v2/demographics/s-1234/withdraw')[0]?.body).toEqual({
      withdrawn_on: '2026-11-16',
      reason: 'Moved away',
    });
    expect(enrolment().getByText('Withdrawn')).toBeTruthy();
    expect(enrolment().getByText(/Withdrawn on/)).toBeTruthy();

    fireEvent.click(enrolment().getByRole('button', { name: 'Re-enrol' }));
    const back = within(screen.getByRole('form', { name: 'Re-enrol Jasmine Mitchell' }));
    fireEvent.change(back.getByLabelText(/First day back/), { target: { value: '2026-11-30' } });
    fireEvent.click(back.getByRole('button', { name: 'Re-enrol the scholar' }));
    expect(await enrolment().findByText(/Enrolled again since/)).toBeTruthy();
    expect(server.calls('POST', 'v2/demographics/s-1234/reenrol')[0]?.body).toEqual({ enrolled_on: '2026-11-30' });
    expect(enrolment().queryByText(/Reason:/)).toBeNull();
  });

  it('a reader sees the record and its status without any way to change them', async () => {
    server.scholars = server.scholars.map((s) =>
      s.id === 's-14' ? { ...s, active: false, withdrawn_on: '2026-10-01', withdrawal_reason: 'Moved away' } : s,
    );
    await renderPage('/admin/scholars/s-14', READER);
    await screen.findByRole('heading', { name: 'Scholar14 Kim' });
    expect(screen.getByText('Reason: Moved away')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Re-enrol' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(field('First name').disabled).toBe(true);
  });
});

describe("A scholar's page: meal eligibility", () => {
  it('shows the history and records a determination for those who keep it', async () => {
    server.history.set('s-5', [
      { eligibility: 'reduced', effective_from: '2026-09-01', created_at: STAMP },
      { eligibility: 'paid', effective_from: '-infinity', created_at: STAMP },
    ]);
    await renderPage('/admin/scholars/s-5');
    const meals = within(await screen.findByRole('region', { name: 'Meal eligibility' }));
    expect(within(await meals.findByRole('table')).getByText('Reduced')).toBeTruthy();
    expect(meals.getByRole('cell', { name: 'Since the record began' })).toBeTruthy();
    fireEvent.change(meals.getByRole('combobox', { name: 'New category' }), { target: { value: 'free' } });
    fireEvent.change(meals.getByLabelText('Effective from'), { target: { value: '2026-11-02' } });
    fireEvent.click(meals.getByRole('button', { name: 'Save the determination' }));
    await waitFor(() =>
      expect(server.calls('POST', 'v2/demographics/s-5/meal_eligibility')[0]?.body).toEqual({
        meal_eligibility: 'free',
        meal_eligibility_effective: '2026-11-02',
      }),
    );
    const region = within(await screen.findByRole('region', { name: 'Meal eligibility' }));
    expect(await region.findByText(/Current: Free/)).toBeTruthy();
    await waitFor(() => expect(within(region.getByRole('table')).getAllByRole('row')).toHaveLength(4));
    expect(within(region.getByRole('table')).getByText('Free')).toBeTruthy();
  });

  it('is not shown, nor asked for, without the eligibility permissions', async () => {
    await renderPage('/admin/scholars/s-5', READER);
    await screen.findByRole('heading', { name: 'Scholar05 Patel' });
    expect(screen.queryByRole('region', { name: 'Meal eligibility' })).toBeNull();
    expect(server.calls('GET', 'v2/demographics/s-5/meal_eligibility_history')).toHaveLength(0);
  });
});

describe("A scholar's page: pick-up adults and badge", () => {
  it('lists the adults read only with a link to their editing screen, and the badge QR', async () => {
    server.pickUps = [
      {
        id: 'p-1',
        scholar_id: 's-1234',
        full_name: 'Grace Mitchell',
        relationship: 'Grandmother',
        phone: '555-0100',
        photo_id: null,
        status: 'authorized',
        notes: null,
        valid_from: null,
        valid_until: null,
        active: true,
        created_at: STAMP,
        updated_at: STAMP,
      },
    ];
    await renderPage('/admin/scholars/s-1234');
    const adults = within(await screen.findByRole('region', { name: 'Authorized pick-up adults' }));
    expect(await adults.findByText('Grace Mitchell')).toBeTruthy();
    expect(adults.getByText('Grandmother · 555-0100')).toBeTruthy();
    expect(adults.getByRole('link', { name: 'Edit the pick-up adults' }).getAttribute('href')).toBe(
      '/sign-out/edit-authorized-pick-ups?scholar=s-1234',
    );
    expect(server.calls('GET', 'v2/authorized_pick_ups')[0]?.query.get('filter[scholar_id]')).toBe('s-1234');
    expect(screen.getByRole('img', { name: 'Badge QR code of Jasmine Mitchell' })).toBeTruthy();
  });

  it('says when there is no such scholar', async () => {
    await renderPage('/admin/scholars/nobody');
    expect(await screen.findByText(/There is no scholar with this link/)).toBeTruthy();
  });
});

const STAMP = '2026-09-01T16:00:00.000Z';
