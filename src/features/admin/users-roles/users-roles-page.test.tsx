import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, csvRows } from '../../../test/csv-capture';
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

async function renderPage(route = '/admin/users-roles') {
  const view = await renderWithProviders(<UsersRolesPage />, { route });
  await screen.findByRole('table');
  return view;
}

const lastListQuery = () => server.calls('GET', 'v2/users').at(-1)?.query;
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
/** Clicks a checkbox and waits until it shows the change, as a user would before the next click. */
async function toggle(box: HTMLInputElement, checked: boolean) {
  fireEvent.click(box);
  await waitFor(() => expect(box.checked).toBe(checked));
}
const rowOf = (name: string) => {
  const row = screen.getByRole('cell', { name }).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

describe('Users and Roles', () => {
  it('lists 25 users a page, sorted by name, with email, type, status and roles', async () => {
    await renderPage();
    expect(bodyRows()).toHaveLength(25);
    const query = lastListQuery();
    expect(query?.get('per_page')).toBe('25');
    expect(query?.get('page')).toBe('1');
    expect(query?.get('sort')).toBe('lname');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    const row = within(rowOf('Person04 Kim'));
    expect(row.getByText('person04.kim@demo.school')).toBeTruthy();
    expect(row.getByText('Staff')).toBeTruthy();
    expect(row.getByText('Active')).toBeTruthy();
    expect(row.getByText('Front Office')).toBeTruthy();
    expect(within(rowOf('Person03 Lopez')).getByText('No roles')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('searches by name or email after typing pauses and keeps the search in the URL', async () => {
    const view = await renderPage();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users by name or email' }), {
      target: { value: 'ada' },
    });
    await waitFor(() => expect(lastListQuery()?.get('search')).toBe('ada'));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByRole('cell', { name: 'Ada Admin' })).toBeTruthy();
    expect(view.location().search).toBe('?search=ada');
  });

  it('filters by type and by role, back to page 1', async () => {
    const view = await renderPage('/admin/users-roles?page=2');
    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'student' } });
    await waitFor(() => expect(lastListQuery()?.get('filter[type]')).toBe('student'));
    expect(lastListQuery()?.get('page')).toBe('1');
    await waitFor(() => expect(bodyRows()).toHaveLength(9));
    expect(bodyRows().every((row) => within(row).queryByText('Student'))).toBe(true);

    await waitFor(() => within(screen.getByRole('combobox', { name: 'Role' })).getByText('Front Office'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: 'role-office' } });
    await waitFor(() => expect(lastListQuery()?.get('filter[role_id]')).toBe('role-office'));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(new URLSearchParams(view.location().search).get('role')).toBe('role-office');
    expect(new URLSearchParams(view.location().search).get('type')).toBe('student');
  });

  it('sorts by email from the column header', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: /Email/ }));
    await waitFor(() => expect(lastListQuery()?.get('sort')).toBe('email'));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Email/ }).getAttribute('aria-sort')).toBe('ascending'),
    );
    expect(within(bodyRows()[0] as HTMLElement).getByText('ada.admin@demo.school')).toBeTruthy();
  });

  it('asks for page 2 with the pager and keeps the page in the URL', async () => {
    const view = await renderPage();
    expect(screen.queryByRole('cell', { name: 'Person22 Smith' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastListQuery()?.get('page')).toBe('2'));
    await waitFor(() => expect(screen.getByText('Page 2 of 2')).toBeTruthy());
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(screen.getByRole('cell', { name: 'Person22 Smith' })).toBeTruthy();
    expect(view.location().search).toBe('?page=2');
  });

  it('starts from the list state in the URL', async () => {
    await renderPage('/admin/users-roles?search=kim&type=staff&sort=-email&page=1');
    const query = server.calls('GET', 'v2/users')[0]?.query;
    expect(query?.get('search')).toBe('kim');
    expect(query?.get('filter[type]')).toBe('staff');
    expect(query?.get('sort')).toBe('-email');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('kim');
    expect((screen.getByRole('combobox', { name: 'Type' }) as HTMLSelectElement).value).toBe('staff');
  });

  it('assigns and removes roles, sending the whole set as role_ids', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Change the roles of Person04 Kim' }));
    const dialog = await screen.findByRole('dialog');
    const office = (await within(dialog).findByRole('checkbox', { name: 'Front Office' })) as HTMLInputElement;
    const cafeteria = within(dialog).getByRole('checkbox', { name: 'Cafeteria' }) as HTMLInputElement;
    expect(office.checked).toBe(true);
    expect(cafeteria.checked).toBe(false);
    await toggle(office, false);
    await toggle(cafeteria, true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('POST', 'v2/users/user-4')).toHaveLength(1));
    expect(server.calls('POST', 'v2/users/user-4')[0]?.body).toEqual({
      _method: 'PATCH',
      role_ids: ['role-cafeteria'],
    });
    await waitFor(() => expect(within(rowOf('Person04 Kim')).getByText('Cafeteria')).toBeTruthy());
    expect(within(rowOf('Person04 Kim')).queryByText('Front Office')).toBeNull();
    expect(getSnapshot().current?.text).toBe('Roles of Person04 Kim saved.');
  });

  it('keeps the dialog and the ticks when the last administrator would lose the role', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Change the roles of Ada Admin' }));
    const dialog = await screen.findByRole('dialog');
    const admin = (await within(dialog).findByRole('checkbox', { name: 'Administrator' })) as HTMLInputElement;
    await toggle(admin, false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const refusal = 'The last administrator cannot lose the right to administer.';
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    expect(getSnapshot().current).toMatchObject({ text: refusal, type: 'error' });
    expect(admin.checked).toBe(false);
    expect(server.users.find((u) => u.id === 'user-admin')?.roles).toHaveLength(1);
  });

  it('deactivates after a confirmation that says sessions end, and reactivates', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Person01 Nguyen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/This ends all of their sessions/)).toBeTruthy();
    expect(server.calls('DELETE', 'v2/users')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(within(rowOf('Person01 Nguyen')).getByText('Inactive')).toBeTruthy());
    expect(server.calls('DELETE', 'v2/users/user-1')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Reactivate Person01 Nguyen' }));
    await waitFor(() => expect(within(rowOf('Person01 Nguyen')).getByText('Active')).toBeTruthy());
    expect(server.calls('POST', 'v2/users/user-1')[0]?.body).toEqual({ _method: 'PATCH', active: true });
  });

  it('says the screen needs a connection when offline and keeps what was typed', async () => {
    server.offline = true;
    const view = await renderWithProviders(<UsersRolesPage />, { route: '/admin/users-roles' });
    expect(await screen.findByText(/The administration screens need a connection/)).toBeTruthy();
    const search = screen.getByRole('searchbox') as HTMLInputElement;
    fireEvent.change(search, { target: { value: 'lopez' } });
    await waitFor(() => expect(view.location().search).toBe('?search=lopez'));
    await waitFor(() => expect(lastListQuery()?.get('search')).toBe('lopez'));
    // The search for 'lopez' fails too (after the client's own retries), and the screen says so again.
    expect(await screen.findByText(/The administration screens need a connection/)).toBeTruthy();
    expect(search.value).toBe('lopez');
    server.offline = false;
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(search.value).toBe('lopez');
  });

  it("shows the server's refusal with Retry", async () => {
    server.failNext('GET', /^v2\/users$/, 403, { message: 'You do not have permission to do that.' });
    await renderWithProviders(<UsersRolesPage />, { route: '/admin/users-roles' });
    expect(await screen.findByText('You do not have permission to do that.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table');
    expect(bodyRows()).toHaveLength(25);
  });

  it('says so when nobody matches', async () => {
    await renderWithProviders(<UsersRolesPage />, { route: '/admin/users-roles?search=nobody-by-this-name' });
    expect(await screen.findByText('No users match your search.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(lastListQuery()?.get('search')).toBe('nobody-by-this-name');
  });
});

describe('Users and Roles: Google sign-in', () => {
  it('tells the administrator when Google sign-in is not set up, and says nothing once it is', async () => {
    const first = await renderPage();
    expect(await screen.findByText(/Sign in with Google is not set up for this school/)).toBeTruthy();
    first.unmount();
    server.googleClientId = 'client.apps.googleusercontent.com';
    await renderPage();
    await waitFor(() => expect(server.calls('GET', 'v2/config').length).toBe(2));
    await screen.findByRole('heading', { name: 'Users and Roles' });
    // Past the answer's render: a note that came regardless would be on screen by now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(/Sign in with Google is not set up/)).toBeNull();
  });

  describe('Invite', () => {
    it('is offered only to those who may send invitations', async () => {
      await renderPage();
      expect(screen.queryByRole('button', { name: 'Invite Person04 Kim' })).toBeNull();
    });

    it('shows the printable letter with the link and its QR code when the server does not mail', async () => {
      await renderWithProviders(<UsersRolesPage permissions={['invitations-create']} />);
      await screen.findByRole('table');
      fireEvent.click(screen.getByRole('button', { name: 'Invite Person04 Kim' }));
      const letter = await screen.findByRole('article', { name: 'Invitation letter for Person04 Kim' });
      expect(server.calls('POST', 'v2/invitations')[0]?.body).toEqual({ user_id: 'user-4' });
      expect(within(letter).getByText(`https://school.test/set-password?token=${'t'.repeat(43)}`)).toBeTruthy();
      expect(within(letter).getByRole('img', { name: 'QR code of the invitation link for Person04 Kim' })).toBeTruthy();
      expect(within(letter).getByText('Demo')).toBeTruthy();
      expect(within(letter).queryByText(/Sign in with Google/)).toBeNull();
      expect(screen.getByRole('button', { name: 'Print the letter' })).toBeTruthy();
    });

    it('says where the mail went, with no letter to print', async () => {
      server.invitationDelivery = 'email';
      await renderWithProviders(<UsersRolesPage permissions={['invitations-create']} />);
      await screen.findByRole('table');
      fireEvent.click(screen.getByRole('button', { name: 'Invite Person04 Kim' }));
      expect(await screen.findByText('Sent to person04.kim@demo.school')).toBeTruthy();
      expect(screen.queryByRole('article')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Print the letter' })).toBeNull();
    });

    it('with Google sign-in, the letter says to use it', async () => {
      server.googleClientId = 'client.apps.googleusercontent.com';
      await renderWithProviders(<UsersRolesPage permissions={['invitations-create']} />);
      await screen.findByRole('table');
      fireEvent.click(screen.getByRole('button', { name: 'Invite Person04 Kim' }));
      const letter = await screen.findByRole('article', { name: 'Invitation letter for Person04 Kim' });
      expect(within(letter).getByText(/use “Sign in with Google”/)).toBeTruthy();
    });
  });
  it('exports every account the filters find, with their roles, as CSV', async () => {
    const downloads = captureDownloads();
    try {
      await renderPage('/admin/users-roles?type=staff&status=active');
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(downloads.count()).toBe(1));
      const exported = server.calls('GET', 'v2/users').filter((r) => r.query.get('per_page') !== '25');
      expect(
        exported.map((r) => [r.query.get('filter[type]'), r.query.get('filter[active]'), r.query.get('sort')]),
      ).toEqual([['staff', 'true', 'lname']]);
      const [file] = await downloads.files();
      expect(file?.name).toBe('users.csv');
      const rows = csvRows(file?.text ?? '');
      expect(rows[0]).toBe(
        'Last name,First name,Nickname,Email,Type,Number,Roles,Status,Exempt,Has a password,Signs in with Google',
      );
      expect(rows).toContain('Admin,Ada,,ada.admin@demo.school,Staff,,Administrator,Active,No,Yes,No');
      expect(rows).toContain('Kim,Person04,,person04.kim@demo.school,Staff,,Front Office,Active,No,Yes,No');
      expect(rows).toHaveLength(1 + server.users.filter((u) => u.type === 'staff' && u.active).length);
    } finally {
      downloads.restore();
    }
  });

  it('exports every page of the list, not only the one on screen', async () => {
    const downloads = captureDownloads();
    try {
      await renderPage();
      expect(bodyRows()).toHaveLength(25);
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(downloads.count()).toBe(1));
      const [file] = await downloads.files();
      expect(server.users.length).toBeGreaterThan(25);
      expect(csvRows(file?.text ?? '')).toHaveLength(1 + server.users.length);
    } finally {
      downloads.restore();
    }
  });
});
