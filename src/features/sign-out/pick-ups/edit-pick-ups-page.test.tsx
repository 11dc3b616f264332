import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import EditPickUpsPage from './edit-pick-ups-page';
import { FakePickUpsServer, makeAdult, makeScholar, testId } from './test/fake-pick-ups-server';
import { renderPickUps, testServices } from './test/render-pick-ups';

const ana = makeScholar(testId(1), 'Ana', 'Garcia');
let server: FakePickUpsServer;
let services: ReturnType<typeof testServices>;

function adults() {
  const list = [
    makeAdult(testId(101), ana.id, 'Rosa Delgado', { relationship: 'Grandmother', photo_id: 'photo-rosa' }),
    makeAdult(testId(102), ana.id, 'Marco Ruiz', { status: 'not_authorized', notes: 'Custody order 2026-044' }),
  ];
  for (let i = 0; i < 12; i++) list.push(makeAdult(testId(200 + i), ana.id, `Walker ${String(i).padStart(2, '0')}`));
  return list;
}

beforeEach(() => {
  server = new FakePickUpsServer([ana], adults()).install();
  server.photos.set('photo-rosa', new Blob([new Uint8Array(10)], { type: 'image/jpeg' }));
  services = testServices();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderPage(route = `/sign-out/edit-authorized-pick-ups?scholar=${ana.id}`) {
  const view = await renderPickUps(<EditPickUpsPage />, services, { route });
  return view;
}
const list = () => screen.findByRole('list', { name: 'Pick-up adults' });
const card = async (name: string) => within(await list()).findByRole('listitem', { name });

describe('Edit Authorized Pick-Ups', () => {
  it('finds a scholar and lists their adults ten a page, with photos, the refusal in red and its note', async () => {
    const view = await renderPage('/sign-out/edit-authorized-pick-ups');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a scholar by name or student number' }), {
      target: { value: 'ana' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Ana Garcia' }));
    expect(await screen.findByRole('heading', { name: 'Pick-up adults of Ana Garcia' })).toBeTruthy();
    expect(view.location().search).toBe(`?scholar=${ana.id}`);
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(10);
    const query = server.calls('GET', 'v2/authorized_pick_ups').at(-1)?.query;
    expect(query?.get('filter[scholar_id]')).toBe(ana.id);
    expect(query?.get('filter[active]')).toBe('true');
    expect(query?.get('per_page')).toBe('10');
    const marco = await card('Marco Ruiz');
    expect(marco.textContent).toContain('Not authorized');
    expect(marco.textContent).toContain('Custody order 2026-044');
    await waitFor(() => expect(server.calls('GET', 'v2/photos/photo-rosa')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Pick-up adults' })).getAllByRole('listitem')).toHaveLength(4),
    );
    expect(view.location().search).toContain('page=2');
  });

  it('edits an adult with a new photo as multipart with _method PATCH', async () => {
    await renderPage();
    fireEvent.click(within(await card('Rosa Delgado')).getByRole('button', { name: 'Edit Rosa Delgado' }));
    const form = await screen.findByRole('form', { name: 'Edit Rosa Delgado' });
    expect((within(form).getByLabelText(/Relationship/) as HTMLInputElement).value).toBe('Grandmother');
    fireEvent.change(within(form).getByLabelText(/Phone/), { target: { value: '626 555 0100' } });
    fireEvent.change(within(form).getByLabelText('Upload a photo'), {
      target: { files: [new File([new Uint8Array(900)], 'new.png', { type: 'image/png' })] },
    });
    await within(form).findByRole('button', { name: 'Keep the saved photo' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('status')).textContent).toContain('Rosa Delgado saved.');
    const [patch] = server.calls('POST', `v2/authorized_pick_ups/${testId(101)}`);
    expect(patch?.fields).toMatchObject({ _method: 'PATCH', phone: '626 555 0100', full_name: 'Rosa Delgado' });
    expect(patch?.files.photo?.type).toBe('image/jpeg');
    expect(server.adults.find((a) => a.id === testId(101))?.photo_id).not.toBe('photo-rosa');
    expect(services.syncNow).toHaveBeenCalled();
  });

  it('keeps the edit and shows the field when a refusal loses its note', async () => {
    await renderPage();
    fireEvent.click(within(await card('Marco Ruiz')).getByRole('button', { name: 'Edit Marco Ruiz' }));
    const form = await screen.findByRole('form', { name: 'Edit Marco Ruiz' });
    fireEvent.change(within(form).getByLabelText(/Notes/), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(form).findAllByText('Say why this adult may not pick up (for example, the custody order).'),
    ).not.toHaveLength(0);
    expect(server.calls('POST', 'v2/authorized_pick_ups/')).toEqual([]);
  });

  it('deactivates an adult after a confirmation', async () => {
    await renderPage();
    fireEvent.click(within(await card('Marco Ruiz')).getByRole('button', { name: 'Deactivate Marco Ruiz' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate this pick-up adult?' });
    expect(dialog.textContent).toContain('Marco Ruiz will no longer be offered on the pick-up line for Ana Garcia');
    expect(server.calls('POST', 'v2/authorized_pick_ups/')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect((await screen.findByRole('status')).textContent).toContain('Marco Ruiz deactivated.');
    const [patch] = server.calls('POST', `v2/authorized_pick_ups/${testId(102)}`);
    expect(patch?.fields).toEqual({ _method: 'PATCH', active: 'false' });
    await waitFor(async () => expect(within(await list()).queryByRole('listitem', { name: 'Marco Ruiz' })).toBeNull());
  });

  it('says when the scholar has no adults, and when the list cannot be reached', async () => {
    server.adults = [];
    await renderPage();
    expect(await screen.findByText('This scholar has no pick-up adults yet.')).toBeTruthy();
    server.offline = true;
    const view = await renderPage(`/sign-out/edit-authorized-pick-ups?scholar=${testId(9)}`);
    expect(await screen.findAllByText(/You are offline/)).not.toHaveLength(0);
    view.unmount();
  });
});
