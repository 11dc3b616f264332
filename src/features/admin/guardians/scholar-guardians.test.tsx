import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { clearNotifications } from '../../../ui/notifications';
import { ScholarGuardians } from './scholar-guardians';
import { FakeGuardiansServer } from './test/fake-guardians-server';

let server: FakeGuardiansServer;
beforeEach(() => {
  server = new FakeGuardiansServer().install();
  clearNotifications();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const section = () => screen.getByRole('region', { name: 'Guardians' });
const itemOf = (name: string) =>
  within(section())
    .getByRole('link', { name: `Open ${name}` })
    .closest('li') as HTMLElement;
const render = () => renderWithProviders(<ScholarGuardians scholarId="s-0001" />, { route: '/admin/scholars/s-0001' });

describe('ScholarGuardians', () => {
  it("lists the scholar's guardians with the relationship, pick-up and a link to their page", async () => {
    server.link('g-01', 's-0001', { relationship: 'father', may_pick_up: true });
    server.link('g-02', 's-0001', { relationship: 'grandparent' });
    server.link('g-03', 's-0002');
    await render();
    await waitFor(() => expect(within(section()).getAllByRole('listitem')).toHaveLength(2));
    const father = within(itemOf('Parent01 Nguyen'));
    expect(father.getByText('Father')).toBeTruthy();
    expect(father.getByText('May pick up')).toBeTruthy();
    expect(within(section()).getByRole('link', { name: 'Open Parent01 Nguyen' }).getAttribute('href')).toBe(
      '/admin/guardians/g-01',
    );
    expect(within(itemOf('Parent02 Smith')).getByText('Does not pick up')).toBeTruthy();
    expect(server.calls('GET', 'v2/guardianships')[0]?.query.get('filter[scholar_id]')).toBe('s-0001');
  });

  it('offers only the actions the permissions allow', async () => {
    server.link('g-01', 's-0001');
    await renderWithProviders(
      <ScholarGuardians scholarId="s-0001" permissions={['guardianships-view_any', 'guardianships-update']} />,
    );
    await waitFor(() => expect(itemOf('Parent01 Nguyen')).toBeTruthy());
    expect(within(itemOf('Parent01 Nguyen')).getByRole('button', { name: /^Change/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unlink Parent01 Nguyen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a guardian' })).toBeNull();
  });

  it('adds an existing guardian found by search; one already linked cannot be chosen again', async () => {
    server.link('g-01', 's-0001');
    await render();
    await waitFor(() => expect(itemOf('Parent01 Nguyen')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Add a guardian' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search guardians by name, email or phone' }), {
      target: { value: 'parent0' },
    });
    const linked = (await screen.findByRole('button', { name: 'Choose Parent01 Nguyen' })) as HTMLButtonElement;
    expect(linked.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Choose Parent05 Patel' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Relationship' }), { target: { value: 'other' } });
    // Linked meanwhile elsewhere: said, and the choice stays for another try.
    server.failNext('POST', /^v2\/guardianships$/, 409, {
      message: 'This guardian is already linked to this scholar.',
      errors: { scholar_id: ['This guardian is already linked to this scholar.'] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('Already linked.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Relationship' }) as HTMLSelectElement).value).toBe('other');
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(itemOf('Parent05 Patel')).toBeTruthy());
    expect(within(itemOf('Parent05 Patel')).getByText('Other')).toBeTruthy();
    expect(server.links.at(-1)).toMatchObject({ parent_id: 'g-05', scholar_id: 's-0001', relationship: 'other' });
  });

  it('creates a new guardian inline, showing the field errors, then links them', async () => {
    await render();
    expect(await within(section()).findByText('No guardians linked yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a guardian' }));
    fireEvent.click(screen.getByRole('button', { name: 'New guardian' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^First name/ }), { target: { value: 'Rosa' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Last name/ }), { target: { value: 'Vega' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'office@demo.school' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add guardian' }));
    expect(await screen.findByText('Sam Office (staff) already uses this email.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'rosa.vega@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add guardian' }));
    expect(await screen.findByText('Linking Rosa Vega')).toBeTruthy();
    const pickUp = screen.getByRole('checkbox', { name: 'May pick up' }) as HTMLInputElement;
    fireEvent.click(pickUp);
    await waitFor(() => expect(pickUp.checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(itemOf('Rosa Vega')).toBeTruthy());
    const created = server.guardians.find((g) => g.email === 'rosa.vega@example.com');
    expect(server.links.at(-1)).toMatchObject({ parent_id: created?.id, scholar_id: 's-0001', may_pick_up: true });
  });

  it('changes the relationship and pick-up, and unlinks after confirming', async () => {
    server.link('g-01', 's-0001');
    await render();
    await waitFor(() => expect(itemOf('Parent01 Nguyen')).toBeTruthy());
    fireEvent.click(
      within(itemOf('Parent01 Nguyen')).getByRole('button', { name: 'Change the link of Parent01 Nguyen' }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Relationship' }), { target: { value: 'guardian' } });
    const pickUp = within(dialog).getByRole('checkbox', { name: 'May pick up' }) as HTMLInputElement;
    fireEvent.click(pickUp);
    await waitFor(() => expect(pickUp.checked).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(itemOf('Parent01 Nguyen')).getByText('Legal guardian')).toBeTruthy());
    expect(within(itemOf('Parent01 Nguyen')).getByText('May pick up')).toBeTruthy();
    expect(server.calls('POST', 'v2/guardianships/l-1')[0]?.body).toEqual({
      _method: 'PATCH',
      relationship: 'guardian',
      may_pick_up: true,
    });

    fireEvent.click(within(itemOf('Parent01 Nguyen')).getByRole('button', { name: 'Unlink Parent01 Nguyen' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.links).toHaveLength(1);
    fireEvent.click(within(itemOf('Parent01 Nguyen')).getByRole('button', { name: 'Unlink Parent01 Nguyen' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(within(section()).getByText('No guardians linked yet.')).toBeTruthy());
    expect(server.links).toHaveLength(0);
  });
});
