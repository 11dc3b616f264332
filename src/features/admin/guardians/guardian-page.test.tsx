import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { clearNotifications } from '../../../ui/notifications';
import GuardianPage from './guardian-page';
import { FakeGuardiansServer } from './test/fake-guardians-server';

let server: FakeGuardiansServer;
beforeEach(() => {
  server = new FakeGuardiansServer().install();
  clearNotifications();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const OFFICE = [
  'guardianships-view_any',
  'guardianships-view',
  'guardianships-create',
  'guardianships-update',
  'guardianships-delete',
];

async function renderPage(route: string, permissions: string[] = OFFICE) {
  const page = <GuardianPage permissions={permissions} />;
  const view = await renderWithProviders(
    <Routes>
      <Route path="/admin/guardians/new" element={page} />
      <Route path="/admin/guardians/:id" element={page} />
    </Routes>,
    { route },
  );
  return view;
}
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const scholarsSection = () => screen.getByRole('region', { name: 'Scholars' });

describe("A guardian's page", () => {
  it('shows the details and refuses bad fields in the browser, saying which, without a request', async () => {
    await renderPage('/admin/guardians/g-01');
    expect(await screen.findByRole('heading', { name: 'Parent01 Nguyen', level: 1 })).toBeTruthy();
    expect(field('Phone').value).toBe('(555) 010-1001');
    type('First name', '');
    type('Email', 'not-an-email');
    type('Phone', 'call me');
    save();
    expect(await screen.findByText('This form is incomplete. Please correct the fields in red.')).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('Invalid email address.')).toBeTruthy();
    expect(screen.getByText('Must be a phone number.')).toBeTruthy();
    expect(server.calls('POST', 'v2/guardians')).toHaveLength(0);
  });

  it('names the account that holds an email, keeps what was typed, and links to a guardian holding it', async () => {
    await renderPage('/admin/guardians/g-01');
    await screen.findByRole('heading', { name: 'Parent01 Nguyen', level: 1 });
    type('Phone', '555 010 7777');
    type('Email', 'office@demo.school');
    save();
    expect(await screen.findByText('Sam Office (staff) already uses this email.')).toBeTruthy();
    expect(field('Email').value).toBe('office@demo.school');
    expect(field('Phone').value).toBe('555 010 7777');
    type('Email', 'parent02.smith@example.com');
    save();
    expect(await screen.findByText('Parent02 Smith (guardian) already uses this email.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Parent02 Smith' }).getAttribute('href')).toBe(
      '/admin/guardians/g-02',
    );
    type('Email', 'new.address@example.com');
    save();
    await waitFor(() => expect(server.guardians.find((g) => g.id === 'g-01')?.email).toBe('new.address@example.com'));
    expect(server.guardians.find((g) => g.id === 'g-01')?.phone).toBe('555 010 7777');
  });

  it('links a scholar found by search, with the relationship and pick-up, then unlinks after confirming', async () => {
    await renderPage('/admin/guardians/g-01');
    await screen.findByRole('heading', { name: 'Parent01 Nguyen', level: 1 });
    expect(await within(scholarsSection()).findByText('Not linked to any scholar yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Link a scholar' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search scholars by name or student number' }), {
      target: { value: 'garcia' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Ben Garcia' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Relationship' }), { target: { value: 'grandparent' } });
    const pickUp = screen.getByRole('checkbox', { name: 'May pick up' }) as HTMLInputElement;
    fireEvent.click(pickUp);
    await waitFor(() => expect(pickUp.checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const card = await within(scholarsSection()).findByText('Ben Garcia');
    const item = card.closest('li') as HTMLElement;
    expect(within(item).getByText('Grandparent')).toBeTruthy();
    expect(within(item).getByText('May pick up')).toBeTruthy();
    expect(server.calls('POST', 'v2/guardianships')[0]?.body).toMatchObject({
      parent_id: 'g-01',
      scholar_id: 's-0002',
      relationship: 'grandparent',
      may_pick_up: true,
      id: expect.any(String),
    });

    fireEvent.click(within(item).getByRole('button', { name: 'Unlink Ben Garcia' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/no longer sees Ben Garcia in the Scholar Portal/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(within(scholarsSection()).getByText('Not linked to any scholar yet.')).toBeTruthy());
    expect(server.links).toHaveLength(0);
  });

  it('makes a new guardian, then opens their page; a retried create carries the same id', async () => {
    const view = await renderPage('/admin/guardians/new');
    type('First name', 'Marta');
    type('Last name', 'Ruiz');
    type('Email', 'marta.ruiz@example.com');
    fireEvent.change(screen.getByRole('combobox', { name: 'Preferred language' }), { target: { value: 'es' } });
    server.failNext('POST', /^v2\/guardians$/, 503, { message: 'Server Error. Please try again in a few minutes.' });
    fireEvent.click(screen.getByRole('button', { name: 'Add guardian' }));
    expect(await screen.findByText('Server Error. Please try again in a few minutes.')).toBeTruthy();
    expect(field('First name').value).toBe('Marta');
    fireEvent.click(screen.getByRole('button', { name: 'Add guardian' }));
    expect(await screen.findByRole('heading', { name: 'Marta Ruiz', level: 1 })).toBeTruthy();
    const [first, second] = server.calls('POST', 'v2/guardians');
    expect(first?.body?.id).toBe(second?.body?.id);
    expect(view.location().pathname).toBe(`/admin/guardians/${second?.body?.id}`);
    expect(server.guardians.at(-1)).toMatchObject({ language: 'es', phone: null });
  });

  it('offers Invite only to those who may send invitations, and shows the letter', async () => {
    await renderPage('/admin/guardians/g-01');
    await screen.findByRole('heading', { name: 'Parent01 Nguyen', level: 1 });
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
    await renderPage('/admin/guardians/g-01', [...OFFICE, 'invitations-create']);
    fireEvent.click(await screen.findByRole('button', { name: 'Invite' }));
    expect(await screen.findByRole('article', { name: /Parent01 Nguyen/ })).toBeTruthy();
    expect(server.calls('POST', 'v2/invitations')[0]?.body).toEqual({ user_id: 'g-01' });
  });

  it('shows someone who may only read the details and scholars, without Save, Link, Change or Unlink', async () => {
    server.link('g-01', 's-0001');
    await renderPage('/admin/guardians/g-01', ['guardianships-view_any', 'guardianships-view']);
    expect(await within(await screen.findByRole('region', { name: 'Scholars' })).findByText('Ana Garcia')).toBeTruthy();
    expect(field('Email').readOnly).toBe(true);
    for (const name of ['Save', 'Link a scholar', 'Change the link of Ana Garcia', 'Unlink Ana Garcia']) {
      expect(screen.queryByRole('button', { name }), name).toBeNull();
    }
  });

  it('says when the guardian does not exist', async () => {
    await renderPage('/admin/guardians/g-missing');
    expect(await screen.findByText(/This guardian does not exist/)).toBeTruthy();
  });
});
