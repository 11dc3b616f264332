import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIONS, DEFAULT_ROLES, RESOURCES } from '../../../contract/permissions';
import { renderWithProviders } from '../../../test/render-with-providers';
import { clearNotifications, getSnapshot } from '../../../ui/notifications';
import { FakeAdminServer } from '../test/fake-admin-server';
import RolesPermissionsPage from './roles-permissions-page';

let server: FakeAdminServer;

beforeEach(() => {
  server = new FakeAdminServer().install();
  clearNotifications();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderPage() {
  const view = await renderWithProviders(<RolesPermissionsPage />, { route: '/admin' });
  await waitFor(() => cell('Front Office: Photos — View'));
  return view;
}

/**
 * The checkbox with this accessible name (its aria-label). Looked up by the attribute: role and label queries compute
 * the accessible name of every element of a 165-checkbox table, which takes seconds per query in jsdom.
 */
function findCell(name: string): HTMLInputElement | null {
  const boxes = document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
  return [...boxes].find((box) => box.getAttribute('aria-label') === name) ?? null;
}
function cell(name: string): HTMLInputElement {
  const box = findCell(name);
  if (!box) throw new Error(`No checkbox named "${name}"`);
  return box;
}

async function openRoleMenu(role: string, item: 'Edit role' | 'Delete role') {
  act(() => screen.getByRole('button', { name: `Actions for ${role}` }).click());
  const menuItem = await screen.findByRole('menuitem', { name: item });
  fireEvent.click(menuItem);
  return screen.findByRole(item === 'Edit role' ? 'dialog' : 'alertdialog');
}

describe('Roles and Permissions', () => {
  it('shows every permission of the catalogue for every role, ticked where granted', async () => {
    await renderPage();
    expect(document.querySelectorAll('input[type="checkbox"]')).toHaveLength(RESOURCES.length * ACTIONS.length * 3);
    expect(screen.getByText('Meal records (NSLP)').closest('th')?.getAttribute('scope')).toBe('rowgroup');
    const viewAll = screen.getAllByText('View all');
    expect(viewAll).toHaveLength(RESOURCES.length);
    expect(viewAll[0]?.closest('th')?.getAttribute('scope')).toBe('row');
    expect(cell('Front Office: Demographics — Create').checked).toBe(true);
    expect(cell('Front Office: Demographics — Delete').checked).toBe(false);
    expect(cell('Cafeteria: Meal records (NSLP) — Update').checked).toBe(true);
    expect(cell('Administrator: Audit events — View all').checked).toBe(true);
    expect(screen.getByText('Administrator').closest('th')?.textContent).toContain('1 user');
  });

  it('a tick changes nothing until saved; the save says what will change, then Saved with an Undo', async () => {
    await renderPage();
    fireEvent.click(cell('Cafeteria: Demographics — Create'));
    fireEvent.click(cell('Front Office: Check-ins — Update'));
    fireEvent.click(cell('Front Office: Roles — Create'));
    fireEvent.click(cell('Front Office: Meal records (NSLP) — View all'));
    // Nothing is sent by a tick: the cells are marked and counted.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls('POST', 'v2/roles')).toHaveLength(0);
    expect(cell('Cafeteria: Demographics — Create (not saved yet)').checked).toBe(true);
    expect(cell('Front Office: Check-ins — Update (not saved yet)').checked).toBe(false);
    expect(cell('Front Office: Roles — Create (not saved yet)').closest('td')?.dataset.changed).toBe('true');
    expect(cell('Front Office: Photos — View').closest('td')?.dataset.changed).toBeUndefined();
    const bar = screen.getByRole('region', { name: 'Permission changes not saved' });
    expect(within(bar).getByText('4 changes not saved yet')).toBeTruthy();

    fireEvent.click(within(bar).getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Save these permission changes?' });
    // One line per role, in plain words, with the names the matrix shows.
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Cafeteria: gains Demographics — Create',
      'Front Office: gains Meal records (NSLP) — View all and Roles — Create; loses Check-ins — Update',
    ]);
    expect(server.calls('POST', 'v2/roles')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const saved = await screen.findByText('Saved the permissions of Cafeteria and Front Office.');
    expect(server.calls('POST', 'v2/roles/role-office')[0]?.body).toEqual({
      _method: 'PATCH',
      grant: ['nslp_records-view_any', 'roles-create'],
      revoke: ['check_ins-update'],
    });
    expect(server.calls('POST', 'v2/roles/role-cafeteria')[0]?.body).toEqual({
      _method: 'PATCH',
      grant: ['demographics-create'],
    });
    expect(server.roles.find((r) => r.id === 'role-office')?.permissions).toContain('roles-create');
    expect(cell('Cafeteria: Demographics — Create').checked).toBe(true);
    expect(cell('Front Office: Check-ins — Update').checked).toBe(false);
    expect(screen.queryByRole('region', { name: 'Permission changes not saved' })).toBeNull();

    fireEvent.click(within(saved.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Undo' }));
    await screen.findByText('The permissions are back as they were.');
    expect(server.calls('POST', 'v2/roles/role-cafeteria')[1]?.body).toEqual({
      _method: 'PATCH',
      revoke: ['demographics-create'],
    });
    expect(server.calls('POST', 'v2/roles/role-office')[1]?.body).toEqual({
      _method: 'PATCH',
      grant: ['check_ins-update'],
      revoke: ['nslp_records-view_any', 'roles-create'],
    });
    const office = server.roles.find((r) => r.id === 'role-office');
    expect(office?.permissions).toEqual([...(DEFAULT_ROLES['Front Office'] ?? [])].sort());
    expect(cell('Cafeteria: Demographics — Create').checked).toBe(false);
    expect(cell('Front Office: Check-ins — Update').checked).toBe(true);
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('says when the undo fails and keeps it on offer', async () => {
    await renderPage();
    fireEvent.click(cell('Cafeteria: Demographics — Create'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Save these permission changes?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved the permissions of Cafeteria.');
    server.offline = true;
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText(/^The undo did not go through\. The administration screens need a connection/),
    ).toBeTruthy();
    expect(server.roles.find((r) => r.id === 'role-cafeteria')?.permissions).toContain('demographics-create');
    server.offline = false;
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await screen.findByText('The permissions are back as they were.');
    expect(server.roles.find((r) => r.id === 'role-cafeteria')?.permissions).not.toContain('demographics-create');
  });

  it('keeps what failed ticked and in the dialog, says what failed, and saves it on the next try', async () => {
    await renderPage();
    fireEvent.click(cell('Cafeteria: Demographics — Create'));
    fireEvent.click(cell('Front Office: Check-ins — Update'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Save these permission changes?' });
    server.failNext('POST', /^v2\/roles\/role-office$/, 500, { message: 'Internal details' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Saved the permissions of Cafeteria. The permissions of Front Office were not saved. Server Error. Please try again in a few minutes.',
      ),
    ).toBeTruthy();
    // Only what is still to save is listed; the cafeteria's change went through and is no longer pending.
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Front Office: loses Check-ins — Update']);
    expect(server.roles.find((r) => r.id === 'role-office')?.permissions).toContain('check_ins-update');
    expect(cell('Front Office: Check-ins — Update (not saved yet)').checked).toBe(false);
    expect(cell('Cafeteria: Demographics — Create').checked).toBe(true);
    expect(screen.getByText('1 change not saved yet')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.calls('POST', 'v2/roles/role-office')).toHaveLength(2);
    expect(server.calls('POST', 'v2/roles/role-cafeteria')).toHaveLength(1);
    expect(server.roles.find((r) => r.id === 'role-office')?.permissions).not.toContain('check_ins-update');
    expect(screen.queryByRole('region', { name: 'Permission changes not saved' })).toBeNull();
    expect(screen.getByText('Saved the permissions of Front Office.')).toBeTruthy();
  });

  it('discards the changes without sending anything; a box ticked back is no change', async () => {
    await renderPage();
    fireEvent.click(cell('Front Office: Check-ins — Update'));
    fireEvent.click(cell('Front Office: Check-ins — Update (not saved yet)'));
    expect(screen.queryByRole('region', { name: 'Permission changes not saved' })).toBeNull();
    fireEvent.click(cell('Front Office: Check-ins — Update'));
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(cell('Front Office: Check-ins — Update').checked).toBe(true);
    expect(server.calls('POST', 'v2/roles/role-office')).toHaveLength(0);
  });

  it('keeps the change and says why when the last administrator would lose the right', async () => {
    await renderPage();
    fireEvent.click(cell('Administrator: Roles — Update'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Save these permission changes?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'The permissions of Administrator were not saved. The last administrator cannot lose the right to administer.',
      ),
    ).toBeTruthy();
    expect(server.calls('POST', 'v2/roles/role-admin')[0]?.body).toEqual({
      _method: 'PATCH',
      revoke: ['roles-update'],
    });
    expect(server.roles.find((r) => r.id === 'role-admin')?.permissions).toContain('roles-update');
    // The change is still there to fix or discard.
    expect(cell('Administrator: Roles — Update (not saved yet)').checked).toBe(false);
    expect(screen.queryByText(/^Saved the permissions/)).toBeNull();
  });

  it('refuses an empty name before sending anything, in red on the field', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Add role' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(within(dialog).getByText('This form is incomplete. Please correct the fields in red.')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: /Name/ }).getAttribute('aria-invalid')).toBe('true');
    expect(server.calls('POST', 'v2/roles')).toHaveLength(0);
  });

  it("shows the server's duplicate-name refusal on the field and keeps what was typed", async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Add role' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: /Name/ }) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'cafeteria' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: 'Lunch line' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await within(dialog).findByText('A role with this name exists.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.value).toBe('cafeteria');
    expect(server.calls('POST', 'v2/roles')[0]?.body).toEqual({ name: 'cafeteria', description: 'Lunch line' });
  });

  it('keeps the dialog and what was typed when the connection is lost', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Add role' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: /Name/ }) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Nurse' } });
    server.offline = true;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await within(dialog).findByText(/The administration screens need a connection/)).toBeTruthy();
    expect(name.value).toBe('Nurse');
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('creates a role that then has its own column', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Add role' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: '  Nurse ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    await waitFor(() => cell('Nurse: Photos — View'));
    expect(server.calls('POST', 'v2/roles')[0]?.body).toEqual({ name: 'Nurse', description: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('renames a role', async () => {
    await renderPage();
    const dialog = await openRoleMenu('Cafeteria', 'Edit role');
    const name = within(dialog).getByRole('textbox', { name: /Name/ }) as HTMLInputElement;
    expect(name.value).toBe('Cafeteria');
    fireEvent.change(name, { target: { value: 'Kitchen' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => cell('Kitchen: Photos — View'));
    expect(server.calls('POST', 'v2/roles/role-cafeteria')[0]?.body).toEqual({
      _method: 'PATCH',
      name: 'Kitchen',
      description: null,
    });
    // The toast is a sentence naming what was saved.
    expect(getSnapshot().current?.text).toBe('Role “Kitchen” saved.');
  });

  it('confirms a delete naming the role and its holders', async () => {
    await renderPage();
    const dialog = await openRoleMenu('Front Office', 'Delete role');
    expect(within(dialog).getByText('Delete the role “Front Office”?')).toBeTruthy();
    expect(within(dialog).getByText('7 users hold it and will lose its permissions.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete role' }));
    await waitFor(() => expect(findCell('Front Office: Photos — View')).toBeNull());
    expect(server.calls('DELETE', 'v2/roles/role-office')).toHaveLength(1);
  });

  it('says the screen needs a connection when offline, and recovers with Retry', async () => {
    server.offline = true;
    await renderWithProviders(<RolesPermissionsPage />, { route: '/admin' });
    expect(await screen.findByText(/The administration screens need a connection/, {}, { timeout: 4000 })).toBeTruthy();
    server.offline = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => cell('Cafeteria: Photos — View'));
  });

  it("shows the server's refusal with Retry", async () => {
    server.failNext('GET', /^v2\/roles$/, 403, { message: 'You do not have permission to do that.' });
    await renderWithProviders(<RolesPermissionsPage />, { route: '/admin' });
    expect(await screen.findByText('You do not have permission to do that.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(document.querySelectorAll('input[type="checkbox"]')).toHaveLength(0);
  });
});
