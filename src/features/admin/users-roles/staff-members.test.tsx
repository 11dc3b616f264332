import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { clearNotifications, getSnapshot } from '../../../ui/notifications';
import { FakeAdminServer } from '../test/fake-admin-server';
import UsersRolesPage from './users-roles-page';

let server: FakeAdminServer;

beforeEach(() => {
  server = new FakeAdminServer().install();
  clearNotifications();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const OFFICE = '0190f3c4-0000-7000-8000-000000000001';
const ADMIN = ['users-create', 'users-update', 'roles-update', 'invitations-create', 'timesheets-view_any'];

async function renderPage(permissions: string[] = ADMIN, route = '/admin/users-roles') {
  const view = await renderWithProviders(<UsersRolesPage permissions={permissions} />, { route });
  await screen.findByRole('table');
  return view;
}

const rowOf = (name: string) => {
  const row = screen.getByRole('cell', { name }).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};
const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) }), { target: { value } });
const typedIn = (dialog: HTMLElement, label: string) =>
  (within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) }) as HTMLInputElement).value;
/** Clicks a checkbox and waits until the screen's state has it (the box's root says so), not the input alone. */
async function tick(box: HTMLInputElement, checked: boolean) {
  fireEvent.click(box);
  await waitFor(() => {
    expect(box.checked).toBe(checked);
    expect(box.closest('label')?.getAttribute('data-state')).toBe(checked ? 'checked' : 'unchecked');
  });
}

describe('Add staff member', () => {
  it('is offered only with users-create', async () => {
    await renderPage(['users-update']);
    expect(screen.queryByRole('button', { name: 'Add staff member' })).toBeNull();
  });

  it('says which fields are wrong, then names whose email it is, keeping what was typed', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Add staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff member' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('This form is incomplete. Please correct the fields in red.')).toBeTruthy();
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(2);
    expect(within(dialog).getByText('Invalid email address.')).toBeTruthy();
    expect(server.calls('POST', 'v2/users')).toHaveLength(0);

    type(dialog, 'First name', 'Rosa');
    type(dialog, 'Last name', 'Mendez');
    type(dialog, 'Email', 'Person04.Kim@demo.school');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('This email address is already in use.')).toBeTruthy();
    expect(within(dialog).getByText('It belongs to Person04 Kim (Staff, Active).')).toBeTruthy();
    expect(typedIn(dialog, 'First name')).toBe('Rosa');
    expect(typedIn(dialog, 'Last name')).toBe('Mendez');
    expect(typedIn(dialog, 'Email')).toBe('Person04.Kim@demo.school');
    expect(server.users.filter((u) => u.fname === 'Rosa')).toHaveLength(0);
  });

  it('creates the account with its roles and exempt flag in one request, then sends the invitation', async () => {
    // Role ids are UUIDs on the server, and the form checks them with the contract's schema.
    server.roles = server.roles.map((r) => (r.id === 'role-office' ? { ...r, id: OFFICE } : r));
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Add staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff member' });
    type(dialog, 'First name', 'Rosa');
    type(dialog, 'Last name', 'Mendez');
    type(dialog, 'Email', 'rosa.mendez@demo.school');
    await tick((await within(dialog).findByRole('checkbox', { name: 'Front Office' })) as HTMLInputElement, true);
    await tick(within(dialog).getByRole('checkbox', { name: /Exempt/ }) as HTMLInputElement, true);
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Send the invitation now' }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    const letter = await screen.findByRole('article', { name: 'Invitation letter for Rosa Mendez' });
    expect(letter).toBeTruthy();
    const creates = server.calls('POST', 'v2/users').filter((r) => r.path === 'v2/users');
    expect(creates).toHaveLength(1);
    expect(creates[0]?.body).toMatchObject({
      type: 'staff',
      fname: 'Rosa',
      lname: 'Mendez',
      email: 'rosa.mendez@demo.school',
      exempt: true,
      role_ids: [OFFICE],
    });
    const created = server.users.find((u) => u.email === 'rosa.mendez@demo.school');
    expect(created?.roles).toEqual([{ id: OFFICE, name: 'Front Office' }]);
    expect(server.calls('POST', 'v2/invitations')[0]?.body).toEqual({ user_id: created?.id });
    expect(getSnapshot().current?.text).toBe('Rosa Mendez was added.');
  });

  it('without roles-update and invitations-create, sends no roles and no invitation', async () => {
    await renderPage(['users-create']);
    fireEvent.click(screen.getByRole('button', { name: 'Add staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff member' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Front Office' })).toBeNull();
    expect(within(dialog).queryByRole('checkbox', { name: 'Send the invitation now' })).toBeNull();
    type(dialog, 'First name', 'Lee');
    type(dialog, 'Last name', 'Park');
    type(dialog, 'Email', 'lee.park@demo.school');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const body = server.calls('POST', 'v2/users').find((r) => r.path === 'v2/users')?.body;
    expect(body).not.toHaveProperty('role_ids');
    expect(server.calls('POST', 'v2/invitations')).toHaveLength(0);
  });
});

describe('Edit staff member', () => {
  it('changes the exempt flag, sending only it, and the list shows it', async () => {
    await renderPage();
    expect(within(rowOf('Person04 Kim')).getByText('Non-exempt')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Person04 Kim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Person04 Kim' });
    expect(typedIn(dialog, 'Email')).toBe('person04.kim@demo.school');
    await tick(within(dialog).getByRole('checkbox', { name: /Exempt/ }) as HTMLInputElement, true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(rowOf('Person04 Kim')).getByText('Exempt')).toBeTruthy());
    expect(server.calls('POST', 'v2/users/user-4')[0]?.body).toEqual({ _method: 'PATCH', exempt: true });
  });

  it('refuses an email in use naming whose it is, and keeps the dialog as typed', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Person04 Kim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Person04 Kim' });
    type(dialog, 'First name', 'Kimberly');
    type(dialog, 'Email', 'person03.lopez@demo.school');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('It belongs to Person03 Lopez (Student, Active).')).toBeTruthy();
    expect(typedIn(dialog, 'First name')).toBe('Kimberly');
    expect(server.users.find((u) => u.id === 'user-4')?.fname).toBe('Person04');
  });

  it('is offered only with users-update', async () => {
    await renderPage(['users-create']);
    expect(screen.queryByRole('button', { name: 'Edit Person04 Kim' })).toBeNull();
  });
});

