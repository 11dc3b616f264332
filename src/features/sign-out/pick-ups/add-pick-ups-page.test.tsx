import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AddPickUpsPage from './add-pick-ups-page';
import { FakePickUpsServer, makeScholar, testId } from './test/fake-pick-ups-server';
import { renderPickUps, testServices } from './test/render-pick-ups';

const ana = makeScholar(testId(1), 'Ana', 'Garcia');
const luis = makeScholar(testId(2), 'Luis', 'Garcia', { grade: '5' });
const mei = makeScholar(testId(3), 'Mei', 'Chen');

let server: FakePickUpsServer;
let services: ReturnType<typeof testServices>;

beforeEach(() => {
  server = new FakePickUpsServer([ana, luis, mei]).install();
  services = testServices();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderPage(route = '/sign-out/add-authorized-pick-ups') {
  const view = await renderPickUps(<AddPickUpsPage />, services, { route });
  await screen.findByRole('form', { name: 'Add a pick-up adult' });
  return view;
}

const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;
const chosen = () => screen.queryByRole('list', { name: 'Chosen scholars' });

async function choose(search: string, name: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Find a scholar by name or student number' }), {
    target: { value: search },
  });
  fireEvent.click(await screen.findByRole('button', { name: `Add ${name}` }));
  await waitFor(() => expect(within(chosen() as HTMLElement).getByText(name, { exact: false })).toBeTruthy());
}

async function upload() {
  const file = new File([new Uint8Array(5000)], 'face.png', { type: 'image/png' });
  fireEvent.change(screen.getByLabelText('Upload a photo'), { target: { files: [file] } });
  await waitFor(() => expect(services.preparePhoto).toHaveBeenCalled());
  await screen.findByRole('button', { name: 'Remove the photo' });
}

function fill({ name = 'Rosa Delgado', relationship = 'Grandmother', phone = '(213) 555-0199' } = {}) {
  fireEvent.change(field(/Full name/), { target: { value: name } });
  fireEvent.change(field(/Relationship/), { target: { value: relationship } });
  fireEvent.change(field(/Phone/), { target: { value: phone } });
}

const save = (name: RegExp = /^Save/) => fireEvent.click(screen.getByRole('button', { name }));

describe('Add Authorized Pick-Ups', () => {
  it('adds an adult with a photo for the scholar of the link, as multipart, then syncs the device', async () => {
    await renderPage(`/sign-out/add-authorized-pick-ups?scholar=${ana.id}`);
    await waitFor(() => expect(within(chosen() as HTMLElement).getByText(/Ana Garcia/)).toBeTruthy());
    fill();
    await upload();
    save(/Save the pick-up adult/);
    expect((await screen.findByRole('status', {}, { timeout: 5000 })).textContent).toContain(
      'Rosa Delgado saved for Ana Garcia.',
    );
    const [post] = server.calls('POST', 'v2/authorized_pick_ups');
    expect(post?.path).toBe('v2/authorized_pick_ups');
    expect(post?.fields).toMatchObject({
      id: expect.any(String),
      scholar_id: ana.id,
      full_name: 'Rosa Delgado',
      relationship: 'Grandmother',
      phone: '(213) 555-0199',
      status: 'authorized',
    });
    expect(post?.files.photo).toEqual({ type: 'image/jpeg', size: expect.any(Number) });
    expect(server.adults).toHaveLength(1);
    expect(server.adults[0]?.photo_id).toBeTruthy();
    expect(services.syncNow).toHaveBeenCalled();
    // Ready for the next adult of the same scholar.
    expect(field(/Full name/).value).toBe('');
    expect(chosen()).toBeTruthy();
  });

  it('adds one adult for two siblings at once through the batch', async () => {
    await renderPage();
    await choose('garcia', 'Ana Garcia');
    await choose('luis', 'Luis Garcia');
    fill({ name: 'Ana Hermanos', relationship: 'Aunt' });
    await upload();
    save(/Save for 2 scholars/);
    expect((await screen.findByRole('status')).textContent).toContain('Ana Hermanos saved for 2 scholars');
    const [post] = server.calls('POST', 'v2/authorized_pick_ups/batch');
    expect(post?.fields['scholar_ids[]']).toEqual([ana.id, luis.id]);
    expect(post?.fields['ids[]']).toHaveLength(2);
    expect(Object.keys(post?.files ?? {})).toEqual(['photo']);
    expect(server.adults.map((a) => a.scholar_id)).toEqual([ana.id, luis.id]);
    expect(new Set(server.adults.map((a) => a.photo_id)).size).toBe(1);
  });

  it('a refusal needs its note: the notes field says so and nothing is sent', async () => {
    await renderPage();
    await choose('mei', 'Mei Chen');
    fill({ name: 'Marco Ruiz', relationship: 'Father' });
    fireEvent.change(screen.getByRole('combobox', { name: /Status/ }), { target: { value: 'not_authorized' } });
    save();
    expect(
      await screen.findByText('Say why this adult may not pick up (for example, the custody order).', {
        selector: '.chakra-field__errorText, [data-part="error-text"]',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('This form is incomplete');
    expect(server.calls('POST', 'v2/authorized_pick_ups')).toEqual([]);
    fireEvent.change(field(/Notes/), { target: { value: 'Custody order 2026-044' } });
    save();
    await screen.findByRole('status');
    expect(server.adults[0]).toMatchObject({ status: 'not_authorized', notes: 'Custody order 2026-044' });
  });

  it('says which fields are wrong without a scholar or a name', async () => {
    await renderPage();
    save();
    expect(await screen.findByText('Choose at least one scholar.')).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(server.calls('POST', 'v2/authorized_pick_ups')).toEqual([]);
  });

  it('offline, says so and keeps everything typed and the photo; the same rows are sent again later', async () => {
    await renderPage(`/sign-out/add-authorized-pick-ups?scholar=${ana.id}`);
    await waitFor(() => expect(chosen()).toBeTruthy());
    fill();
    await upload();
    server.offline = true;
    save();
    expect((await screen.findByRole('alert')).textContent).toContain('You are offline, so this was not saved');
    expect(field(/Full name/).value).toBe('Rosa Delgado');
    expect(field(/Relationship/).value).toBe('Grandmother');
    expect(screen.getByRole('img', { name: 'New photo' })).toBeTruthy();
    expect(within(chosen() as HTMLElement).getByText(/Ana Garcia/)).toBeTruthy();
    const firstId = server.calls('POST', 'v2/authorized_pick_ups')[0]?.fields.id;
    server.offline = false;
    save();
    await screen.findByRole('status');
    expect(server.calls('POST', 'v2/authorized_pick_ups')[1]?.fields.id).toBe(firstId);
  });

  it("shows the server's refusal next to its field", async () => {
    await renderPage(`/sign-out/add-authorized-pick-ups?scholar=${ana.id}`);
    await waitFor(() => expect(chosen()).toBeTruthy());
    fill();
    server.failNext('POST', /^v2\/authorized_pick_ups$/, 422, {
      message: 'Must be a phone number.',
      errors: { phone: ['Must be a phone number.'] },
    });
    save();
    expect(await screen.findByText('Must be a phone number.')).toBeTruthy();
    expect(field(/Phone/).value).toBe('(213) 555-0199');
    expect(server.adults).toEqual([]);
  });

  it("says when the link's scholar cannot be loaded, offline or not found", async () => {
    await renderPage(`/sign-out/add-authorized-pick-ups?scholar=${testId(99)}`);
    expect((await screen.findByRole('alert')).textContent).toContain('No such record.');
    expect(screen.getByText('No scholar chosen yet. Search below.')).toBeTruthy();
  });
});
