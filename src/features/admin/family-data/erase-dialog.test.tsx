/**
 * The erase dialog's typed confirmation: the erase button stays disabled until the scholar's full name as shown is
 * typed (case and spacing aside), then sends who asked, the note and the name with the dialog's own id; a refusal of
 * the server is shown by its field and the dialog stays open with what was typed.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErasureRecord } from '../../../contract/scholar-data';
import { type BaseRecordedRequest, FakeServer, json, jsonBody } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render-with-providers';
import { EraseDialog } from './erase-dialog';

interface Recorded extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
}

/** `POST v2/demographics/{id}/erase` as the server answers it: 422 unless the confirmation is the shown name. */
class FakeEraseServer extends FakeServer<Recorded> {
  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<Recorded> {
    return { ...base, body: await jsonBody(request) };
  }
  protected route(_request: Request, { path, body }: Recorded): Response {
    if (path !== 'v2/demographics/s-1/erase') return json(404, { message: 'No such route.', code: 'not_found' });
    if (String(body?.confirmation).trim().replace(/\s+/g, ' ').toLowerCase() !== 'anita garcía') {
      const message = "Type the scholar's full name as shown to confirm.";
      return json(422, { message, code: 'validation', errors: { confirmation: [message] } });
    }
    const record: ErasureRecord = {
      id: String(body?.id),
      erased_by: 'u-1',
      erased_by_name: 'Ada Admin',
      erased_at: '2026-09-01T10:00:00.000Z',
      requested_by: 'guardian',
      request_note: String(body?.note),
      withdrawn_on: '2026-06-01',
      removed: { demographics: 1 },
    };
    return json(200, { data: record });
  }
}

let server: FakeEraseServer;
beforeEach(() => {
  server = new FakeEraseServer().install();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const scholar = { id: 's-1', fname: 'Ana', lname: 'García', nickname: 'Anita' };

async function open() {
  const onErased = vi.fn();
  await renderWithProviders(<EraseDialog scholar={scholar} open onClose={() => {}} onErased={onErased} />);
  await screen.findByRole('alertdialog', { name: "Erase Anita García's data" });
  return onErased;
}

const eraseButton = () => screen.getByRole('button', { name: 'Erase for good' }) as HTMLButtonElement;
const confirmation = () => screen.getByRole('textbox', { name: /Type the scholar's full name/ });

describe('the erase dialog', () => {
  it('keeps the erase disabled until the full name as shown is typed, then sends the request', async () => {
    const onErased = await open();
    fireEvent.change(screen.getByRole('combobox', { name: /Who asked for it/ }), { target: { value: 'guardian' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Note/ }), { target: { value: 'Email of 3 March' } });
    expect(eraseButton().disabled).toBe(true);
    fireEvent.change(confirmation(), { target: { value: 'Anita Garci' } });
    expect(eraseButton().disabled).toBe(true);
    fireEvent.change(confirmation(), { target: { value: 'Ana Lopez' } });
    expect(eraseButton().disabled).toBe(true);
    fireEvent.change(confirmation(), { target: { value: '  anita   GARCÍA ' } });
    expect(eraseButton().disabled).toBe(false);
    fireEvent.click(eraseButton());
    await waitFor(() => expect(onErased).toHaveBeenCalled());
    const [sent] = server.requests.filter((r) => r.method === 'POST');
    expect(sent?.body).toMatchObject({
      requested_by: 'guardian',
      note: 'Email of 3 March',
      confirmation: 'anita   GARCÍA',
    });
    expect(String(sent?.body?.id)).toMatch(/^[0-9a-f-]{36}$/);
    expect(onErased.mock.calls[0]?.[0]).toMatchObject({ id: sent?.body?.id });
  });

  it('says which field is missing before sending anything', async () => {
    const onErased = await open();
    fireEvent.change(confirmation(), { target: { value: 'Ana García' } });
    expect(eraseButton().disabled).toBe(false);
    fireEvent.click(eraseButton());
    expect(await screen.findByText(/This form is incomplete/)).toBeTruthy();
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThanOrEqual(1);
    expect(screen.getByText('Choose who asked for the erase.')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
    expect(onErased).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal by the confirmation field and keeps what was typed', async () => {
    const onErased = await open();
    fireEvent.change(screen.getByRole('combobox', { name: /Who asked for it/ }), { target: { value: 'school' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Note/ }), { target: { value: 'Records request' } });
    // The legal name passes the screen's check; this server wants the name as shown, so it refuses it.
    fireEvent.change(confirmation(), { target: { value: 'Ana García' } });
    fireEvent.click(eraseButton());
    expect(await screen.findByText("This is not the scholar's full name as shown.")).toBeTruthy();
    expect(confirmation().getAttribute('aria-invalid')).toBe('true');
    expect((confirmation() as HTMLInputElement).value).toBe('Ana García');
    expect(onErased).not.toHaveBeenCalled();
  });
});