describe('Print staff badge', () => {
  it('is offered only with timesheets-view_any, and only for active staff', async () => {
    const first = await renderPage(['users-update']);
    expect(screen.queryByRole('button', { name: 'Print staff badge for Person04 Kim' })).toBeNull();
    first.unmount();
    await renderPage();
    expect(screen.getByRole('button', { name: 'Print staff badge for Person04 Kim' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Print staff badge for Person03 Lopez' })).toBeNull();
  });

  it('says a new badge stops the old one, then shows the card with the name, the school and the QR', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Print staff badge for Person04 Kim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Staff badge for Person04 Kim' });
    expect(within(dialog).getByText(/A new badge stops the old one at once/)).toBeTruthy();
    expect(server.calls('POST', 'v2/timesheets/badge')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make a new badge' }));
    const card = await within(dialog).findByRole('group', { name: 'Staff badge of Person04 Kim' });
    expect(server.calls('POST', 'v2/timesheets/badge')[0]?.body).toEqual({ user_id: 'user-4' });
    expect(within(card).getByText('Person04 Kim')).toBeTruthy();
    expect(within(card).getByText('Demo')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Badge QR code of Person04 Kim' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Print' })).toBeTruthy();
  });
});

describe('Status filter', () => {
  it('lists the deactivated accounts only, kept in the URL', async () => {
    server.users = server.users.map((u) => (u.id === 'user-1' ? { ...u, active: false } : u));
    const view = await renderPage();
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'deactivated' } });
    await waitFor(() => expect(server.calls('GET', 'v2/users').at(-1)?.query.get('filter[active]')).toBe('false'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByRole('cell', { name: 'Person01 Nguyen' })).toBeTruthy();
    expect(view.location().search).toBe('?status=deactivated');
  });
});
